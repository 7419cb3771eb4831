import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { noticeTemplate } from './sms-errors';
import { smsVariable } from './sms-gateway';

describe('template variables', () => {
  it('keep at most 35 characters, shortened with an ellipsis, and never a link', () => {
    expect(smsVariable('海韵华庭')).toBe('海韵华庭');
    const long = '一'.repeat(40);
    expect(smsVariable(long)).toBe(`${'一'.repeat(34)}…`);
    expect(smsVariable('看 https://evil.example.com/a?b=1 和 www.x.cn 及 fang.example.cn/x')).toBe(
      '看 和 及',
    );
  });
});

describe('notice templates of a real provider', () => {
  const subscription = {
    template: 'SUBSCRIPTION' as const,
    params: {
      title: '变价通知',
      detail: '平台价调整',
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
