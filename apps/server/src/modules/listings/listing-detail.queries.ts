import { LISTING_STATUS } from '@portal/shared/constants/listing-status';
import { LISTING_REPORT_STATUS } from '@portal/shared/constants/listing-trust';
import type { ListingPictureKind } from '@portal/shared/constants/listings';
import { maskPhone } from '@portal/shared/format';
import type {
  ListingDetail,
  ListingEdit,
  Publisher,
  StoredPicture,
} from '@portal/shared/schemas/listings';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  listingPictures,
  listingReports,
  listingTags,
  listingVerifications,
  secondHandListings,
} from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { users } from '../auth/tables';
import { listingCheckCode } from './check-code-lookup.queries';
import { isPrivateKind, type ListingStorage, signPictureUrl } from './listing-files';
import { loadDictionaryNames, nameOf, toCards, type ListingRow } from './listings.queries';
import { toVerificationResult } from './verification-result';

/** A listing by id, or 70002 when it does not exist. */
export async function findListing(db: Db, id: number): Promise<ListingRow> {
  const [row] = await db.select().from(secondHandListings).where(eq(secondHandListings.id, id));
  if (!row) throw new AppError('LISTING_NOT_FOUND');
  return row;
}

/** A listing of this user, or null when there is none of that id or it is another user's. */
export async function findOwnListing(
  db: Db,
  userId: number,
  id: number,
): Promise<ListingRow | null> {
  const [row] = await db
    .select()
    .from(secondHandListings)
    .where(and(eq(secondHandListings.id, id), eq(secondHandListings.userId, userId)));
  return row ?? null;
}

/** The publisher card (docs/product/listings.md): nickname, or the masked phone when none. */
export async function getPublisher(db: Db, userId: number): Promise<Publisher> {
  const [user] = await db
    .select({ id: users.id, nickname: users.nickname, phone: users.phone, avatar: users.avatar })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new AppError('LISTING_NOT_FOUND');
  const name = user.nickname?.trim() || (user.phone ? maskPhone(user.phone) : '房东');
  return { id: user.id, name, avatar: user.avatar };
}

/**
 * The detail of detailscs / detailscz for a listing the viewer may see (the service decides,
 * listing-detail.service.ts), with its check code, 核验时间 and 最近确认在售. `viewsAdded` is the
 * view the service has just counted, so the page shows it at once.
 */
export async function readListingDetail(
  db: Db,
  row: ListingRow,
  viewer: { id: number; isOwner: boolean } | null,
  viewsAdded: number,
  isCollected: (listingId: number) => Promise<boolean>,
): Promise<ListingDetail> {
  const id = row.id;
  const isOwner = viewer?.isOwner ?? false;
  const [[card], names, pictures, publisher, collected, checkCode, reported] = await Promise.all([
    toCards(db, [row]),
    loadDictionaryNames(db),
    db
      .select()
      .from(listingPictures)
      .where(and(eq(listingPictures.listingId, id), eq(listingPictures.kind, 'house')))
      .orderBy(asc(listingPictures.sort), asc(listingPictures.id)),
    getPublisher(db, row.userId),
    viewer ? isCollected(id) : Promise.resolve(false),
    listingCheckCode(db, id),
    viewer && !isOwner ? hasOpenReport(db, viewer.id, id) : Promise.resolve(false),
  ]);
  if (!card) throw new AppError('LISTING_NOT_FOUND');
  return {
    ...card,
    elevatorStr: nameOf(names, 'elevator_flag', row.elevator) ?? '',
    buildTypeStr: nameOf(names, 'struct_type', row.buildType),
    houseTypeStr: nameOf(names, 'properties', row.houseType),
    rightLimitStr: nameOf(names, 'right_limit', row.rightLimit),
    checkIn: row.checkIn,
    description: row.description,
    viewCount: row.viewCount + viewsAdded,
    secondHouse: pictures.map((p) => ({ path: p.path, name: p.name ?? '', cover: p.isCover })),
    publisher,
    collected,
    isOwner,
    checkCode,
    confirmedAt: row.confirmedAt ? row.confirmedAt.toISOString() : null,
    hasOpenReport: reported,
  };
}

/**
 * A published listing's id and publisher, for the modules that act on public listings only
 * (房聊 about a listing, favourites); null for a missing or non-public one.
 */
