import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Db } from '../../db/client';
import type { ObjectStorage } from '../../integrations/storage/index';
import { AppError } from '../../lib/app-error';
import { isImageBytes } from '../../lib/image-bytes';
import { replaceAccountAvatar } from '../auth/index';

/** Largest avatar upload accepted (the web sends a ~10 KB 200×200 JPEG). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** Square sizes stored for every avatar, px (docs/product/accounts.md); the first is the profile's. */
export const AVATAR_SIZES = [200, 100, 48] as const;

const AVATAR_TYPE_MESSAGE = '文件格式错误，请上传图片类型,如：JPG，PNG后缀的文件。';

/** An uploaded avatar's key: `avatar/<userId>/<stem>-<size>.jpg`; the stem names the upload. */
const AVATAR_KEY = /^avatar\/(\d+)\/([a-f0-9]{16})-(\d+)\.jpg$/;

/**
 * The keys of every size of the uploaded avatar `avatarPath` belongs to; empty for anything
 * else (a seed picture, no avatar), which is never deleted.
 */
export function avatarFamily(avatarPath: string | null): string[] {
  const match = avatarPath ? AVATAR_KEY.exec(avatarPath) : null;
  if (!match) return [];
  return AVATAR_SIZES.map((size) => `avatar/${match[1]}/${match[2]}-${size}.jpg`);
}

/**
 * Checks an uploaded avatar really is an image, stores it as 200, 100 and 48 px JPEG squares
 * (public objects `avatar/<userId>/<stem>-<px>.jpg`), makes the 200 px one the user's avatar and
 * deletes the files of the avatar it replaces. Returns the new avatar's key.
 */
export async function saveAvatar(
  db: Db,
  userId: number,
  bytes: Buffer,
  storage: ObjectStorage,
): Promise<string> {
  if (bytes.length > AVATAR_MAX_BYTES) throw new AppError('FILE_TOO_LARGE', '头像图片不能超过2MB');
  if (!isImageBytes(bytes)) throw new AppError('FILE_TYPE_NOT_ALLOWED', AVATAR_TYPE_MESSAGE);
  const stem = randomBytes(8).toString('hex');
  let squares: Buffer[];
  try {
    squares = await Promise.all(
      AVATAR_SIZES.map((size) =>
        sharp(bytes, { limitInputPixels: 40_000_000 })
          .rotate()
          .resize(size, size, { fit: 'cover' })
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 82 })
          .toBuffer(),
      ),
    );
  } catch {
    throw new AppError('FILE_TYPE_NOT_ALLOWED', AVATAR_TYPE_MESSAGE);
  }
  const keys = AVATAR_SIZES.map((size) => `avatar/${userId}/${stem}-${size}.jpg`);
  await Promise.all(
    keys.map((key, i) => storage.put('public', key, squares[i] as Buffer, 'image/jpeg')),
  );
  const avatar = keys[0] as string;
  const previous = await replaceAccountAvatar(db, userId, avatar);
  const replaced = avatarFamily(previous).filter((key) => !keys.includes(key));
  await Promise.allSettled(replaced.map((key) => storage.delete('public', key)));
  return avatar;
}
