import { and, arrayOverlaps, eq, inArray, like, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import {
  attachments,
  banners,
  chatMessages,
  feedback,
  houseModels,
  listingDrafts,
  listingPictures,
  listingReportPhotos,
  lotteryProofs,
  merchants,
  news,
  orders,
  projects,
  siteSettings,
  users,
} from '../db/schema/index';
import type { Visibility } from '../integrations/storage/index';
import { avatarFamily } from '../modules/users/index';

/**
 * One folder of uploads the file sweeper looks after, and how to tell which of its objects a
 * record still refers to. `referenced` gets up to a few hundred keys of that folder and answers
 * the ones in use. Folders not listed here (the seed's pictures above all) are never swept.
 */
export interface UploadFolder {
  visibility: Visibility;
  prefix: string;
  referenced(db: Db, keys: string[]): Promise<Set<string>>;
}

/** The keys among `keys` that equal a value of `column`. */
async function equalIn(db: Db, column: PgColumn, keys: string[]): Promise<Set<string>> {
  const rows = await db.select({ value: column }).from(column.table).where(inArray(column, keys));
  return new Set(rows.map((row) => String(row.value)));
}

const escapeLike = (key: string) => key.replace(/[%_\\]/g, '\\$&');

/** The keys among `keys` that some text of `column` (sanitised HTML) mentions. */
async function mentionedIn(db: Db, column: PgColumn, keys: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ value: column })
    .from(column.table)
    .where(or(...keys.map((key) => like(column, `%${escapeLike(key)}%`))) as SQL);
  const texts = rows.map((row) => String(row.value));
  return new Set(keys.filter((key) => texts.some((text) => text.includes(key))));
}

const union = (sets: Set<string>[]) => new Set(sets.flatMap((set) => [...set]));

/** Photos of a listing, or of an unfinished form's draft (kept with the draft until it goes). */
const listingPicturesInUse: UploadFolder['referenced'] = async (db, keys) => {
  const drafts = await db
    .select({ paths: listingDrafts.picturePaths })
    .from(listingDrafts)
    .where(arrayOverlaps(listingDrafts.picturePaths, keys));
  const inDrafts = new Set(drafts.flatMap((row) => row.paths));
  return union([await equalIn(db, listingPictures.path, keys), inDrafts]);
};

const reportPhotosInUse: UploadFolder['referenced'] = (db, keys) =>
  equalIn(db, listingReportPhotos.path, keys);

/** 证明材料 of a 意向登记: in use while a registration names them. */
const lotteryProofsInUse: UploadFolder['referenced'] = (db, keys) =>
  equalIn(db, lotteryProofs.path, keys);

/** Every column and text where operator uploads (news, albums, logo, banners) may be used. */
const operatorContentInUse: UploadFolder['referenced'] = async (db, keys) =>
  union(
    await Promise.all([
      equalIn(db, news.coverPath, keys),
      equalIn(db, attachments.path, keys),
      equalIn(db, banners.imagePath, keys),
      equalIn(db, siteSettings.logo, keys),
      equalIn(db, merchants.imagePath, keys),
      equalIn(db, projects.coverPath, keys),
      equalIn(db, houseModels.picturePath, keys),
      mentionedIn(db, news.content, keys),
      mentionedIn(db, feedback.reply, keys),
      mentionedIn(db, projects.tradeinContent, keys),
    ]),
  );

/** Every size of an avatar stays while the user's avatar is one of them. */
const avatarsInUse: UploadFolder['referenced'] = async (db, keys) => {
  const current = await equalIn(
    db,
    users.avatar,
    keys.map((key) => avatarFamily(key)[0] ?? key),
  );
  return new Set(keys.filter((key) => current.has(avatarFamily(key)[0] ?? key)));
};

const chatImagesInUse: UploadFolder['referenced'] = async (db, keys) => {
  const rows = await db
    .select({ body: chatMessages.body })
    .from(chatMessages)
    .where(and(eq(chatMessages.type, 'image'), inArray(chatMessages.body, keys)));
  return new Set(rows.map((row) => row.body));
};

/** Invoices and receipts: the key `order/<id>/…` names its order. */
const orderFilesInUse: UploadFolder['referenced'] = async (db, keys) => {
  const ids = [...new Set(keys.map((key) => Number(key.split('/')[1])))].filter(Number.isInteger);
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ invoices: orders.invoicePaths, receipts: orders.receiptPaths })
    .from(orders)
    .where(inArray(orders.id, ids));
  return new Set(rows.flatMap((row) => [...row.invoices, ...row.receipts]));
};

/** The folders every upload path of the product writes to. */
export const UPLOAD_FOLDERS: readonly UploadFolder[] = [
  { visibility: 'public', prefix: 'listing/', referenced: listingPicturesInUse },
  { visibility: 'private', prefix: 'listing/', referenced: listingPicturesInUse },
  { visibility: 'public', prefix: 'avatar/', referenced: avatarsInUse },
  { visibility: 'public', prefix: 'chat/', referenced: chatImagesInUse },
  { visibility: 'public', prefix: 'admin/', referenced: operatorContentInUse },
  { visibility: 'public', prefix: 'site/', referenced: operatorContentInUse },
  { visibility: 'public', prefix: 'project/', referenced: operatorContentInUse },
  { visibility: 'private', prefix: 'order/', referenced: orderFilesInUse },
  { visibility: 'private', prefix: 'report/', referenced: reportPhotosInUse },
  { visibility: 'private', prefix: 'lottery/', referenced: lotteryProofsInUse },
];
