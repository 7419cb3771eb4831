import type { ObjectStorage } from '../../integrations/storage/index';
import { AppError } from '../../lib/app-error';

/** Folders the console's picture uploads go to: article covers and pictures, the site logo. */
export type IssuedImageFolder = 'admin/images' | 'site';

/** A key as the console's upload endpoints issue it: `<folder>/<24 hex>.<picture extension>`. */
function isIssuedKey(key: string, folder: IssuedImageFolder): boolean {
  const name = key.startsWith(`${folder}/`) ? key.slice(folder.length + 1) : '';
  return /^[0-9a-f]{24}\.(jpg|png|gif|webp)$/.test(name);
}

/**
 * Accepts a picture key sent back by the console (a news cover, the site logo) only if one of the
 * console's upload endpoints issued it into `folder` and the object is stored, so a client can
 * never point the public site at an arbitrary or missing file. 400 with `label` otherwise.
 */
export async function assertIssuedImage(
  storage: Pick<ObjectStorage, 'exists'>,
  key: string,
  folder: IssuedImageFolder,
  label: string,
): Promise<void> {
  if (isIssuedKey(key, folder) && (await storage.exists('public', key))) return;
  throw new AppError('VALIDATION_FAILED', `${label}无效，请重新上传`);
}
