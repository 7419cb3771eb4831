import { randomBytes } from 'node:crypto';
import { CHAT_LIMITS } from '@portal/shared/constants/chat';
import sharp from 'sharp';
import type { ObjectStorage } from '../../integrations/storage/index';
import { AppError } from '../../lib/app-error';

const TYPE_MESSAGE = '只能发送 JPG 或 PNG 图片';

/** JPEG or PNG by the file's first bytes, whatever its name or declared type says. */
export function chatImageKind(bytes: Buffer): 'jpeg' | 'png' | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.every((value, i) => bytes[i] === value)) return 'png';
  return null;
}

/**
 * Checks a chat picture by its content, re-encodes it (dropping metadata, at most 1600 px on
 * the long side) and stores it as a public object `chat/<conversationId>/<random>.jpg|png` (the
 * unguessable name is what keeps it between the two parties). Returns the key.
 */
export async function storeChatImage(
  storage: ObjectStorage,
  conversationId: number,
  bytes: Buffer,
): Promise<string> {
  if (bytes.length > CHAT_LIMITS.maxImageBytes)
    throw new AppError('FILE_TOO_LARGE', '图片不能超过5MB');
  const kind = chatImageKind(bytes);
  if (!kind) throw new AppError('FILE_TYPE_NOT_ALLOWED', TYPE_MESSAGE);
  let output: Buffer;
  try {
    const image = sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(1600, 1600, { fit: 'inside', withoutEnlargement: true });
    output =
      kind === 'jpeg' ? await image.jpeg({ quality: 85 }).toBuffer() : await image.png().toBuffer();
  } catch {
    throw new AppError('FILE_TYPE_NOT_ALLOWED', TYPE_MESSAGE);
  }
  const key = `chat/${conversationId}/${randomBytes(12).toString('hex')}.${kind === 'jpeg' ? 'jpg' : 'png'}`;
  await storage.put('public', key, output, `image/${kind}`);
  return key;
}
