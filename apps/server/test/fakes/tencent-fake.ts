import { createHash, createHmac } from 'node:crypto';
import type { FakeAnswer, FakeRequest } from './fake-server';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const hmac = (key: string | Buffer, text: string) =>
  createHmac('sha256', key).update(text).digest();

/**
 * Verifies a Tencent Cloud API 3.0 signature (TC3-HMAC-SHA256) as the API gateway does: the
 * canonical request (POST, path, content-type and host, the body's SHA-256), the credential
 * scope `<date>/<service>/tc3_request` (service = first label of the host, as in
 * sms.tencentcloudapi.com), and the derived signing key. Returns the SecretId or null.
 */
export function verifyTc3(request: FakeRequest, secrets: Record<string, string>): string | null {
  const auth =
    /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]+)$/.exec(
      String(request.headers.authorization ?? ''),
    );
  if (!auth) return null;
  const [, secretId = '', date = '', service = '', signedHeaders = '', signature = ''] = auth;
  const secretKey = secrets[secretId];
  const host = String(request.headers.host ?? '').replace(/:\d+$/, '');
  const timestamp = String(request.headers['x-tc-timestamp'] ?? '');
  const stamped = new Date(Number(timestamp) * 1000).toISOString().slice(0, 10);
  if (!secretKey || service !== host.split('.')[0] || stamped !== date) return null;
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return null;
  const headers = `content-type:${String(request.headers['content-type'])}\nhost:${host}\n`;
  const canonical = [
    'POST',
    request.url.pathname,
    request.url.search.slice(1),
    headers,
    signedHeaders,
    sha256(request.body),
  ].join('\n');
  const scope = `${date}/${service}/tc3_request`;
  const toSign = `TC3-HMAC-SHA256\n${timestamp}\n${scope}\n${sha256(canonical)}`;
  const key = hmac(hmac(hmac(`TC3${secretKey}`, date), service), 'tc3_request');
  return createHmac('sha256', key).update(toSign).digest('hex') === signature ? secretId : null;
}

/** An API 3.0 error answer (HTTP 200 with `Response.Error`). */
export function tencentError(code: string, message = 'refused'): FakeAnswer {
  return {
    body: JSON.stringify({
      Response: { Error: { Code: code, Message: message }, RequestId: 'req-fake' },
    }),
  };
}

/** An API 3.0 success answer. */
export function tencentAnswer(fields: Record<string, unknown>): FakeAnswer {
  return { body: JSON.stringify({ Response: { ...fields, RequestId: 'req-fake' } }) };
}

/** Phones the fake SMS service refuses with a documented per-number status code. */
export const TENCENT_SMS_ERRORS: Record<string, string> = {
  '+8613800000091': 'LimitExceeded.PhoneNumberOneHourLimit',
  '+8613800000092': 'InvalidParameterValue.IncorrectPhoneNumber',
  '+8613800000093': 'FailedOperation.InsufficientBalanceInSmsPackage',
  '+8613800000095': 'UnauthorizedOperation.RequestIpNotInWhitelist',
  '+8613800000096': 'FailedOperation.SignatureIncorrectOrUnapproved',
  '+8613800000097': 'FailedOperation.TemplateIncorrectOrUnapproved',
};

/** Tencent Cloud SMS SendSms (2021-01-11). */
export function tencentSmsHandler(secrets: Record<string, string>, sdkAppId: string) {
  return (request: FakeRequest): FakeAnswer => {
    if (!verifyTc3(request, secrets)) return tencentError('AuthFailure.SignatureFailure');
    if (request.headers['x-tc-action'] !== 'SendSms') return tencentError('InvalidAction');
    const body = JSON.parse(request.body) as {
      PhoneNumberSet: string[];
      SmsSdkAppId: string;
      TemplateParamSet: string[];
    };
    if (body.SmsSdkAppId !== sdkAppId)
      return tencentError('UnauthorizedOperation.SmsSdkAppIdVerifyFail');
    const phone = body.PhoneNumberSet[0] ?? '';
    if (phone === '+8613800000094') return { delayMs: 3_000, body: '{}' };
    if (phone === '+8613800000098') {
      return { status: 502, contentType: 'text/html', body: '<html>502 Bad Gateway</html>' };
    }
    const code = TENCENT_SMS_ERRORS[phone] ?? 'Ok';
    return tencentAnswer({
      SendStatusSet: [
        {
          SerialNo: '2028:0001',
          PhoneNumber: phone,
          Fee: 1,
          Code: code,
          Message: code === 'Ok' ? 'send success' : 'refused',
          IsoCode: 'CN',
        },
      ],
    });
  };
}
