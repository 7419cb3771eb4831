import { describe, expect, it } from 'vitest';
import { maskPersonalNumbers, redactUrl } from './log-redaction';

describe('log redaction', () => {
  it('removes the signature of a signed link and keeps the rest readable', () => {
    expect(
      redactUrl('/oss/private/order/7/ab12.pdf?expires=1799999999&sig=Zm9vYmFy_-x&download=发票'),
    ).toBe('/oss/private/order/7/ab12.pdf?expires=1799999999&sig=[REDACTED]&download=发票');
    const s3 =
      '/bucket/listing/3/x.jpg?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIA%2F2026&X-Amz-Signature=deadbeef&X-Amz-Expires=600';
    expect(redactUrl(s3)).toBe(
      '/bucket/listing/3/x.jpg?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=[REDACTED]&X-Amz-Signature=[REDACTED]&X-Amz-Expires=600',
    );
  });

  it('removes tokens, tickets, codes and passwords from a query', () => {
    expect(redactUrl('/api/chat/ws?token=abc&room=1')).toBe('/api/chat/ws?token=[REDACTED]&room=1');
    expect(redactUrl('/dev/wechat/t?ticket=t1&code=123456&newPwd=Aa123456')).toBe(
      '/dev/wechat/t?ticket=[REDACTED]&code=[REDACTED]&newPwd=[REDACTED]',
    );
  });

  it("keeps nothing of a WeChat callback's signature, nonce or scanner", () => {
    expect(
      redactUrl(
        '/api/wechat/callback?signature=ab12&timestamp=1764374400&nonce=n1&openid=oUser1&encrypt_type=aes&msg_signature=cd34',
      ),
    ).toBe(
      '/api/wechat/callback?signature=[REDACTED]&timestamp=1764374400&nonce=[REDACTED]&openid=[REDACTED]&encrypt_type=aes&msg_signature=[REDACTED]',
    );
  });

  it('removes the token of an unsubscribe link, on the page and on its call', () => {
    expect(redactUrl('/unsubscribe?t=12.AbCdEf_-9')).toBe('/unsubscribe?t=[REDACTED]');
    expect(redactUrl('/api/subscriptions/unsubscribe?t=12.AbCdEf_-9&x=1')).toBe(
      '/api/subscriptions/unsubscribe?t=[REDACTED]&x=1',
    );
    // Elsewhere a `t` is an ordinary parameter.
    expect(redactUrl('/api/listings?t=1')).toBe('/api/listings?t=1');
  });

  it('masks ID numbers and phones in the path and the query', () => {
    expect(redactUrl('/api/dev/sms?phone=13800000002')).toBe('/api/dev/sms?phone=138****0002');
    expect(redactUrl('/api/registry/130302199001011234/x')).toBe(
      '/api/registry/130302********1234/x',
    );
    expect(maskPersonalNumbers('id 13030219900101123X, order 20261127000000001')).toBe(
      'id 130302********123X, order 20261127000000001',
    );
  });
});
