import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { encryptedText } from '../identity-cipher';
import {
  areaM2,
  coordinate,
  createdAt,
  idColumn,
  timestampTz,
  tsvector,
  updatedAt,
} from './columns';
import { tags } from './project-content';
import { districts } from './projects';
import { ownershipRecords } from './registry';
import { users } from './users';

/**
 * Ownership verifications (房源核验, step 1 of /addhouse). certificate_type 1 房屋所有权证,
 * 2 不动产权证书 (number composed from syear and a serial). check_status: 2 passed, 3 failed.
 */
export const listingVerifications = pgTable(
  'listing_verifications',
  {
    id: idColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    certificateType: smallint('certificate_type').notNull(),
    certificateNum: text('certificate_num').notNull(),
    syear: text('syear'),
    areaCode: text('area_code')
      .notNull()
      .references(() => districts.code),
    /** The owner as typed in the form, encrypted at rest (db/identity-cipher.ts). */
    ownerName: encryptedText('owner_name').notNull(),
    ownerIdCard: encryptedText('owner_id_card').notNull(),
    checkStatus: smallint('check_status').notNull(),
    checkResult: text('check_result'),
    ownershipRecordId: integer('ownership_record_id').references(() => ownershipRecords.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [index('listing_verifications_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Second-hand sale (type 1) and rental (type 2) listings, every field of the publish form (docs/product/listings.md).
 * Dictionary-backed columns hold the dictionary code. price: sale total in yuan, rent yuan/month;
 * price_per_square_metre yuan/㎡; build_area ㎡. publish_status: the codes of `LISTING_STATUS`
 * (packages/shared/src/constants/listing-status.ts), 1 待发布 to 8 已成交.
 */
export const secondHandListings = pgTable(
  'second_hand_listings',
  {
    id: idColumn(),
    type: smallint('type').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    checkId: integer('check_id').references(() => listingVerifications.id, {
      onDelete: 'set null',
    }),
    districtCode: text('district_code')
      .notNull()
      .references(() => districts.code),
    communityName: text('community_name').notNull(),
    address: text('address').notNull(),
    buildNum: text('build_num').notNull(),
    cellNum: text('cell_num').notNull(),
    houseNum: text('house_num').notNull(),
    /** 室 / 厅 / 卫. */
    bedroom: smallint('bedroom').notNull(),
    room: smallint('room').notNull(),
    toilet: smallint('toilet').notNull(),
    buildArea: areaM2('build_area').notNull(),
    floorNum: smallint('floor_num').notNull(),
    totalFloor: smallint('total_floor').notNull(),
    /** house_direction code. */
    direction: text('direction').notNull(),
    decorates: text('decorates').notNull(),
    /** struct_type code (sale). */
    buildType: text('build_type'),
    /** right_limit code (sale): 产权年限. */
    rightLimit: text('right_limit'),
    /** properties code (sale): 房屋类型. */
    houseType: text('house_type'),
    /** elevator_flag code. */
    elevator: text('elevator').notNull(),
    /** rent_pay_type code (rent): 1 年付, 2 半年付, 3 押一付一, 4 押一付三. */
    rentPay: text('rent_pay'),
    /** rent_type code (rent): 1 整租, 2 合租. */
    rentType: text('rent_type'),
    /** Move-in date; null means 随时入住. */
    checkIn: date('check_in', { mode: 'string' }),
    price: integer('price').notNull(),
    pricePerSquareMetre: integer('price_per_square_metre'),
    /** 9–40 characters (docs/product/listings.md). */
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** Build year (房龄 is derived from it). */
    age: smallint('age'),
    userPhone: text('user_phone'),
    /** Cover picture path (a copy of the cover in listing_pictures). */
    coverPath: text('cover_path'),
    publishStatus: smallint('publish_status').notNull().default(1),
    publishTime: timestampTz('publish_time'),
    /** The operator's reason for the current state (驳回 or 下架 reason); cleared by every move. */
    reviewNote: text('review_note'),
    /** 最近确认在售: approval, restore, or the owner's latest confirmation. */
    confirmedAt: timestampTz('confirmed_at'),
    /** When the owner was asked to confirm it is still available; null when nothing is asked. */
    confirmRequestedAt: timestampTz('confirm_requested_at'),
    /** What an operator asked the owner to correct after a report; cleared by the next edit. */
    correctionNote: text('correction_note'),
    correctionRequestedAt: timestampTz('correction_requested_at'),
    reviewedAt: timestampTz('reviewed_at'),
    reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    viewCount: integer('view_count').notNull().default(0),
    lng: coordinate('lng'),
    lat: coordinate('lat'),
    /** Character unigrams and bigrams of title, community and address (`db/bigrams.ts`). */
    searchBigrams: tsvector('search_bigrams'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('listings_type_status_district_price_idx').on(
      t.type,
      t.publishStatus,
      t.districtCode,
      t.price,
    ),
    index('listings_type_status_time_idx').on(t.type, t.publishStatus, t.publishTime),
    /** The 小区 filter and suggestions of /secondhandhouse. */
    index('listings_type_status_community_idx').on(t.type, t.publishStatus, t.communityName),
    index('listings_user_type_idx').on(t.userId, t.type, t.createdAt),
    /** The map's second-hand layer: public listings of a type inside the visible box. */
    index('listings_type_status_lat_lng_idx').on(t.type, t.publishStatus, t.lat, t.lng),
    index('listings_status_confirmed_idx').on(t.publishStatus, t.confirmedAt),
    index('listings_status_confirm_requested_idx').on(t.publishStatus, t.confirmRequestedAt),
    index('listings_search_idx').using('gin', t.searchBigrams),
    check('listings_type_check', sql`${t.type} in (1, 2)`),
    check('listings_publish_status_check', sql`${t.publishStatus} between 1 and 8`),
  ],
);

/** Listing pictures. kind: house (gallery, ≤10), certificate, idcard, license (授权书, ≤2 each). */
export const listingPictures = pgTable(
  'listing_pictures',
  {
    id: idColumn(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => secondHandListings.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    path: text('path').notNull(),
    name: text('name'),
    isCover: boolean('is_cover').notNull().default(false),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [
    index('listing_pictures_listing_idx').on(t.listingId, t.kind, t.sort),
    check(
      'listing_pictures_kind_check',
      sql`${t.kind} in ('house', 'certificate', 'idcard', 'license')`,
    ),
  ],
);

/** Amenity tags of a listing (tag type 6 for sale, 7 for rent). */
export const listingTags = pgTable(
  'listing_tags',
  {
    listingId: integer('listing_id')
      .notNull()
      .references(() => secondHandListings.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.listingId, t.tagId] }),
    index('listing_tags_tag_idx').on(t.tagId),
  ],
);

/**
 * The version of a public read's answers (today `listing_search`: the second-hand search).
 * Database triggers give it the next value when anything the answers show changes (listings,
 * their tags and reports, the dictionaries, tags and districts they name), once per transaction
 * and at its commit, and announce it on the channel `read_versions`, so an instance may reuse an
 * answer for as long as the version it read before it is unchanged (docs/architecture.md,
 * "Kept answers of public reads").
 */
export const readVersions = pgTable('read_versions', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/**
 * The unfinished /addhouse form of a user, one per listing type (docs/decisions/0055-forgiving-listing-drafts.md):
 * saved as the citizen types and read back after a reload or on another device; the newest save
 * wins. `data` holds the typed values and the photo references (checked as the caller's own
 * uploads when saved); `picture_paths` repeats the photo keys so the file sweeper keeps them.
 * Deleted when the listing of that type is published.
 */
export const listingDrafts = pgTable(
  'listing_drafts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    checkId: integer('check_id').references(() => listingVerifications.id, {
      onDelete: 'set null',
    }),
    data: jsonb('data').notNull(),
    picturePaths: text('picture_paths')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.type] }),
    check('listing_drafts_type_check', sql`${t.type} in (1, 2)`),
    index('listing_drafts_pictures_idx').using('gin', t.picturePaths),
  ],
);
