import { AppError } from '../../lib/app-error';
import type { SmsNotice } from './sms-gateway';

/*
 * Provider answers mapped to what the citizen is told. Flow control and daily caps of the
 * provider: try later (429). A number the carrier or provider refuses: check the number (400).
 * No balance, a suspended account, a rejected signature or template, bad keys, timeouts: the
 * service is unavailable (503), and operators see the provider's code in the log.
 */
const FLOW_CONTROL = [
  /^isv\.BUSINESS_LIMIT_CONTROL$/,
  /^isv\.DAY_LIMIT_CONTROL$/,
  /^isv\.MOBILE_COUNT_OVER_LIMIT$/,
  /^Throttling/,
  /^LimitExceeded\./,
  /^RequestLimitExceeded/,
];
const NUMBER_REFUSED = [
  /^isv\.MOBILE_NUMBER_ILLEGAL$/,
  /^isv\.BLACK_KEY_CONTROL_LIMIT$/,
  /^isv\.DENY_IP_RANGE$/,
  /^InvalidParameterValue\.IncorrectPhoneNumber$/,
  /^FailedOperation\.PhoneNumberInBlacklist$/,
  /^FailedOperation\.PhoneNumberParseFail$/,
  /^UnsupportedOperation\.ContainDomesticAndInternationalPhoneNumber$/,
];

/** The citizen-facing error for a provider's error code (`providerCode` is logged as cause). */
export function smsErrorFor(provider: string, providerCode: string, detail = ''): AppError {
  const cause = new Error(`${provider} ${providerCode} ${detail}`.trim());
  const error = FLOW_CONTROL.some((p) => p.test(providerCode))
    ? new AppError('SMS_PROVIDER_BUSY')
    : NUMBER_REFUSED.some((p) => p.test(providerCode))
      ? new AppError('SMS_PHONE_REJECTED')
      : new AppError('SMS_UNAVAILABLE', '短信服务暂时无法发送验证码，请稍后再试或使用账号密码登录');
  error.cause = cause;
  return error;
}

/**
 * The provider's template id of a notice; a notice whose template is not configured (the
 * subscription template is optional) is refused like a provider refusal, before any call.
 */
export function noticeTemplate(
  templates: Partial<Record<SmsNotice['template'], string>>,
  notice: SmsNotice,
): string {
  const id = templates[notice.template];
  if (!id) throw new AppError('SMS_UNAVAILABLE', '短信模板未配置');
  return id;
}
