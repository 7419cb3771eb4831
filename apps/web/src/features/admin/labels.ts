import {
  LISTING_REPORT_REASON_LABEL,
  type ListingReportReason,
} from '@portal/shared/constants/listing-trust';
import type { AdminRoom } from '@portal/shared/schemas/admin-rooms';

/** Order pay status (docs/product/orders.md). */
export const PAY_STATUS_TEXT: Record<number, string> = {
  0: '已取消',
  1: '待支付',
  2: '超时未支付',
  3: '已支付',
  4: '退款中',
  5: '已退款',
  6: '支付失败',
  7: '退款失败',
};

/** Refund application status. */
export const REFUND_STATUS_TEXT: Record<number, string> = {
  1: '未申请',
  2: '待确认',
  3: '已确认',
  4: '已驳回',
};

/** Article state. */
export const NEWS_STATE_TEXT: Record<number, string> = {
  1: '草稿',
  2: '待审核',
  3: '已发布',
  4: '已撤回',
};

/** Project publish status. */
export const PROJECT_STATUS_TEXT: Record<number, string> = {
  1: '待发布',
  2: '待审核',
  3: '已发布',
  4: '已下架',
};

/** Room sale colour (docs/product/new-build.md). */
export const ROOM_STATUS_TEXT: Record<string, string> = {
  green: '可售',
  gray: '不可售',
  yellow: '缴纳中',
  blue: '已锁定',
};

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
