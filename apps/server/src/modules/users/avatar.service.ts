import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';

/** Largest avatar upload accepted (the web sends a ~10 KB 200×200 JPEG). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** Square sizes stored for every avatar, px (DECISIONS #19); the first is the profile's. */
export const AVATAR_SIZES = [200, 100, 48] as const;

const AVATAR_TYPE_MESSAGE = '文件格式错误，请上传图片类型,如：JPG，PNG后缀的文件。';

/** JPEG, PNG, GIF or WebP by its first bytes, whatever the file name claims. */
export function isImageBytes(bytes: Buffer): boolean {
  const starts = (...sig: number[]) => sig.every((value, i) => bytes[i] === value);
  const isWebp =
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP';
  return (
    starts(0xff, 0xd8, 0xff) ||
    starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a) ||
    starts(0x47, 0x49, 0x46, 0x38) ||
    isWebp
  );
}

/**
 * Checks an uploaded avatar really is an image, stores it as 200, 100 and 48 px JPEG squares
 * under `avatar/<userId>/` and makes the 200 px one the user's avatar. Returns its stored path.
 */
export async function saveAvatar(
  db: Db,
  userId: number,
  bytes: Buffer,
  uploadsDir: string,
): Promise<string> {
  if (bytes.length > AVATAR_MAX_BYTES) throw new AppError('FILE_TOO_LARGE', '头像图片不能超过2MB');
  if (!isImageBytes(bytes)) throw new AppError('FILE_TYPE_NOT_ALLOWED', AVATAR_TYPE_MESSAGE);
  const folder = `avatar/${userId}`;
  const stem = randomBytes(8).toString('hex');
  await mkdir(path.join(uploadsDir, folder), { recursive: true });
  const stored: string[] = [];
  try {
    for (const size of AVATAR_SIZES) {
      const jpeg = await sharp(bytes, { limitInputPixels: 40_000_000 })
        .rotate()
        .resize(size, size, { fit: 'cover' })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 82 })
        .toBuffer();
      const relative = `${folder}/${stem}-${size}.jpg`;
      await writeFile(path.join(uploadsDir, relative), jpeg);
      stored.push(relative);
    }
  } catch {
    throw new AppError('FILE_TYPE_NOT_ALLOWED', AVATAR_TYPE_MESSAGE);
  }
  const avatar = stored[0] ?? '';
  await db.update(users).set({ avatar }).where(eq(users.id, userId));
  return avatar;
}
