import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { customType } from 'drizzle-orm/pg-core';

/*
 * Verified names and ID numbers are stored encrypted (AES-256-GCM) with the key of
 * IDENTITY_ENCRYPTION_KEY, and each identity also as a keyed hash so that one identity verifies
 * only one account (docs/decisions/0024-outside-services-and-safe-defaults.md).
 */

const PREFIX = 'enc1:';
/** The development key (see DEV_IDENTITY_KEY_BASE64 in config); production sets its own. */
let encryptionKey: Buffer = Buffer.from('ZGV2LW9ubHktaWRlbnRpdHkta2V5LW5vdC1zZWNyZXQ=', 'base64');
let hashKey: Buffer = deriveHashKey(encryptionKey);

function deriveHashKey(key: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'portal identity hash', 32));
}

/** Sets the process-wide key, once at start-up, before the database is read or written. */
export function useIdentityKey(key: Buffer): void {
  if (key.length !== 32) throw new Error('identity key must be 32 bytes');
  encryptionKey = key;
  hashKey = deriveHashKey(key);
}

/** `enc1:` + base64(iv | tag | ciphertext) of a UTF-8 text. */
export function encryptIdentityText(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** The plain text of a stored value; values stored before encryption pass through as they are. */
export function decryptIdentityText(stored: string): string {
  if (!stored.startsWith(PREFIX)) return stored;
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', encryptionKey, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

/** Whether a stored value is still plain text (written before encryption at rest). */
export function isPlainIdentityText(stored: string): boolean {
  return !stored.startsWith(PREFIX);
}

/** The keyed hash (hex HMAC-SHA256) of an 18-character ID number, case-folded. */
export function identityHashOf(idCard: string): string {
  return createHmac('sha256', hashKey).update(idCard.trim().toUpperCase()).digest('hex');
}

/**
 * The keyed hash of a person's name (trimmed), for exact-name search over encrypted names; kept
 * apart from ID-number hashes by its own prefix.
 */
export function nameHashOf(name: string): string {
  return createHmac('sha256', hashKey).update(`name:${name.trim()}`).digest('hex');
}

/** A text column whose values are encrypted on write and decrypted on read. */
export const encryptedText = customType<{ data: string; driverData: string }>({
  dataType: () => 'text',
  toDriver: (value) => encryptIdentityText(value),
  fromDriver: (value) => decryptIdentityText(value),
});
