import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { areaM2, createdAt, idColumn, timestampTz } from './columns';
import { listingVerifications, secondHandListings } from './listings';
import { districts } from './projects';
import { users } from './users';

/**
 * 房源核验码: issued when a listing is approved, tied to the ownership verification it was
 * approved on. At most one valid (unrevoked) code per listing. The public check page reads the
 * snapshot columns, so a code still answers after its listing is gone; they hold no personal
 * data (no owner, no ID number, no certificate number).
 */
export const listingCheckCodes = pgTable(
  'listing_check_codes',
  {
    id: idColumn(),
    code: text('code').notNull(),
    listingId: integer('listing_id').references(() => secondHandListings.id, {
      onDelete: 'set null',
    }),
    verificationId: integer('verification_id').references(() => listingVerifications.id, {
      onDelete: 'set null',
    }),
    /** When the ownership was checked against the register (核验时间). */
    verifiedAt: timestampTz('verified_at').notNull(),
    /** 1 房屋所有权证, 2 不动产权证书. */
    certificateType: smallint('certificate_type').notNull(),
    districtCode: text('district_code')
      .notNull()
      .references(() => districts.code),
    /** Registered build area, ㎡. */
    registeredArea: areaM2('registered_area'),
    issuedAt: timestampTz('issued_at').notNull().defaultNow(),
    issuedBy: integer('issued_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestampTz('revoked_at'),
    /** A key of CHECK_CODE_REVOKE_REASON. */
    revokeReason: text('revoke_reason'),
  },
  (t) => [
    uniqueIndex('listing_check_codes_code_uq').on(t.code),
    uniqueIndex('listing_check_codes_valid_uq')
      .on(t.listingId)
      .where(sql`${t.revokedAt} is null`),
    index('listing_check_codes_listing_idx').on(t.listingId, t.issuedAt),
  ],
);

/**
 * 举报: a citizen's report on a listing. One open report per citizen and listing; an operator
 * decides all open reports of a listing at once (status dismissed, correction or taken_down).
 */
export const listingReports = pgTable(
  'listing_reports',
  {
    id: idColumn(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => secondHandListings.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A key of LISTING_REPORT_REASON. */
    reason: text('reason').notNull(),
    description: text('description'),
    /**
     * Whether the reporter counted toward hiding the listing when reporting: real-name verified
     * or an established account (docs/product/listings.md "举报").
     */
    qualified: boolean('qualified').notNull().default(false),
    status: text('status').notNull().default('open'),
    /** The operator's words to the reporter and owner with the outcome. */
    outcomeNote: text('outcome_note'),
    handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
    handledAt: timestampTz('handled_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('listing_reports_open_uq')
      .on(t.listingId, t.reporterId)
      .where(sql`${t.status} = 'open'`),
    index('listing_reports_status_idx').on(t.status, t.listingId),
    index('listing_reports_reporter_idx').on(t.reporterId, t.createdAt),
    check(
      'listing_reports_reason_check',
      sql`${t.reason} in ('sold', 'price', 'photo', 'fake', 'other')`,
    ),
    check(
      'listing_reports_status_check',
      sql`${t.status} in ('open', 'dismissed', 'correction', 'taken_down')`,
    ),
  ],
);

/** Up to three private photos of a report (`report/<userId>/<random>.jpg|png`). */
export const listingReportPhotos = pgTable(
  'listing_report_photos',
  {
    id: idColumn(),
    reportId: integer('report_id')
      .notNull()
      .references(() => listingReports.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [
    index('listing_report_photos_report_idx').on(t.reportId, t.sort),
    index('listing_report_photos_path_idx').on(t.path),
  ],
);
