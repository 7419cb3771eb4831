/** The result of a listing's ownership verification (`listing_verifications.check_status`). */
export const LISTING_CHECK_STATUS = { PASSED: 2, FAILED: 3 } as const;
export type ListingCheckStatusCode =
  (typeof LISTING_CHECK_STATUS)[keyof typeof LISTING_CHECK_STATUS];

/** Each result as the owner reads it in the publishing wizard. */
export const LISTING_CHECK_STATUS_LABEL: Record<ListingCheckStatusCode, string> = {
  [LISTING_CHECK_STATUS.PASSED]: '核验通过',
  [LISTING_CHECK_STATUS.FAILED]: '核验未通过：未查询到与所填信息一致的产权登记，请核对后重新核验',
};
