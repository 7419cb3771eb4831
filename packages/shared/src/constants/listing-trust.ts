/**
 * Trust in second-hand listings: check codes (房源核验码) and reports (举报). The rules behind
 * them are written in docs/product/listings.md.
 */

/** Why a citizen reports a listing; the key is stored, the label shown. */
export const LISTING_REPORT_REASON = {
  SOLD: 'sold',
  PRICE: 'price',
  PHOTO: 'photo',
  FAKE: 'fake',
  OTHER: 'other',
} as const;
export type ListingReportReason =
  (typeof LISTING_REPORT_REASON)[keyof typeof LISTING_REPORT_REASON];

export const LISTING_REPORT_REASON_LABEL: Record<ListingReportReason, string> = {
  sold: '已售/已租',
  price: '价格不实',
  photo: '图片不实',
  fake: '虚假房源',
  other: '其他',
};

export const LISTING_REPORT_REASONS = Object.values(LISTING_REPORT_REASON);

/** Where a report stands: open until an operator decides, then one of the three outcomes. */
export const LISTING_REPORT_STATUS = {
  OPEN: 'open',
  DISMISSED: 'dismissed',
  CORRECTION: 'correction',
  TAKEN_DOWN: 'taken_down',
} as const;
export type ListingReportStatus =
  (typeof LISTING_REPORT_STATUS)[keyof typeof LISTING_REPORT_STATUS];

export const LISTING_REPORT_STATUS_LABEL: Record<ListingReportStatus, string> = {
  [LISTING_REPORT_STATUS.OPEN]: '待处理',
  [LISTING_REPORT_STATUS.DISMISSED]: '举报不成立',
  [LISTING_REPORT_STATUS.CORRECTION]: '已要求房东整改',
  [LISTING_REPORT_STATUS.TAKEN_DOWN]: '房源已下架',
};

/** The operator's decisions on the open reports of one listing. */
export const LISTING_REPORT_DECISIONS = ['dismiss', 'correct', 'takeDown'] as const;
export type ListingReportDecision = (typeof LISTING_REPORT_DECISIONS)[number];

export const LISTING_REPORT_LIMITS = {
  /** Photos a report may carry. */
  photos: 3,
  descriptionMax: 500,
  /**
   * Open reports from this many different qualified citizens hide a listing from search until
   * reviewed. Qualified: real-name verified, or an established account (below).
   */
  hideAtReporters: 3,
  /** An established account was registered at least this many days before reporting… */
  establishedAccountDays: 30,
  /** …and signed in again at least this many days after registering. */
  returningAfterDays: 7,
  /** The console shows a report ring when reporters have reported this many other listings together. */
  ringMinListings: 2,
  /** Longest operator reason or correction request, characters. */
  noteMax: 200,
} as const;

/** The states of a check code as the public check page answers them. */
export const CHECK_CODE_STATUS = {
  VALID: 'valid',
  REVOKED: 'revoked',
  UNKNOWN: 'unknown',
} as const;
export type CheckCodeStatus = (typeof CHECK_CODE_STATUS)[keyof typeof CHECK_CODE_STATUS];

/** Why a check code stopped being valid. */
export const CHECK_CODE_REVOKE_REASON = {
  TAKEN_DOWN: 'taken_down',
  OWNERSHIP_CHANGED: 'ownership_changed',
  DELETED: 'deleted',
} as const;
export type CheckCodeRevokeReason =
  (typeof CHECK_CODE_REVOKE_REASON)[keyof typeof CHECK_CODE_REVOKE_REASON];

export const CHECK_CODE_REVOKE_REASON_LABEL: Record<CheckCodeRevokeReason, string> = {
  taken_down: '房源已被平台下架',
  ownership_changed: '房源的产权信息已修改，需重新核验',
  deleted: '房源已被发布人删除',
};

/** Check codes: QHD and ten characters without the look-alikes 0, O, 1 and I. */
export const CHECK_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const CHECK_CODE_PREFIX = 'QHD';
export const CHECK_CODE_PATTERN = /^QHD[2-9A-HJ-NP-Z]{10}$/;

/**
 * A typed or scanned check code in its stored form: upper case, without spaces or dashes
 * (`qhd 7K4M-2Q9X 8D` → `QHD7K4M2Q9X8D`).
 */
export function normalizeCheckCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '');
}
