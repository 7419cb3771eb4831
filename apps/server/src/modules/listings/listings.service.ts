import { LISTING_STATUS, statesAllowing } from '@portal/shared/constants/listing-status';
import { LISTING_TYPE } from '@portal/shared/constants/listings';
import type { ListingPictureKind } from '@portal/shared/constants/listings';
import type { ListingFormParsed } from '@portal/shared/schemas/listings';
import { and, eq } from 'drizzle-orm';
import { bigramTsVector } from '../../db/bigrams';
import type { Db } from '../../db/client';
import { listingDrafts, listingPictures, listingTags } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { withTransitions } from '../transitions/index';
import { checkListingCodes } from './listing-codes';
import { listPicturePaths } from './listing-detail.queries';
import { requireOwnListing } from './listing-detail.service';
import { isUsablePicture, type ListingStorage, removeDetachedPictures } from './listing-files';
import { createListingRow, moveListing, stateError } from './listing-moves';
import { toVerificationResult } from './verification-result';
import { findPassedVerification, requireRealNameUser } from './verification.service';

type PictureRow = typeof listingPictures.$inferInsert;

const PICTURE_FIELDS: Array<[keyof ListingFormParsed, ListingPictureKind]> = [
  ['secondHouse', 'house'],
  ['secondCertificate', 'certificate'],
  ['secondIdCard', 'idcard'],
  ['secondLicense', 'license'],
];

/**
 * Checks every rule that needs the database (real-name status, dictionary codes and tags, the
 * verification, pictures) and builds the rows to write.
 */
async function prepare(
  db: Db,
  storage: ListingStorage,
  userId: number,
  form: ListingFormParsed,
  attached: ReadonlySet<string>,
) {
  const user = await requireRealNameUser(db, userId);
  await checkListingCodes(db, form);
  const verification = await findPassedVerification(db, userId, form.checkId);
  if (verification.areaCode !== form.areaCode)
    throw new AppError('VALIDATION_FAILED', '所选区域与房源核验的区域不一致');
  if (toVerificationResult(verification, user).needsLicense && form.secondLicense.length === 0)
    throw new AppError('VALIDATION_FAILED', '请上传授权书照片');
  const tagIds = [...new Set(form.checkList)];

  const pictures: Array<Omit<PictureRow, 'listingId'>> = [];
  for (const [field, kind] of PICTURE_FIELDS) {
    const list = form[field] as ListingFormParsed['secondHouse'];
    const hasCover = list.some((p) => p.cover);
    for (const [sort, picture] of list.entries()) {
      if (!(await isUsablePicture(storage, userId, kind, picture.path, attached)))
        throw new AppError('LISTING_PICTURE_INVALID');
      pictures.push({
        kind,
        path: picture.path,
        name: picture.name || null,
        isCover: kind === 'house' && (hasCover ? picture.cover : sort === 0),
        sort,
      });
    }
  }
  const cover = pictures.find((p) => p.isCover)?.path ?? null;

  const isSale = form.type === LISTING_TYPE.SALE;
  const values = {
    type: form.type,
    userId,
    checkId: verification.id,
    districtCode: form.areaCode,
    communityName: form.communityName,
    address: form.address,
    buildNum: form.buildNum,
    cellNum: form.cellNum,
    houseNum: form.houseNum,
    bedroom: form.bedroom,
    room: form.room,
    toilet: form.toilet,
    buildArea: form.buildArea,
    floorNum: form.floorNum,
    totalFloor: form.totalFloor,
    direction: form.direction,
    decorates: form.decorates,
    elevator: form.elevator,
    buildType: isSale ? (form.buildType ?? null) : null,
    rightLimit: isSale ? (form.rightLimit ?? null) : null,
    houseType: isSale ? (form.houseType ?? null) : null,
    rentPay: isSale ? null : (form.rentPay ?? null),
    rentType: isSale ? null : (form.rentType ?? null),
    checkIn: form.checkIn,
    age: form.age ?? null,
    price: form.price,
    pricePerSquareMetre: isSale ? Math.round(form.price / form.buildArea) : null,
    title: form.title,
    description: form.description,
    userPhone: form.userPhone,
    coverPath: cover,
    searchBigrams: bigramTsVector(form.title, form.communityName, form.address),
  };
  return { values, pictures, tagIds };
}

