import { createHash, createHmac } from 'node:crypto';
import type { FakeAnswer, FakeRequest } from './fake-server';

/** RFC 3986 encoding as Alibaba Cloud's canonical query string uses it. */
function encode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * Verifies an Alibaba Cloud V3 signature (ACS3-HMAC-SHA256) as the gateway does: the canonical
 * request (method, path, sorted query, the signed headers, the body's SHA-256) hashed, signed
 * with the AccessKey secret, compared with the Authorization header. Returns the AccessKey id,
 * or null when the signature or the body hash does not match.
 */
export function verifyAcs3(request: FakeRequest, secrets: Record<string, string>): string | null {
  const auth =
    /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]+)$/.exec(
      String(request.headers.authorization ?? ''),
    );
  if (!auth) return null;
  const [, keyId = '', signedHeaders = '', signature = ''] = auth;
  const secret = secrets[keyId];
  const bodyHash = createHash('sha256').update(request.body).digest('hex');
  if (!secret || request.headers['x-acs-content-sha256'] !== bodyHash) return null;
  const query = [...request.url.searchParams.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${encode(value)}`)
    .join('&');
  const headerNames = signedHeaders.split(';');
  const headers = headerNames
    .map((name) => `${name}:${String(request.headers[name] ?? '').trim()}\n`)
    .join('');
  const canonical = [
    request.method,
    request.url.pathname,
    query,
    headers,
    signedHeaders,
    bodyHash,
  ].join('\n');
  const toSign = `ACS3-HMAC-SHA256\n${createHash('sha256').update(canonical).digest('hex')}`;
  const expected = createHmac('sha256', secret).update(toSign).digest('hex');
  return expected === signature && headerNames.includes('host') ? keyId : null;
}

/** Phones the fake SMS service answers with a documented error (SendSms `Code`). */
export const ALIYUN_SMS_ERRORS: Record<string, string> = {
  '13800000091': 'isv.BUSINESS_LIMIT_CONTROL',
  '13800000092': 'isv.MOBILE_NUMBER_ILLEGAL',
  '13800000093': 'isv.AMOUNT_NOT_ENOUGH',
  '13800000095': 'isv.DENY_IP_RANGE',
  '13800000096': 'isv.SMS_SIGNATURE_ILLEGAL',
  '13800000097': 'isv.SMS_TEMPLATE_ILLEGAL',
};
/** A phone the fake answers with a gateway's HTML error page (HTTP 502). */
export const BAD_GATEWAY_PHONE = '13800000098';
/** A phone the fake never answers in time. */
export const SLOW_PHONE = '13800000094';

/**
 * Alibaba Cloud SMS SendSms (2017-05-25): refuses a bad signature with HTTP 400
 * `SignatureDoesNotMatch`, answers `{ Code: 'OK', BizId }` or the documented error codes.
 */
export function aliyunSmsHandler(secrets: Record<string, string>) {
  return (request: FakeRequest): FakeAnswer => {
    const requestId = 'A0B1C2D3-0000-4000-8000-000000000000';
    if (!verifyAcs3(request, secrets)) {
      return {
        status: 400,
        body: JSON.stringify({
          Code: 'SignatureDoesNotMatch',
          Message: 'Specified signature is not matched with our calculation.',
          RequestId: requestId,
        }),
      };
    }
    const params = request.url.searchParams;
    if (request.headers['x-acs-action'] !== 'SendSms' || !params.get('TemplateParam')) {
      return {
        status: 400,
        body: JSON.stringify({ Code: 'MissingParameter', RequestId: requestId }),
      };
    }
    const phone = params.get('PhoneNumbers') ?? '';
    if (phone === SLOW_PHONE) return { delayMs: 3_000, body: '{}' };
    if (phone === BAD_GATEWAY_PHONE) {
      return { status: 502, contentType: 'text/html', body: '<html>502 Bad Gateway</html>' };
    }
    const code = ALIYUN_SMS_ERRORS[phone] ?? 'OK';
    return {
      body: JSON.stringify({
        Code: code,
        Message: code === 'OK' ? 'OK' : 'refused',
        RequestId: requestId,
        ...(code === 'OK' ? { BizId: '900000000000000000^0' } : {}),
      }),
    };
  };
}
