import { describe, expect, it } from 'vitest';
import {
  activeStepIndex,
  countdownOf,
  delayStatusText,
  orderVisibility,
  payStatusText,
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

  it('activates the first step without a time', () => {
    expect(activeStepIndex([{ operateTime: 'x' }, { operateTime: null }])).toBe(1);
    expect(activeStepIndex([{ operateTime: 'x' }])).toBe(1);
  });
});
