import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  aesKeyOf,
  decryptMessage,
  encryptedReply,
  encryptMessage,
  msgSignature,
} from './wechat-crypto';

/** A made-up EncodingAESKey: 43 letters and digits, as the account's 服务器配置 generates them. */
const ENCODING_AES_KEY = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const APP_ID = 'wx0123456789abcdef';
const MESSAGE =
  '<xml><ToUserName><![CDATA[gh_0123456789ab]]></ToUserName><FromUserName><![CDATA[oPortalUser0001]]></FromUserName><CreateTime>1764374400</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[SCAN]]></Event><EventKey><![CDATA[ticket-123]]></EventKey></xml>';

describe('安全模式 message encryption', () => {
  it('derives the 32-byte key from the 43 characters plus one "="', () => {
    const key = aesKeyOf(ENCODING_AES_KEY);
    expect(key).toHaveLength(32);
    expect(key.equals(Buffer.from(`${ENCODING_AES_KEY}=`, 'base64'))).toBe(true);
    expect(() => aesKeyOf('short')).toThrow();
  });

  it('builds the published shape: random 16, length 4 (big-endian), message, AppID, 32-byte PKCS#7', () => {
    const key = aesKeyOf(ENCODING_AES_KEY);
    const random = Buffer.from('0123456789abcdef');
    const encrypted = encryptMessage(key, APP_ID, MESSAGE, random);

    // Built here by hand from the description, independently of encryptMessage.
    const body = Buffer.from(MESSAGE, 'utf8');
    const length = Buffer.from([
      (body.length >>> 24) & 0xff,
      (body.length >>> 16) & 0xff,
      (body.length >>> 8) & 0xff,
      body.length & 0xff,
    ]);
    const unpadded = Buffer.concat([random, length, body, Buffer.from(APP_ID)]);
    const padCount = 32 - (unpadded.length % 32);
    const plain = Buffer.concat([unpadded, Buffer.alloc(padCount, padCount)]);
    const cipher = createCipheriv('aes-256-cbc', key, key.subarray(0, 16));
    cipher.setAutoPadding(false);
    const expected = Buffer.concat([cipher.update(plain), cipher.final()]).toString('base64');
    expect(encrypted).toBe(expected);

    // And read back raw: every part where the description puts it.
    const decipher = createDecipheriv('aes-256-cbc', key, key.subarray(0, 16));
    decipher.setAutoPadding(false);
    const raw = Buffer.concat([
      decipher.update(Buffer.from(encrypted, 'base64')),
      decipher.final(),
    ]);
    expect(raw.length % 32).toBe(0);
    expect(raw.subarray(0, 16).equals(random)).toBe(true);
    expect(raw.readUInt32BE(16)).toBe(body.length);
    expect(raw.subarray(20, 20 + body.length).toString('utf8')).toBe(MESSAGE);
    const last = raw[raw.length - 1] ?? 0;
    expect(raw.subarray(20 + body.length, raw.length - last).toString()).toBe(APP_ID);
  });

  it('pads a full block of 32 when the text already fills whole blocks', () => {
    const key = aesKeyOf(ENCODING_AES_KEY);
    // 16 + 4 + 22 + 18 = 60; 4 more bytes of message make 64, two whole blocks.
    const message = 'x'.repeat(26);
    const encrypted = Buffer.from(encryptMessage(key, APP_ID, message), 'base64');
    expect(encrypted.length).toBe(96);
    expect(decryptMessage(key, encrypted.toString('base64'))).toEqual({ message, appId: APP_ID });
  });

  it('decrypts what it encrypted, Chinese text included, and names the AppID', () => {
    const key = aesKeyOf(ENCODING_AES_KEY);
    const message = '<xml><Content><![CDATA[您已确认登录]]></Content></xml>';
    expect(decryptMessage(key, encryptMessage(key, APP_ID, message))).toEqual({
      message,
      appId: APP_ID,
    });
  });

  it('gives nothing for another key, a cut text or bad base64', () => {
    const key = aesKeyOf(ENCODING_AES_KEY);
    const encrypted = encryptMessage(key, APP_ID, MESSAGE);
    const otherKey = aesKeyOf('ZYXWVUTSRQPONMLKJIHGFEDCBA9876543210zyxwvut');
    const other = decryptMessage(otherKey, encrypted);
    expect(other?.appId === APP_ID && other.message === MESSAGE).toBe(false);
    expect(decryptMessage(key, encrypted.slice(0, 40))).toBeNull();
    expect(decryptMessage(key, '')).toBeNull();
    expect(decryptMessage(key, randomBytes(48).toString('base64'))).toBeNull();
  });

  it('signs sha1 over the token, timestamp, nonce and Encrypt text sorted and joined', () => {
    const parts = ['portalCallback2026', '1764374400', 'nonce42', 'QUJDRA=='];
    const expected = createHash('sha1')
      .update([...parts].sort().join(''))
      .digest('hex');
    expect(msgSignature('portalCallback2026', '1764374400', 'nonce42', 'QUJDRA==')).toBe(expected);
    expect(expected).toMatch(/^[0-9a-f]{40}$/);
  });

  it('wraps a reply in Encrypt, MsgSignature, TimeStamp and Nonce that check out', () => {
    const key = aesKeyOf(ENCODING_AES_KEY);
    const reply = encryptedReply(key, 'portalCallback2026', APP_ID, MESSAGE, '1764374400', 'n1');
    const encrypted = /<Encrypt><!\[CDATA\[([^\]]+)\]\]><\/Encrypt>/.exec(reply)?.[1] ?? '';
    const signature = /<MsgSignature><!\[CDATA\[([0-9a-f]+)\]\]>/.exec(reply)?.[1];
    expect(signature).toBe(msgSignature('portalCallback2026', '1764374400', 'n1', encrypted));
    expect(reply).toContain('<TimeStamp>1764374400</TimeStamp>');
    expect(decryptMessage(key, encrypted)).toEqual({ message: MESSAGE, appId: APP_ID });
  });
});
