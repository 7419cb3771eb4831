import { randomBytes } from 'node:crypto';
import { LISTING_STATUS } from '@portal/shared/constants/listing-status';
import { LISTING_REPORT_LIMITS } from '@portal/shared/constants/listing-trust';
import type { listingReportFormSchema } from '@portal/shared/schemas/listing-trust';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { listingReportPhotos, listingReports } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { users } from '../auth/tables';
import { findListing } from './listing-detail.queries';
import { type ListingStorage, reencodePicture, signPictureUrl } from './listing-files';

const R = listingReports;
/** Keys of report photos: `report/<userId>/<32 hex>.jpg|png`, private. */
const REPORT_PHOTO = /^report\/\d+\/[a-f0-9]{32}\.(jpg|png)$/;

/**
 * Stores one photo for a report (JPEG or PNG, re-encoded without metadata) in the private
 * store and answers its key with a short-lived link for the form's preview.
 */
export async function storeReportPhoto(
  storage: ListingStorage,
  userId: number,
  bytes: Buffer,
): Promise<{ path: string; url: string }> {
  const picture = await reencodePicture(bytes);
  const key = `report/${userId}/${randomBytes(16).toString('hex')}.${picture.extension}`;
  await storage.put('private', key, picture.output, picture.contentType);
  return { path: key, url: await signPictureUrl(storage, key) };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether a reporter counts toward hiding a listing (docs/product/listings.md "举报"): real-name
 * verified, or an established account — registered at least `establishedAccountDays` ago and
 * signed in again at least `returningAfterDays` after registering. Weighed when reporting.
 */
export function isQualifiedReporter(
  user: { realNameAuth: boolean; createdAt: Date; lastLoginAt: Date | null; disabled: boolean },
  now: Date,
): boolean {
  if (user.disabled) return false;
  if (user.realNameAuth) return true;
  const age = now.getTime() - user.createdAt.getTime();
  const returned = user.lastLoginAt ? user.lastLoginAt.getTime() - user.createdAt.getTime() : -1;
  return (
    age >= LISTING_REPORT_LIMITS.establishedAccountDays * DAY_MS &&
    returned >= LISTING_REPORT_LIMITS.returningAfterDays * DAY_MS
  );
}

/**
 * 举报: a signed-in citizen reports a published listing of someone else, with a reason, an
 * optional description and up to three of their own report photos. One open report per
 * citizen and listing (a second answers 70006 until the operators decide the first).
 */
export async function createReport(
  db: Db,
  storage: ListingStorage,
  userId: number,
  listingId: number,
  form: z.output<typeof listingReportFormSchema>,
): Promise<{ id: number }> {
  const listing = await findListing(db, listingId);
  if (listing.publishStatus !== LISTING_STATUS.PUBLISHED) throw new AppError('LISTING_NOT_FOUND');
  if (listing.userId === userId) throw new AppError('LISTING_REPORT_OWN');
  const photos = [...new Set(form.photos)];
  for (const path of photos) {
    const isOwnUpload = REPORT_PHOTO.test(path) && path.startsWith(`report/${userId}/`);
    if (!isOwnUpload || !(await storage.exists('private', path)))
      throw new AppError('LISTING_PICTURE_INVALID');
  }
  const [reporter] = await db
    .select({
      realNameAuth: users.realNameAuth,
      createdAt: users.createdAt,
      lastLoginAt: users.lastLoginAt,
      disabled: users.disabled,
    })
    .from(users)
    .where(eq(users.id, userId));
  const qualified = reporter ? isQualifiedReporter(reporter, new Date()) : false;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(R)
      .values({
        listingId,
        reporterId: userId,
        reason: form.reason,
        description: form.description,
        qualified,
      })
      .onConflictDoNothing()
      .returning({ id: R.id });
    if (!row) throw new AppError('LISTING_REPORT_DUPLICATE');
    if (photos.length > 0)
      await tx
        .insert(listingReportPhotos)
        .values(photos.map((path, sort) => ({ reportId: row.id, path, sort })));
    return row;
  });
}
