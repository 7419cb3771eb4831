/** Order pay status (spec 2 §4). */
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

/** Audit target types. */
export const TARGET_TYPE_TEXT: Record<string, string> = {
  news: '资讯',
  project: '楼盘',
  room: '房间',
  order: '订单',
  user: '用户',
  listing: '二手房源',
  feedback: '反馈',
};

/** Room sale colour (spec 3 §4). */
export const ROOM_STATUS_TEXT: Record<string, string> = {
  green: '可售',
  gray: '不可售',
  yellow: '缴纳中',
  blue: '已锁定',
};
