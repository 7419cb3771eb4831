import type { OrderCreate, OrderCreated, OrderPreview } from '@portal/shared/schemas/orders';
import { apiGet, apiPost } from '../../../lib/api-client';

/** The order preview of one room: identity (masked), unit and prices (docs/product/new-build.md). */
export function getOrderPreview(houseId: number): Promise<OrderPreview> {
  return apiGet<OrderPreview>('/api/orders/preview', { houseId });
}

export const orderPreviewKey = (houseId: number) => ['orders', 'preview', houseId] as const;

/**
 * Creates the deposit order once the buyer accepted the agreement (`agreed: true`, checked by the
 * server too); the room is locked for 30 minutes awaiting payment.
 */
export function createDepositOrder(input: OrderCreate): Promise<OrderCreated> {
  return apiPost<OrderCreated>('/api/orders', input);
}