export async function findPublishedListing(
  db: Db,
  id: number,
): Promise<{ id: number; userId: number; title: string } | null> {
  const [row] = await db
    .select({
      id: secondHandListings.id,
      userId: secondHandListings.userId,
      title: secondHandListings.title,
    })
    .from(secondHandListings)
    .where(
      and(
        eq(secondHandListings.id, id),
        eq(secondHandListings.publishStatus, LISTING_STATUS.PUBLISHED),
      ),
    );
  return row ?? null;
}

async function pictureUrl(
  storage: ListingStorage,
  kind: ListingPictureKind,
  picturePath: string,
): Promise<string> {
  return isPrivateKind(kind)
    ? signPictureUrl(storage, picturePath)
    : storage.publicUrl(picturePath);
}

/**
 * Everything the edit dialog (owner) or the review console (operator) needs: the stored form
 * values, the verification, and every picture with an address; certification photos get
 * short-lived signed URLs. The caller has already been authorised for this listing.
 */
export async function getListingForEdit(
  db: Db,
  storage: ListingStorage,
  row: ListingRow,
): Promise<ListingEdit> {
  const [pictures, tagRows, verification] = await Promise.all([
    db
      .select()
      .from(listingPictures)
      .where(eq(listingPictures.listingId, row.id))
      .orderBy(asc(listingPictures.sort), asc(listingPictures.id)),
    db
      .select({ tagId: listingTags.tagId })
      .from(listingTags)
      .where(eq(listingTags.listingId, row.id)),
    row.checkId === null
      ? Promise.resolve(undefined)
      : db
          .select()
          .from(listingVerifications)
          .where(eq(listingVerifications.id, row.checkId))
          .then((rows) => rows[0]),
  ]);
  const byKind = async (kind: ListingPictureKind): Promise<StoredPicture[]> =>
    Promise.all(
      pictures
        .filter((p) => p.kind === kind)
        .map(async (p) => ({
          path: p.path,
          name: p.name ?? '',
          cover: p.isCover,
          url: await pictureUrl(storage, kind, p.path),
        })),
    );
  const [owner] = await db
    .select({ realName: users.realName, idCard: users.idCard })
    .from(users)
    .where(eq(users.id, row.userId));
  return {
    id: row.id,
    publishStatus: row.publishStatus,
    form: {
      type: row.type,
      checkId: row.checkId,
      areaCode: row.districtCode,
      communityName: row.communityName,
      address: row.address,
      buildNum: row.buildNum,
      cellNum: row.cellNum,
      houseNum: row.houseNum,
      bedroom: row.bedroom,
      room: row.room,
      toilet: row.toilet,
      buildArea: Number(row.buildArea),
      floorNum: row.floorNum,
      totalFloor: row.totalFloor,
      direction: row.direction,
      decorates: row.decorates,
      elevator: row.elevator,
      buildType: row.buildType,
      rightLimit: row.rightLimit,
      houseType: row.houseType,
      rentPay: row.rentPay,
      rentType: row.rentType,
      checkIn: row.checkIn,
      age: row.age,
      price: row.price,
      title: row.title,
      description: row.description,
      userPhone: row.userPhone,
      checkList: tagRows.map((t) => t.tagId),
    },
    verification: verification ? toVerificationResult(verification, owner ?? null) : null,
    secondHouse: await byKind('house'),
    secondCertificate: await byKind('certificate'),
    secondIdCard: await byKind('idcard'),
    secondLicense: await byKind('license'),
  };
}

/** Every picture a listing holds, of every kind: its kind and stored path. */
export async function listPicturePaths(
  db: Db,
  listingId: number,
): Promise<Array<{ kind: string; path: string }>> {
  return db
    .select({ kind: listingPictures.kind, path: listingPictures.path })
    .from(listingPictures)
    .where(eq(listingPictures.listingId, listingId));
}

/** Whether the citizen has an open report on the listing (the page then says 已举报). */
export async function hasOpenReport(db: Db, userId: number, listingId: number): Promise<boolean> {
  const R = listingReports;
  const [row] = await db
    .select({ id: R.id })
    .from(R)
    .where(
      and(
        eq(R.listingId, listingId),
        eq(R.reporterId, userId),
        eq(R.status, LISTING_REPORT_STATUS.OPEN),
      ),
    )
    .limit(1);
  return Boolean(row);
}