async function writeChildren(
  db: Db,
  listingId: number,
  pictures: Array<Omit<PictureRow, 'listingId'>>,
  tagIds: number[],
) {
  await db.delete(listingPictures).where(eq(listingPictures.listingId, listingId));
  await db.delete(listingTags).where(eq(listingTags.listingId, listingId));
  if (pictures.length > 0)
    await db.insert(listingPictures).values(pictures.map((p) => ({ ...p, listingId })));
  if (tagIds.length > 0)
    await db.insert(listingTags).values(tagIds.map((tagId) => ({ listingId, tagId })));
}

/**
 * Steps 2–4 of /addhouse: with the form already checked by its route schema (the shared
 * `listingFormSchema`, docs/product/listings.md), checks the verification, tags and pictures, stores the listing with its pictures and tags, and submits it for review
 * (publishStatus 2 待审核), and deletes the caller's draft of that type. Price is in yuan (sale) or yuan/month (rent).
 */
export async function createListing(
  db: Db,
  storage: ListingStorage,
  userId: number,
  form: ListingFormParsed,
): Promise<{ id: number; publishStatus: number }> {
  const { values, pictures, tagIds } = await prepare(db, storage, userId, form, new Set());
  return withTransitions(db, async (tx) => {
    const row = await createListingRow(tx, userId, {
      values,
      writeChildren: (t, listingId) => writeChildren(t, listingId, pictures, tagIds),
    });
    // The draft it was filled from is done with (docs/decisions/0055-forgiving-listing-drafts.md).
    await tx
      .delete(listingDrafts)
      .where(and(eq(listingDrafts.userId, userId), eq(listingDrafts.type, form.type)));
    return { id: row.id, publishStatus: row.publishStatus };
  });
}

/** The fields that identify the home and its ownership: changing one revokes the check code. */
const OWNERSHIP_FIELDS = [
  'checkId',
  'districtCode',
  'communityName',
  'address',
  'buildNum',
  'cellNum',
  'houseNum',
] as const;

/**
 * The edit dialog's save: only the owner, in a state that allows editing (待发布, 已发布,
 * 已驳回, 已撤回, 已下架), and the type cannot change. Changing the ownership fields (the
 * verification, district, community, address or door number) revokes the listing's check code.
 * A published listing goes back to review (待审核); any other keeps its state and the owner
 * submits it separately. A correction an operator asked for counts as answered. A new price in
 * the edit of a published listing is told to its followers at once, like 调价. Picture files the
 * edit replaced are deleted once it is saved.
 */
export async function updateListing(
  db: Db,
  storage: ListingStorage,
  userId: number,
  id: number,
  form: ListingFormParsed,
): Promise<{ id: number; publishStatus: number }> {
  const existing = await requireOwnListing(db, userId, id);
  if (form.type !== existing.type)
    throw new AppError('VALIDATION_FAILED', '编辑房源时不能修改发布类型');
  const editable = statesAllowing('edit');
  if (!(editable as number[]).includes(existing.publishStatus))
    throw stateError('编辑', existing.publishStatus);
  const current = await listPicturePaths(db, id);
  const attached = new Set(current.map((p) => p.path));
  const { values, pictures, tagIds } = await prepare(db, storage, userId, form, attached);
  const ownershipChanged = OWNERSHIP_FIELDS.some((field) => values[field] !== existing[field]);
  const wasPublished = existing.publishStatus === LISTING_STATUS.PUBLISHED;
  const saved = await withTransitions(db, async (tx) => {
    const row = await moveListing(tx, id, wasPublished ? 'resubmit' : 'edit', {
      by: userId,
      currentStatus: existing.publishStatus,
      args: {
        existing,
        values,
        ownershipChanged,
        writeChildren: (t, listingId) => writeChildren(t, listingId, pictures, tagIds),
      },
    });
    return { id: row.id, publishStatus: row.publishStatus };
  });
  const kept = new Set(pictures.map((p) => `${p.kind}:${p.path}`));
  await removeDetachedPictures(
    db,
    storage,
    current
      .filter((p) => !kept.has(`${p.kind}:${p.path}`))
      .map((p) => ({ kind: p.kind as ListingPictureKind, path: p.path })),
  );
  return saved;
}
