import {
  LISTING_REPORT_REASON_LABEL,
  type ListingReportReason,
} from '@portal/shared/constants/listing-trust';
import type { AdminRoom } from '@portal/shared/schemas/admin-rooms';

/** Why a room's sale state is locked (`saleBlock` of the room grid). */
export const ROOM_SALE_BLOCK_TEXT: Record<NonNullable<AdminRoom['saleBlock']>, string> = {
  netsigned: '已网签（已售）',
  liveOrder: '订单占用',
  refunding: '退款处理中',
};

/** A listing report reason's label (an unknown key shows as stored). */
export function reportReasonLabel(reason: string): string {
  return LISTING_REPORT_REASON_LABEL[reason as ListingReportReason] ?? reason;
}
