import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';

/** A key as PEM, or the bare base64 body the Alipay console shows, read into a key object. */
function readKey(text: string, kind: 'private' | 'public'): KeyObject {
  const trimmed = text.trim();
  if (trimmed.startsWith('-----BEGIN')) {
    return kind === 'private' ? createPrivateKey(trimmed) : createPublicKey(trimmed);
  }
  const der = Buffer.from(trimmed.replace(/\s+/g, ''), 'base64');
  if (kind === 'public') return createPublicKey({ key: der, format: 'der', type: 'spki' });
  try {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  } catch {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs1' });
  }
}

/**
 * The application's private key as PKCS#8 PEM and Alipay's public key as SPKI PEM, whatever
 * form the console gave (PKCS#1 or PKCS#8, PEM or bare base64). Throws naming the variable
 * when a key cannot be read, so start-up stops with a clear reason.
 */
export function normaliseAlipayKeys(privateKey: string, alipayPublicKey: string) {
  let app: KeyObject;
  let alipay: KeyObject;
  try {
    app = readKey(privateKey, 'private');
  } catch {
    throw new Error('ALIPAY_PRIVATE_KEY: 无法读取应用私钥（应为 RSA2048 私钥，PKCS#1 或 PKCS#8）');
  }
  try {
    alipay = readKey(alipayPublicKey, 'public');
  } catch {
    throw new Error('ALIPAY_PUBLIC_KEY: 无法读取支付宝公钥');
  }
  return {
    privateKey: app.export({ type: 'pkcs8', format: 'pem' }).toString(),
    alipayPublicKey: alipay.export({ type: 'spki', format: 'pem' }).toString(),
  };
}
