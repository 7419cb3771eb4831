import type { PrivatePictureKind } from '@portal/shared/constants/listings';
import type { PictureLink } from '@portal/shared/schemas/listings';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { listPicturePaths } from './listing-detail.queries';
import { requireOwnListing } from './listing-detail.service';
import { isUsablePicture, type ListingStorage, signPictureUrl } from './listing-files';

/**
 * Fresh signed links (valid 10 minutes) for certification photos a form still shows after its
 * first links have expired. The caller may ask for their own uploads, or for pictures of that
 * kind held by their own listing `listingId`; anything else is refused with 70005 (one answer,
 * so paths of others reveal nothing).
 */
export async function freshPictureLinks(
  db: Db,
  storage: ListingStorage,
  userId: number,
  request: { listingId?: number; pictures: Array<{ kind: PrivatePictureKind; path: string }> },
): Promise<PictureLink[]> {
  const held: Array<{ kind: string; path: string }> = [];
  if (request.listingId !== undefined) {
    await requireOwnListing(db, userId, request.listingId);
    held.push(...(await listPicturePaths(db, request.listingId)));
  }
  return Promise.all(
    request.pictures.map(async ({ kind, path }) => {
      const heldOfKind = new Set(held.filter((p) => p.kind === kind).map((p) => p.path));
      if (!(await isUsablePicture(storage, userId, kind, path, heldOfKind)))
        throw new AppError('LISTING_PICTURE_INVALID');
      return { path, url: await signPictureUrl(storage, path) };
    }),
  );
}
