import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * WeChat's encrypted message mode (安全模式), as described in docs/security.md ("WeChat sign-in"):
 * - the 43-character EncodingAESKey plus one `=` is base64 of the 32-byte AES-256 key; the IV is
 *   the key's first 16 bytes;
 * - the plain text is 16 random bytes, the message's length in 4 bytes (big-endian), the message
 *   (UTF-8) and the account's AppID; it is padded PKCS#7-style to a multiple of 32 bytes (1–32
 *   bytes of padding, each holding the padding's length) and encrypted with AES-256-CBC without
 *   further padding; the result travels in base64 in `<Encrypt>`;
 * - `msg_signature` is sha1, in hex, of the token, timestamp, nonce and Encrypt text sorted and
 *   joined.
 */

/** The padding block of WeChat's PKCS#7 variant (32 bytes, not AES's 16). */
const BLOCK = 32;

/** The 32-byte AES key of a 43-character EncodingAESKey. */
export function aesKeyOf(encodingAesKey: string): Buffer {
  if (!/^[A-Za-z0-9+/]{43}$/.test(encodingAesKey)) throw new Error('EncodingAESKey 应为 43 位');
  const key = Buffer.from(`${encodingAesKey}=`, 'base64');
  if (key.length !== 32) throw new Error('EncodingAESKey 应为 43 位');
  return key;
}

/** sha1 of the token, timestamp, nonce and encrypted text sorted and joined. */
export function msgSignature(
  token: string,
  timestamp: string,
  nonce: string,
  encrypted: string,
): string {
  return createHash('sha1')
    .update([token, timestamp, nonce, encrypted].sort().join(''))
    .digest('hex');
}

function pad(data: Buffer): Buffer {
  const count = BLOCK - (data.length % BLOCK);
  return Buffer.concat([data, Buffer.alloc(count, count)]);
}

/** Encrypts `message` for (or, in tests, as) WeChat: base64 of the AES-256-CBC text. */
export function encryptMessage(
  key: Buffer,
  appId: string,
  message: string,
  random: Buffer = randomBytes(16),
): string {
  const body = Buffer.from(message, 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length, 0);
  const plain = pad(Buffer.concat([random, length, body, Buffer.from(appId, 'utf8')]));
  const cipher = createCipheriv('aes-256-cbc', key, key.subarray(0, 16));
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(plain), cipher.final()]).toString('base64');
}

/**
 * Decrypts an `<Encrypt>` text: the message and the AppID it was encrypted for, or null when the
 * text is not a well-formed message under this key (bad base64, length, padding or length field).
 */
export function decryptMessage(
  key: Buffer,
  encrypted: string,
): { message: string; appId: string } | null {
  const data = Buffer.from(encrypted, 'base64');
  if (data.length === 0 || data.length % BLOCK !== 0) return null;
  let plain: Buffer;
  try {
    const decipher = createDecipheriv('aes-256-cbc', key, key.subarray(0, 16));
    decipher.setAutoPadding(false);
    plain = Buffer.concat([decipher.update(data), decipher.final()]);
  } catch {
    return null;
  }
  const count = plain[plain.length - 1] ?? 0;
  if (count < 1 || count > BLOCK) return null;
  for (let i = plain.length - count; i < plain.length; i += 1) {
    if (plain[i] !== count) return null;
  }
  const content = plain.subarray(0, plain.length - count);
  if (content.length < 20) return null;
  const length = content.readUInt32BE(16);
  if (20 + length > content.length) return null;
  return {
    message: content.subarray(20, 20 + length).toString('utf8'),
    appId: content.subarray(20 + length).toString('utf8'),
  };
}

/** The encrypted passive reply: `<Encrypt>`, its `<MsgSignature>`, `<TimeStamp>` and `<Nonce>`. */
export function encryptedReply(
  key: Buffer,
  token: string,
  appId: string,
  xml: string,
  timestamp: string,
  nonce: string,
): string {
  const encrypted = encryptMessage(key, appId, xml);
  const signature = msgSignature(token, timestamp, nonce, encrypted);
  return `<xml><Encrypt><![CDATA[${encrypted}]]></Encrypt><MsgSignature><![CDATA[${signature}]]></MsgSignature><TimeStamp>${timestamp}</TimeStamp><Nonce><![CDATA[${nonce}]]></Nonce></xml>`;
}
