import type { Order, OrderDetail } from '@portal/shared/schemas/orders';

const HOUR = 3_600_000;

/** An order as the API answers it, awaiting payment unless patched (tests only). */
export function orderFixture(id: number, patch: Partial<Order> = {}): Order {
  const now = Date.now();
  return {
    id,
    orderNo: `DJ20260512143000${String(id).padStart(5, '0')}`,
    otherOrderNo: null,
    houseId: 900 + id,
    projectId: 3,
    houseName: `海景花园1号楼1单元${1200 + id}`,
    door: String(1200 + id),
    houseType: '三室两厅',
    buildArea: 89.5,
    address: '海港区滨海大道8号',
    housePurpose: '住宅',
    currentPrice: 9800,
    totalPrice: 877_100,
    lockMoney: 10_000,
    payStatus: 1,
    createdTime: new Date(now - 5 * 60_000).toISOString(),
    agreedTime: new Date(now - 5 * 60_000).toISOString(),
    payExpireTime: new Date(now + 25 * 60_000).toISOString(),
    payTime: null,
    lockDate: null,
    expireTime: null,
    countDown: 25 * 60,
    allowDelay: false,
    delayStatus: 1,
    delayFailReason: null,
    cancelReason: null,
    cancelTime: null,
    refundStatus: 1,
    refundIntention: null,
    refundApplyTime: null,
    refundFailReason: null,
    refundResult: null,
    refundTime: null,
    refundRemark: null,
    refundOrderNo: null,
    otherRefundOrderNo: null,
    netsignnum: null,
    realName: '李思远',
    idCard: '130302********1234',
    phone: '138****0001',
    invoiceList: [],
    receiptList: [],
    attachmentList: [],
    lockReleasedAt: null,
    ...patch,
  };
}

/** A paid order (3) locked until `hoursLeft` from now. */
export function paidFixture(id: number, hoursLeft: number, patch: Partial<Order> = {}): Order {
  const now = Date.now();
  return orderFixture(id, {
    payStatus: 3,
    otherOrderNo: 'SIM00000000AB12',
    payTime: new Date(now - 2 * HOUR).toISOString(),
    lockDate: new Date(now - 2 * HOUR).toISOString(),
    expireTime: new Date(now + hoursLeft * HOUR).toISOString(),
    countDown: Math.round(hoursLeft * 3600),
    ...patch,
  });
}

/** The detail of an order with its five steps reached at the given times (null: not reached). */
export function detailFixture(order: Order, stepTimes: (string | null)[]): OrderDetail {
  const names = ['选房下单', '缴纳订约金', '房源锁定', '网签备案', '订约金退还'];
  return {
    ...order,
    logList: stepTimes.flatMap((time, index) =>
      time ? [{ operateTime: time, status: order.payStatus, operation: names[index] ?? '' }] : [],
    ),
    stepList: names.map((name, index) => ({
      step: index + 1,
      name,
      operateTime: stepTimes[index] ?? null,
    })),
  };
}
