import { describe, expect, it } from 'vitest';
import {
  activeStepIndex,
  countdownOf,
  delayStatusText,
  orderVisibility,
  payStatusText,
  stepView,
} from './order-rules';

const base = {
  payStatus: 3,
  refundStatus: 1,
  allowDelay: false,
  expireTime: '2026-01-08T00:00:00.000Z',
  lockReleasedAt: null,
  netsignnum: null,
  payExpireTime: '2026-01-01T00:30:00.000Z',
};

describe('order rules', () => {
  it('shows continue-pay and cancel only while awaiting payment', () => {
    expect(orderVisibility({ ...base, payStatus: 1 })).toMatchObject({
      continuePay: true,
      cancel: true,
      refund: false,
      delayStatus: false,
      timeline: false,
    });
    expect(orderVisibility(base)).toMatchObject({ continuePay: false, cancel: false });
  });

  it('offers a refund at payStatus 3 with refund status 1 or 4 only', () => {
    expect(orderVisibility(base).refund).toBe(true);
    expect(orderVisibility({ ...base, refundStatus: 4 })).toMatchObject({
      refund: true,
      refundFailReason: true,
    });
    expect(orderVisibility({ ...base, refundStatus: 2 }).refund).toBe(false);
    expect(orderVisibility({ ...base, payStatus: 4 })).toMatchObject({
      refund: false,
      refundIntention: true,
      refundOrderNo: true,
      refundStatus: false,
    });
    expect(orderVisibility({ ...base, payStatus: 5 }).refundResult).toBe(true);
    expect(orderVisibility({ ...base, payStatus: 7 }).refundOrderNo).toBe(true);
  });

  it('follows allowDelay for the delay actions', () => {
    expect(orderVisibility(base).delay).toBe(false);
    expect(orderVisibility({ ...base, allowDelay: true })).toMatchObject({
      delay: true,
      giveUpDelay: true,
    });
  });

  it('names statuses, with an unknown-status text', () => {
    expect(payStatusText(3)).toBe('订约金支付成功');
    expect(payStatusText(42)).toBe('未知状态');
    expect(delayStatusText(2)).toBe('未延期');
    expect(delayStatusText(4)).toBe('已延期');
  });

  it('counts down the payment window or the held lock', () => {
    expect(countdownOf({ ...base, payStatus: 1 })).toEqual({
      kind: 'pay',
      target: base.payExpireTime,
    });
    expect(countdownOf(base)).toEqual({ kind: 'lock', target: base.expireTime });
    expect(countdownOf({ ...base, lockReleasedAt: '2026-01-08T00:00:00.000Z' })).toBeNull();
    expect(countdownOf({ ...base, payStatus: 0 })).toBeNull();
    expect(countdownOf({ ...base, payStatus: 4, netsignnum: 'WQ2026-1' })).toBeNull();
  });

  it('activates the first step without a time after the last one reached', () => {
    expect(activeStepIndex([{ operateTime: 'x' }, { operateTime: null }])).toBe(1);
    expect(activeStepIndex([{ operateTime: 'x' }])).toBe(1);
    expect(
      activeStepIndex([{ operateTime: 'x' }, { operateTime: null }, { operateTime: 'y' }]),
    ).toBe(3);
  });

  const at = (...times: (string | null)[]) => times.map((operateTime) => ({ operateTime }));

  it('shows a lock refunded without 网签备案 as it happened: 网签备案 未办理, refund done', () => {
    const view = stepView(at('t1', 't2', 't3', null, 't5'), 5);
    expect(view.current).toBe(5);
    expect(view.items.map((item) => item.status)).toEqual([
      'finish',
      'finish',
      'finish',
      'wait',
      'finish',
    ]);
    expect(view.items[3]?.note).toBe('未办理');
    expect(view.items.filter((item) => item.note !== null)).toHaveLength(1);
  });

  it('puts a paid lock at 网签备案 and a closed unpaid order at a failed payment step', () => {
    const paid = stepView(at('t1', 't2', 't3', null, null), 3);
    expect(paid.current).toBe(3);
    expect(paid.items[3]).toEqual({ status: 'process', note: null });
    expect(paid.items[4]).toEqual({ status: 'wait', note: null });
    const cancelled = stepView(at('t1', null, null, null, null), 0);
    expect(cancelled.current).toBe(1);
    expect(cancelled.items[1]).toEqual({ status: 'error', note: '订约金已取消' });
    expect(stepView(at('t1', null, null, null, null), 2).items[1]?.note).toBe(
      '订约金未支付，已超时',
    );
    expect(stepView(at('t1', null, null, null, null), 1).items[1]?.status).toBe('process');
  });
});
