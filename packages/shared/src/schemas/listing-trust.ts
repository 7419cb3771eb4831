import { z } from 'zod';
import {
  CHECK_CODE_STATUS,
  LISTING_REPORT_LIMITS,
  LISTING_REPORT_REASONS,
  normalizeCheckCode,
} from '../constants/listing-trust';
import { listingCardSchema } from './listings';

/** A check code as typed or scanned: normalised, at most 40 characters before that. */
export const checkCodeParamSchema = z.object({
  code: z
    .string()
    .max(40, '核验码不正确')
    .transform((value) => normalizeCheckCode(value)),
});

/**
 * `GET /api/listings/check-codes/:code` (the public /verify page): what was verified and when,
 * never who owns the house. `listing` is present only for a valid code.
 */
export const checkCodeResultSchema = z.object({
  status: z.enum([CHECK_CODE_STATUS.VALID, CHECK_CODE_STATUS.REVOKED, CHECK_CODE_STATUS.UNKNOWN]),
  code: z.string(),
  /** When the ownership was checked against the register (核验时间). */
  verifiedAt: z.string().nullable(),
  issuedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** Why a revoked code stopped being valid, in words. */
  revokedReason: z.string().nullable(),
  /** 不动产权证书 or 房屋所有权证. */
  certificateTypeLabel: z.string().nullable(),
  districtName: z.string().nullable(),
  /** Registered build area, ㎡. */
  registeredArea: z.number().nullable(),
  listing: z
    .object({
      id: z.number().int(),
      type: z.number().int(),
      title: z.string(),
      communityName: z.string(),
      /** The listing's state label; `isOnSale` when it is public now. */
      statusLabel: z.string(),
      isOnSale: z.boolean(),
      confirmedAt: z.string().nullable(),
    })
    .nullable(),
});
export type CheckCodeResult = z.infer<typeof checkCodeResultSchema>;

/** `POST /api/listings/:id/reports` (举报): a reason, an optional description, ≤ 3 photos. */
export const listingReportFormSchema = z.object({
  reason: z.enum(LISTING_REPORT_REASONS, { error: '请选择举报原因' }),
  description: z
    .string()
    .trim()
    .max(
      LISTING_REPORT_LIMITS.descriptionMax,
      `描述不能超过${LISTING_REPORT_LIMITS.descriptionMax}个字`,
    )
    .optional()
    .transform((value) => (value ? value : null)),
  photos: z
    .array(
      z.string().regex(/^report\/\d+\/[a-f0-9]{32}\.(jpg|png)$/, '图片不存在或已失效，请重新上传'),
      { error: '举报图片格式不正确' },
    )
    .max(LISTING_REPORT_LIMITS.photos, `最多上传${LISTING_REPORT_LIMITS.photos}张图片`)
    .default([]),
});
export type ListingReportForm = z.input<typeof listingReportFormSchema>;

/** A stored report photo with a short-lived link. */
export const reportPhotoSchema = z.object({ path: z.string(), url: z.string() });

/** `POST /api/listings/:id/price` (调价): the new price, yuan (sale) or yuan/month (rent). */
export const listingRepriceSchema = z.object({
  price: z.coerce
    .number({ error: '请输入价格' })
    .int('价格须为整数')
    .positive('请输入价格')
    .max(2_000_000_000, '价格过大'),
});

/** A row of the owner's list (/mySecondHandHouse): the card and what the owner must know. */
export const myListingSchema = listingCardSchema.extend({
  /** The owner was asked to confirm it is still available; answer before this instant. */
  confirmDeadline: z.string().nullable(),
  correctionNote: z.string().nullable(),
  correctionRequestedAt: z.string().nullable(),
  checkCode: z.string().nullable(),
});
export type MyListing = z.infer<typeof myListingSchema>;
