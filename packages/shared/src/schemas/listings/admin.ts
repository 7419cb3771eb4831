import { z } from 'zod';
import { isListingStatus, LISTING_STATUS } from '../../constants/listing-status';
import { LISTING_REPORT_DECISIONS, LISTING_REPORT_LIMITS } from '../../constants/listing-trust';
import { LISTING_PAGE_SIZE } from '../../constants/listings';
import { pagingQuery } from '../common';
import { listingTypeSchema } from '../listing-form';
import { reportPhotoSchema } from '../listing-trust';
import { listingCardSchema } from '../listings';

// The operator console's listings (`/api/admin/listings`, `/api/admin/listing-reports`): the
// review list, taking a listing down or putting it back, and the reports to decide.

/** `GET /api/admin/listings`: listings of one state, the review queue (待审核) by default. */
export const adminListingsQuerySchema = pagingQuery(LISTING_PAGE_SIZE, 100).extend({
  status: z.coerce
    .number()
    .int()
    .refine(isListingStatus, '房源状态不正确')
    .default(LISTING_STATUS.PENDING),
  type: listingTypeSchema.optional(),
});
export const adminListingSchema = listingCardSchema.extend({
  ownerId: z.number().int(),
  ownerPhone: z.string().nullable(),
  createdAt: z.string(),
  /** Open reports (举报) waiting for a decision. */
  openReports: z.number().int(),
  /** The valid check code, if any. */
  checkCode: z.string().nullable(),
});
export type AdminListing = z.infer<typeof adminListingSchema>;

/** An operator's reason for taking a listing down or putting it back. */
export const listingStatusReasonSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, '请输入原因')
    .max(LISTING_REPORT_LIMITS.noteMax, `原因不能超过${LISTING_REPORT_LIMITS.noteMax}个字`),
});

/** `GET /api/admin/listing-reports`: listings with open reports, the most reported first. */
export const adminReportQueueQuerySchema = pagingQuery(20, 100);

export const adminReportGroupSchema = z.object({
  listing: listingCardSchema,
  openCount: z.number().int(),
  reasons: z.array(z.object({ reason: z.string(), count: z.number().int() })),
  firstAt: z.string(),
  latestAt: z.string(),
  /**
   * Open reports that count toward hiding: from qualified reporters (real-name verified or an
   * established account) whose earlier report on this listing was not dismissed.
   */
  countingCount: z.number().int(),
  /** Hidden from search: enough counting reports. */
  isHidden: z.boolean(),
  /**
   * A report ring: how many of the open reporters have reported other listings together
   * (at least two of them on each), and how many such listings; null when none.
   */
  ring: z.object({ reporters: z.number().int(), listings: z.number().int() }).nullable(),
});
export type AdminReportGroup = z.infer<typeof adminReportGroupSchema>;

/** One report of a listing, for the operator: open ones to decide, decided ones as history. */
export const adminReportSchema = z.object({
  id: z.number().int(),
  reporterName: z.string(),
  /** Whether the reporter counted toward hiding when reporting (verified or established). */
  qualified: z.boolean(),
  reason: z.string(),
  description: z.string().nullable(),
  photos: z.array(reportPhotoSchema),
  createdAt: z.string(),
  /** A key of LISTING_REPORT_STATUS. */
  status: z.string(),
  outcomeNote: z.string().nullable(),
  handledAt: z.string().nullable(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

/** The decision on every open report of a listing; correct and takeDown need a note. */
export const adminReportDecisionSchema = z
  .object({
    decision: z.enum(LISTING_REPORT_DECISIONS),
    note: z
      .string()
      .trim()
      .max(LISTING_REPORT_LIMITS.noteMax, `说明不能超过${LISTING_REPORT_LIMITS.noteMax}个字`)
      .default(''),
  })
  .refine((body) => body.decision === 'dismiss' || body.note.length > 0, {
    message: '请输入说明',
    path: ['note'],
  });
export type AdminReportDecision = z.infer<typeof adminReportDecisionSchema>;
