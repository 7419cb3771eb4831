import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LISTING_LIMITS, type ListingPictureKind } from '@portal/shared/constants/listings';
import { LISTING_MESSAGES } from '@portal/shared/schemas/listings';
import sharp from 'sharp';
import { AppError } from '../../lib/app-error';

/**
 * Where listing pictures live. House photos go to the public uploads root (served at
 * `/oss/app/`); certification photos (房本, 身份证, 授权书) go to a private root that no static
 * route serves: only a short-lived signed URL issued to the owner or an operator reaches them.
 */
export interface ListingStorage {
  uploadsDir: string;
  privateDir: string;
}

/** How long a signed certification-photo URL stays valid, seconds. */
export const SIGNED_URL_TTL_SECONDS = 10 * 60;
/** The route that serves signed certification photos. */
export const PRIVATE_FILE_ROUTE = '/api/listing-files';

/** Paths the upload call produces (`listing/<userId>/<32 hex>.jpg|png`) or the seed's pictures. */
const STORED_PATH = /^(listing\/\d+\/[a-f0-9]{32}\.(jpg|png)|seed\/[a-z0-9][a-z0-9._-]*)$/;

export function isPrivateKind(kind: ListingPictureKind): boolean {
  return kind !== 'house';
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
 * Checks an uploaded picture (JPEG or PNG by content, decodable, within the size limit),
 * re-encodes it without metadata (no GPS or camera data leaves with an ID-card photo) and
 * stores it under `listing/<userId>/` in the public or private root. Returns the stored path.
 */
export async function storeListingPicture(
  storage: ListingStorage,
  userId: number,
  kind: ListingPictureKind,
  bytes: Buffer,
): Promise<string> {
  if (bytes.length > LISTING_LIMITS.photoBytes)
    throw new AppError('FILE_TOO_LARGE', '图片大小不能超过5MB');
  const format = sniffImage(bytes);
  if (!format) throw new AppError('FILE_TYPE_NOT_ALLOWED', LISTING_MESSAGES.imageOnly);
  let output: Buffer;
  try {
    const image = sharp(bytes, { limitInputPixels: 40_000_000 });
    const meta = await image.metadata();
    if (meta.format !== format) throw new Error('format mismatch');
    const rotated = image.rotate();
    output =
      format === 'jpeg'
        ? await rotated.jpeg({ quality: 85 }).toBuffer()
        : await rotated.png().toBuffer();
  } catch {
    throw new AppError('FILE_TYPE_NOT_ALLOWED', LISTING_MESSAGES.imageOnly);
  }
  const relative = `listing/${userId}/${randomBytes(16).toString('hex')}.${format === 'jpeg' ? 'jpg' : 'png'}`;
  const root = isPrivateKind(kind) ? storage.privateDir : storage.uploadsDir;
  await mkdir(path.join(root, `listing/${userId}`), { recursive: true });
  await writeFile(path.join(root, relative), output);
  return relative;
}

/**
 * Whether a stored path may be attached by this user to a picture of this kind: an upload of
 * their own in the right root, or (for a listing being edited) a path it already holds.
 */
export function isUsablePicture(
  storage: ListingStorage,
  userId: number,
  kind: ListingPictureKind,
  picturePath: string,
  alreadyAttached: ReadonlySet<string>,
): boolean {
  if (alreadyAttached.has(picturePath)) return true;
  if (!STORED_PATH.test(picturePath) || !picturePath.startsWith(`listing/${userId}/`)) return false;
  const root = isPrivateKind(kind) ? storage.privateDir : storage.uploadsDir;
  return existsSync(path.join(root, picturePath));
}

const keyCache = new Map<string, Buffer>();

/**
 * The HMAC key for signed URLs: 32 random bytes kept in the private root (created on first use),
 * so every instance sharing the data folder signs and checks with the same key.
 */
async function signingKey(privateDir: string): Promise<Buffer> {
  const cached = keyCache.get(privateDir);
  if (cached) return cached;
  const file = path.join(privateDir, '.url-signing-key');
  let key: Buffer;
  try {
    key = await readFile(file);
  } catch {
    await mkdir(privateDir, { recursive: true });
    key = randomBytes(32);
    try {
      await writeFile(file, key, { flag: 'wx', mode: 0o600 });
    } catch {
      key = await readFile(file);
    }
  }
  keyCache.set(privateDir, key);
  return key;
}

function signature(key: Buffer, picturePath: string, expires: number): string {
  return createHmac('sha256', key).update(`${picturePath}\n${expires}`).digest('base64url');
}

/** A URL to one certification photo, valid for SIGNED_URL_TTL_SECONDS from `now`. */
export async function signPictureUrl(
  storage: ListingStorage,
  picturePath: string,
  now: Date = new Date(),
): Promise<string> {
  const expires = Math.floor(now.getTime() / 1000) + SIGNED_URL_TTL_SECONDS;
  const sig = signature(await signingKey(storage.privateDir), picturePath, expires);
  const query = new URLSearchParams({ path: picturePath, expires: String(expires), sig });
  return `${PRIVATE_FILE_ROUTE}?${query.toString()}`;
}

/**
 * Checks a signed URL's path, expiry and signature and returns the file's bytes and type.
 * Any failure is the same 403, so a caller learns nothing about which files exist.
 */
export async function readSignedPicture(
  storage: ListingStorage,
  query: { path: string; expires: number; sig: string },
  now: Date = new Date(),
): Promise<{ bytes: Buffer; contentType: string; maxAge: number }> {
  const refuse = () => new AppError('LISTING_FILE_LINK_INVALID');
  const remaining = query.expires - Math.floor(now.getTime() / 1000);
  if (!STORED_PATH.test(query.path) || remaining <= 0) throw refuse();
  const expected = Buffer.from(
    signature(await signingKey(storage.privateDir), query.path, query.expires),
  );
  const given = Buffer.from(query.sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refuse();
  const root = query.path.startsWith('seed/') ? storage.uploadsDir : storage.privateDir;
  let bytes: Buffer;
  try {
    bytes = await readFile(path.join(root, query.path));
  } catch {
    throw new AppError('NOT_FOUND', '图片不存在');
  }
  const ext = path.extname(query.path);
  const contentType =
    ext === '.png' ? 'image/png' : ext === '.svg' ? 'image/svg+xml' : 'image/jpeg';
  return { bytes, contentType, maxAge: Math.min(remaining, SIGNED_URL_TTL_SECONDS) };
}
