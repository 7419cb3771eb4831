import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { noticeTemplate } from './sms-errors';

describe('notice templates of a real provider', () => {
  const subscription = {
    template: 'SUBSCRIPTION' as const,
    params: {
      title: '变价通知',
      detail: '平台价调整',
      link: 'https://fang.example.cn/unsubscribe?t=1.x',
    },
  };

  it('answers the configured template id of a notice', () => {
    expect(noticeTemplate({ LISTING_CONFIRM: 'SMS_1', SUBSCRIPTION: 'SMS_2' }, subscription)).toBe(
      'SMS_2',
    );
  });

  it('refuses a subscription notice when its optional template is not configured', () => {
    expect(() => noticeTemplate({ LISTING_CONFIRM: 'SMS_1' }, subscription)).toThrow(AppError);
    expect(() => noticeTemplate({ LISTING_CONFIRM: 'SMS_1' }, subscription)).toThrow(
      '短信模板未配置',
    );
  });
});
