import { beijingStamp } from '@portal/shared/beijing-time';

/** Order number: DJ, the Beijing time yyyyMMddHHmmss, then the order id padded to 5 digits. */
export function orderNumber(id: number, createdAt: Date): string {
  return `DJ${beijingStamp(createdAt)}${String(id).padStart(5, '0')}`;
}
