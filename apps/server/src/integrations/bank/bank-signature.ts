import { createHmac, timingSafeEqual } from 'node:crypto';

/** The signed fields of a notification: every field except `sign`. */
export type SignedFields = Record<string, string | number>;

/** `key=value` pairs sorted by key and joined with `&`: the text that is signed. */
export function canonicalText(fields: SignedFields): string {
  return Object.keys(fields)
    .filter((key) => key !== 'sign')
    .sort()
    .map((key) => `${key}=${String(fields[key])}`)
    .join('&');
}

/** Hex HMAC-SHA256 of the canonical text under the shared secret. */
export function signFields(fields: SignedFields, secret: string): string {
  return createHmac('sha256', secret).update(canonicalText(fields), 'utf8').digest('hex');
}

/** Whether `sign` is the HMAC-SHA256 of the fields (constant-time comparison). */
export function verifyFields(fields: SignedFields, sign: string, secret: string): boolean {
  const expected = Buffer.from(signFields(fields, secret), 'hex');
  const given = Buffer.from(sign, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
