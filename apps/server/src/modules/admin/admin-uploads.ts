import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import {
  contentTypeOf,
  type ObjectStorage,
  type Visibility,
} from '../../integrations/storage/index';
import { AppError } from '../../lib/app-error';
import { isImageBytes } from '../../lib/image-bytes';
import { readSingleUpload } from '../../lib/single-upload';
import { reencodeOperatorImage } from './operator-image';

/** Largest file an operator may upload (cover, album picture, attachment, invoice), bytes. */
export const ADMIN_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** `image`: pictures only; `document`: pictures, PDF and Office files. */
export type UploadKind = 'image' | 'document';

const DOCUMENT_EXTENSIONS = new Set(['pdf', 'doc', 'docx', 'xls', 'xlsx', 'jpg', 'jpeg', 'png']);
const IMAGE_EXTENSION: Record<string, string> = {
  ff: 'jpg',
  '89': 'png',
  '47': 'gif',
  '52': 'webp',
};

function isPdf(bytes: Buffer): boolean {
  return bytes.subarray(0, 5).toString('latin1') === '%PDF-';
}

/** Office files: OOXML (a zip) or the older OLE compound format. */
function isOffice(bytes: Buffer): boolean {
  const zip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  const ole = bytes.subarray(0, 4).toString('hex') === 'd0cf11e0';
  return zip || ole;
}

/** The stored extension of an accepted upload, judged by its bytes; null when refused. */
function extensionOf(bytes: Buffer, originalName: string, kind: UploadKind): string | null {
  if (isImageBytes(bytes)) return IMAGE_EXTENSION[bytes.subarray(0, 1).toString('hex')] ?? 'jpg';
  if (kind === 'image') return null;
  const named = path.extname(originalName).slice(1).toLowerCase();
  if (isPdf(bytes)) return 'pdf';
  if (isOffice(bytes) && DOCUMENT_EXTENSIONS.has(named) && named !== 'pdf') return named;
  return null;
}

/**
 * Reads the single multipart file of an operator upload, checks its bytes (never its name alone),
 * decodes and re-encodes a picture (`reencodeOperatorImage`) and stores it as `<folder>/<random>.<ext>`: a public object (news pictures, albums, logo) or a
 * private one (invoices and receipts). Returns the key, a URL to it (public, or signed and
 * short-lived for a private object) and the original file name.
 */
export async function saveOperatorUpload(
  request: FastifyRequest,
  storage: ObjectStorage,
  folder: string,
  kind: UploadKind,
  visibility: Visibility = 'public',
): Promise<{ path: string; url: string; originalName: string }> {
  const file = await readSingleUpload(request, ADMIN_UPLOAD_MAX_BYTES);
  const { bytes } = file;
  const originalName = path.basename(file.filename || 'file').slice(0, 100);
  const extension = extensionOf(bytes, originalName, kind);
  if (!extension) {
    throw new AppError(
      'FILE_TYPE_NOT_ALLOWED',
      kind === 'image' ? '只能上传图片文件' : '只能上传图片、PDF 或 Office 文件',
    );
  }
  // Pictures are decoded and encoded again (never stored as sent); PDF and Office files as sent.
  const picture = isImageBytes(bytes) ? await reencodeOperatorImage(bytes) : null;
  const key = `${folder}/${randomBytes(12).toString('hex')}.${picture?.extension ?? extension}`;
  await storage.put(visibility, key, picture?.output ?? bytes, contentTypeOf(key));
  const url = visibility === 'public' ? storage.publicUrl(key) : await storage.signedUrl(key);
  return { path: key, url, originalName };
}
