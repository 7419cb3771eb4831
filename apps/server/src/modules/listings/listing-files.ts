import { randomBytes } from 'node:crypto';
import { LISTING_LIMITS, type ListingPictureKind } from '@portal/shared/constants/listings';
import { LISTING_MESSAGES } from '@portal/shared/schemas/listings';
import sharp from 'sharp';
import type { Db } from '../../db/client';
import type { ObjectStorage, Visibility } from '../../integrations/storage/index';
import { AppError } from '../../lib/app-error';
import { heldPicturePaths } from './listing-files.queries';

/**
 * Where listing pictures live: the object storage. House photos are public objects (served at
 * `/oss/app/`); certification photos (房本, 身份证, 授权书) are private objects that only a
 * short-lived signed URL, issued to the owner or an operator, reaches.
 */
export type ListingStorage = ObjectStorage;

/** How long a signed certification-photo URL stays valid, seconds. */
export const SIGNED_URL_TTL_SECONDS = 10 * 60;

/** Keys the upload call produces: `listing/<userId>/<32 hex>.jpg|png`. */
const UPLOADED_PATH = /^listing\/\d+\/[a-f0-9]{32}\.(jpg|png)$/;

export function isPrivateKind(kind: ListingPictureKind): boolean {
  return kind !== 'house';
}

/** The storage area of a picture kind. */
export function visibilityOf(kind: ListingPictureKind): Visibility {
  return isPrivateKind(kind) ? 'private' : 'public';
}

type ImageFormat = 'jpeg' | 'png';

/** JPEG or PNG by its first bytes, whatever the file name claims; null for anything else. */
export function sniffImage(bytes: Buffer): ImageFormat | null {
  const starts = (...sig: number[]) => sig.every((value, i) => bytes[i] === value);
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  return null;
}

/**
 * Checks an uploaded picture (JPEG or PNG by content, decodable, within the size limit) and
 * re-encodes it without metadata (no GPS or camera data leaves with an ID-card photo). Answers
 * the new bytes and the file extension.
 */
export async function reencodePicture(
  bytes: Buffer,
): Promise<{ output: Buffer; extension: 'jpg' | 'png'; contentType: string }> {
  if (bytes.length > LISTING_LIMITS.photoBytes)
    throw new AppError('FILE_TOO_LARGE', '图片大小不能超过5MB');
  const format = sniffImage(bytes);
  if (!format) throw new AppError('FILE_TYPE_NOT_ALLOWED', LISTING_MESSAGES.imageOnly);
  try {
    const image = sharp(bytes, { limitInputPixels: 40_000_000 });
    const meta = await image.metadata();
    if (meta.format !== format) throw new Error('format mismatch');
    const rotated = image.rotate();
    const output =
      format === 'jpeg'
        ? await rotated.jpeg({ quality: 85 }).toBuffer()
        : await rotated.png().toBuffer();
    return { output, extension: format === 'jpeg' ? 'jpg' : 'png', contentType: `image/${format}` };
  } catch {
    throw new AppError('FILE_TYPE_NOT_ALLOWED', LISTING_MESSAGES.imageOnly);
  }
}

/**
 * Stores a checked, re-encoded listing picture as `listing/<userId>/<random>.jpg|png`, public or
 * private by kind. Returns the key.
 */
export async function storeListingPicture(
  storage: ListingStorage,
  userId: number,
  kind: ListingPictureKind,
  bytes: Buffer,
): Promise<string> {
  const picture = await reencodePicture(bytes);
  const key = `listing/${userId}/${randomBytes(16).toString('hex')}.${picture.extension}`;
  await storage.put(visibilityOf(kind), key, picture.output, picture.contentType);
  return key;
}

/**
 * Whether a stored path may be attached by this user to a picture of this kind: an upload of
 * their own still present in the right area, or (for a listing being edited) a path it holds.
 */
export async function isUsablePicture(
  storage: ListingStorage,
  userId: number,
  kind: ListingPictureKind,
  picturePath: string,
  alreadyAttached: ReadonlySet<string>,
): Promise<boolean> {
  if (alreadyAttached.has(picturePath)) return true;
  if (!UPLOADED_PATH.test(picturePath) || !picturePath.startsWith(`listing/${userId}/`))
    return false;
  return storage.exists(visibilityOf(kind), picturePath);
}

/** Whether `picturePath` has the form of an upload of this user's (`listing/<userId>/…`). */
export function isOwnUploadPath(userId: number, picturePath: string): boolean {
  return UPLOADED_PATH.test(picturePath) && picturePath.startsWith(`listing/${userId}/`);
}

/** A URL to one certification photo, valid for SIGNED_URL_TTL_SECONDS from `now`. */
export async function signPictureUrl(
  storage: ListingStorage,
  picturePath: string,
  now: Date = new Date(),
): Promise<string> {
  return storage.signedUrl(picturePath, { ttlSeconds: SIGNED_URL_TTL_SECONDS, now });
}

/**
 * Deletes the files of pictures a listing no longer holds (the listing was deleted, or an edit
 * replaced them), once the change is committed. Only the owner's own uploads go, and only when
 * no listing refers to them any more; seed pictures are shared and stay. A failed deletion is
 * left to the file sweeper. Returns how many files were deleted.
 */
export async function removeDetachedPictures(
  db: Db,
  storage: ListingStorage,
  pictures: ReadonlyArray<{ kind: ListingPictureKind; path: string }>,
): Promise<number> {
  const uploaded = pictures.filter((p) => UPLOADED_PATH.test(p.path));
  if (uploaded.length === 0) return 0;
  const held = await heldPicturePaths(
    db,
    uploaded.map((p) => p.path),
  );
  const results = await Promise.allSettled(
    uploaded
      .filter((p) => !held.has(p.path))
      .map((p) => storage.delete(visibilityOf(p.kind), p.path)),
  );
  return results.filter((r) => r.status === 'fulfilled').length;
}
