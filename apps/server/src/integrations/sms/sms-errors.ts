import { AppError } from '../../lib/app-error';
import { networkCodeOf, ProviderFailure } from '../provider-failure';
import type { SmsNotice } from './sms-gateway';

/*
 * Provider answers mapped to what the citizen is told. Flow control and daily caps of the
 * provider: try later (429). A number the carrier or provider refuses: check the number (400);
 * only these say so. Everything else is the service's fault, not the citizen's: 503 短信服务暂不可用.
 * Among those, deployment errors (the server's address outside the allowed range, a signature or
 * template not approved, a key without permission, no balance) are what an operator must fix: they
 * are logged at error level with the provider's code and a hint (docs/operations.md).
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
  /^InvalidParameterValue\.IncorrectPhoneNumber$/,
  /^FailedOperation\.PhoneNumberInBlacklist$/,
  /^FailedOperation\.PhoneNumberParseFail$/,
  /^UnsupportedOperation\.ContainDomesticAndInternationalPhoneNumber$/,
];
/** Deployment errors by provider code, with what the operator should check. */
const DEPLOYMENT: [RegExp, string][] = [
  [/^isv\.DENY_IP_RANGE$/, '服务器出口IP不在短信服务允许的地域（阿里云短信要求中国内地IP）'],
  [
    /^isv\.SMS_SIGNATURE_ILLEGAL$|^isv\.SMS_SIGN_ILLEGAL$|^FailedOperation\.SignatureIncorrectOrUnapproved$/,
    '短信签名未审核通过或与 SMS_SIGN_NAME 不符',
  ],
  [
    /^isv\.SMS_TEMPLATE_ILLEGAL$|^isv\.TEMPLATE_\w+$|^FailedOperation\.TemplateIncorrectOrUnapproved$|^FailedOperation\.TemplateParamSetNotMatchApprovedTemplate$|^InvalidParameterValue\.TemplateParameter\w*$/,
    '短信模板未审核通过、与配置的模板编号不符或变量不符',
  ],
  [
    /^isv\.AMOUNT_NOT_ENOUGH$|^FailedOperation\.InsufficientBalanceInSmsPackage$/,
    '短信账户余额或套餐包不足',
  ],
  [
    /^isv\.ACCOUNT_\w+$|^isv\.OUT_OF_SERVICE$|^isv\.PRODUCT_UN_SUBSCRIPT$|^isv\.PRODUCT_UNSUBSCRIBE$/,
    '短信账户未开通、已停用或欠费',
  ],
  [/^UnauthorizedOperation\./, '腾讯云短信拒绝了本应用（SdkAppId、请求IP白名单或子账号权限）'],
  [
    /^AuthFailure\.|^SignatureDoesNotMatch$|^InvalidAccessKeyId|^IncompleteSignature$|^Forbidden|^isv\.RAM_PERMISSION_DENY$|^NoPermission/,
    '访问密钥错误或子账号无发送短信权限',
  ],
];

/** The deployment hint for a provider code, if it names something the operator must fix. */
export function deploymentHint(providerCode: string): string | undefined {
  return DEPLOYMENT.find(([pattern]) => pattern.test(providerCode))?.[1];
}

/** A provider error code (e.g. `isv.DENY_IP_RANGE`, `AuthFailure.SignatureFailure`). */
const PROVIDER_CODE = /^[A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*$/;

/**
 * The citizen-facing error for a provider's error code. The cause is a ProviderFailure: the
 * provider, its code, the operator's hint and the answer's text scrubbed of URLs and numbers;
 * the error handler logs it at error level for every 503.
 */
export function smsErrorFor(provider: string, providerCode: string, detail = ''): AppError {
  const hint = deploymentHint(providerCode);
  const cause = new ProviderFailure(
    provider,
    providerCode,
    hint ? `部署问题：${hint}` : '',
    detail,
  );
  const error = FLOW_CONTROL.some((p) => p.test(providerCode))
    ? new AppError('SMS_PROVIDER_BUSY')
    : NUMBER_REFUSED.some((p) => p.test(providerCode))
      ? new AppError('SMS_PHONE_REJECTED')
      : new AppError('SMS_UNAVAILABLE', '短信服务暂不可用，请稍后再试或使用账号密码登录');
  error.cause = cause;
  return error;
}

/**
 * The citizen-facing error for an exception an SDK threw: the provider's code when the SDK
 * read one from an error answer, else the network failure (timeout, refused connection, an
 * answer that is not the provider's JSON). The exception's message, which may hold the request
 * URL with the phone and the code, is never kept.
 */
export function smsErrorOfThrown(provider: string, thrown: unknown): AppError {
  const { code, httpCode, statusCode } = (thrown ?? {}) as {
    code?: unknown;
    httpCode?: unknown;
    statusCode?: unknown;
  };
  const status = Number(httpCode ?? statusCode) || 0;
  const network = networkCodeOf(thrown, status >= 500 ? `HTTP${status}` : 'BadAnswer');
  const providerCode =
    typeof code === 'string' && PROVIDER_CODE.test(code) && !/^E[A-Z]+$/.test(code)
      ? code
      : network;
  return smsErrorFor(provider, providerCode);
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
