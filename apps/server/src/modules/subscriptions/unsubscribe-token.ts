import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of an SMS's unsubscribe link (`/unsubscribe?t=`): the subscription's id and an
 * HMAC-SHA256 of it under a key derived from the server's identity key, so the link works
 * without signing in and names nothing else. It does not expire: an old SMS still unsubscribes.
 */
function signature(key: Buffer, id: number): string {
  const subKey = createHmac('sha256', key).update('subscription-unsubscribe').digest();
  return createHmac('sha256', subKey).update(String(id)).digest('base64url').slice(0, 22);
}

export function unsubscribeToken(key: Buffer, subscriptionId: number): string {
  return `${subscriptionId}.${signature(key, subscriptionId)}`;
}

/** The subscription id a token names, or null when it is malformed or its signature is wrong. */
export function readUnsubscribeToken(key: Buffer, token: string): number | null {
  const match = /^(\d{1,10})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const expected = Buffer.from(signature(key, id));
  const given = Buffer.from(match[2] ?? '');
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}
