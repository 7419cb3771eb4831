import type { ListingPictureKind, ListingTypeCode } from '@portal/shared/constants/listings';
import type {
  ListingDraft,
  ListingDraftParsed,
  StoredPicture,
} from '@portal/shared/schemas/listings';
import { listingDraftValuesSchema } from '@portal/shared/schemas/listings';
import { LISTING_CHECK_STATUS } from '@portal/shared/status';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listingDrafts } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { findOwnDraft } from './listing-drafts.queries';
import {
  isOwnUploadPath,
  isPrivateKind,
  type ListingStorage,
  signPictureUrl,
} from './listing-files';
import { toVerificationResult } from './verification-result';
import { findOwnVerification } from './verification.queries';
import { requireRealNameUser } from './verification.service';

const DRAFT_PICTURE_FIELDS = [
  ['secondHouse', 'house'],
  ['secondCertificate', 'certificate'],
  ['secondIdCard', 'idcard'],
  ['secondLicense', 'license'],
] as const satisfies ReadonlyArray<readonly [keyof ListingDraftParsed, ListingPictureKind]>;

type DraftData = Pick<
  ListingDraftParsed,
  'values' | 'secondHouse' | 'secondCertificate' | 'secondIdCard' | 'secondLicense'
>;

/**
 * Saves the caller's draft of one listing type (docs/decisions/0055-forgiving-listing-drafts.md), replacing
 * the one stored: the newest save wins, whichever device sent it. Only a real-name user drafts
 * (as only they publish); every photo must be an upload of the caller's own (70005) and the
 * verification one of theirs (70004), so a draft never points at anyone else's files or checks.
 */
export async function saveListingDraft(
  db: Db,
  userId: number,
  type: ListingTypeCode,
  body: ListingDraftParsed,
): Promise<{ updatedAt: string }> {
  await requireRealNameUser(db, userId);
  if (body.checkId !== null && !(await findOwnVerification(db, userId, body.checkId)))
    throw new AppError('LISTING_CHECK_INVALID');
  const paths: string[] = [];
  for (const [field] of DRAFT_PICTURE_FIELDS) {
    for (const picture of body[field]) {
      if (!isOwnUploadPath(userId, picture.path)) throw new AppError('LISTING_PICTURE_INVALID');
      paths.push(picture.path);
    }
  }
  const data: DraftData = {
    values: body.values,
    secondHouse: body.secondHouse,
    secondCertificate: body.secondCertificate,
    secondIdCard: body.secondIdCard,
    secondLicense: body.secondLicense,
  };
  const now = new Date();
  const [row] = await db
    .insert(listingDrafts)
    .values({ userId, type, checkId: body.checkId, data, picturePaths: paths, updatedAt: now })
    .onConflictDoUpdate({
      target: [listingDrafts.userId, listingDrafts.type],
      set: { checkId: body.checkId, data, picturePaths: paths, updatedAt: now },
    })
    .returning({ updatedAt: listingDrafts.updatedAt });
  if (!row) throw new AppError('INTERNAL_ERROR');
  return { updatedAt: row.updatedAt.toISOString() };
}

/** Deletes the caller's draft of one listing type (nothing to delete is no error). */
export async function deleteListingDraft(
  db: Db,
  userId: number,
  type: ListingTypeCode,
): Promise<void> {
  await db
    .delete(listingDrafts)
    .where(and(eq(listingDrafts.userId, userId), eq(listingDrafts.type, type)));
}

/**
 * The caller's draft as the form needs it, or null: the verification read again (only a passed
 * one of the caller's own, else none: step 1 is done again), public photos with their address and
 * private ones with fresh signed links.
 */
export async function showListingDraft(
  db: Db,
  storage: ListingStorage,
  userId: number,
  type: ListingTypeCode,
): Promise<ListingDraft | null> {
  const row = await findOwnDraft(db, userId, type);
  if (!row) return null;
  const data = row.data as Partial<DraftData>;
  const values = listingDraftValuesSchema.safeParse(data.values ?? {});
  let verification: ListingDraft['verification'] = null;
  if (row.checkId !== null) {
    const check = await findOwnVerification(db, userId, row.checkId);
    if (check && check.checkStatus === LISTING_CHECK_STATUS.PASSED) {
      const user = await requireRealNameUser(db, userId);
      verification = toVerificationResult(check, user);
    }
  }
  const pictures = async (field: (typeof DRAFT_PICTURE_FIELDS)[number]) => {
    const [name, kind] = field;
    const list = (data[name] ?? []).filter((p) => isOwnUploadPath(userId, p.path));
    return Promise.all(
      list.map(async (p): Promise<StoredPicture> => ({
        path: p.path,
        name: p.name ?? '',
        cover: p.cover ?? false,
        url: isPrivateKind(kind)
          ? await signPictureUrl(storage, p.path)
          : storage.publicUrl(p.path),
      })),
    );
  };
  const [secondHouse, secondCertificate, secondIdCard, secondLicense] = await Promise.all(
    DRAFT_PICTURE_FIELDS.map(pictures),
  );
  return {
    type,
    values: values.success ? values.data : {},
    verification,
    secondHouse: secondHouse ?? [],
    secondCertificate: secondCertificate ?? [],
    secondIdCard: secondIdCard ?? [],
    secondLicense: secondLicense ?? [],
    updatedAt: row.updatedAt.toISOString(),
  };
}
