import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../lib/app-error';

/** The pixel limit of every decoded upload, operators' as citizens'. */
export const IMAGE_PIXEL_LIMIT = 40_000_000;

type Format = 'jpeg' | 'png' | 'gif' | 'webp';

const EXTENSION: Record<Format, string> = { jpeg: 'jpg', png: 'png', gif: 'gif', webp: 'webp' };

/** JPEG, PNG, GIF or WebP by the first bytes; null for anything else. */
export function sniffOperatorImage(bytes: Buffer): Format | null {
  const starts = (...sig: number[]) => sig.every((value, i) => bytes[i] === value);
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'gif';
  const riff = bytes.subarray(0, 4).toString('latin1') === 'RIFF';
  if (riff && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return null;
}

/**
 * Decodes an operator's picture and encodes it again in its own format, as citizens' uploads
 * are: anything that is not a whole picture of the format its first bytes claim (HTML appended
 * to a GIF, a truncated file) is dropped or refused, metadata (GPS, camera) is removed, the
 * orientation applied, and a picture over IMAGE_PIXEL_LIMIT pixels is refused before it is
 * decoded. Animated GIF and WebP keep their frames. Answers the new bytes and extension.
 */
export async function reencodeOperatorImage(
  bytes: Buffer,
): Promise<{ output: Buffer; extension: string }> {
  const format = sniffOperatorImage(bytes);
  if (!format) throw new AppError('FILE_TYPE_NOT_ALLOWED', '只能上传图片文件');
  const animated = format === 'gif' || format === 'webp';
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false, animated }).metadata();
  } catch {
    throw new AppError('FILE_TYPE_NOT_ALLOWED', '图片已损坏或格式无法识别，请重新上传');
  }
  const pixels = (meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0);
  if (pixels > IMAGE_PIXEL_LIMIT) {
    throw new AppError('FILE_TOO_LARGE', '图片像素过大（不超过4000万像素），请缩小后上传');
  }
  if (meta.format !== format) {
    throw new AppError('FILE_TYPE_NOT_ALLOWED', '图片已损坏或格式无法识别，请重新上传');
  }
  try {
    const image = sharp(bytes, { limitInputPixels: IMAGE_PIXEL_LIMIT, animated }).rotate();
    const encoded =
      format === 'jpeg'
        ? image.jpeg({ quality: 85 })
        : format === 'png'
          ? image.png()
          : format === 'gif'
            ? image.gif()
            : image.webp({ quality: 85 });
    return { output: await encoded.toBuffer(), extension: EXTENSION[format] };
  } catch {
    throw new AppError('FILE_TYPE_NOT_ALLOWED', '图片已损坏或格式无法识别，请重新上传');
  }
}
