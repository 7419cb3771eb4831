/** Listing type: 1 sale (出售), 2 rent (出租) (docs/product/listings.md). */
export const LISTING_TYPE = { SALE: 1, RENT: 2 } as const;
export type ListingTypeCode = (typeof LISTING_TYPE)[keyof typeof LISTING_TYPE];

/** The listing type an address or a tab key names: `'2'` is a rental, anything else a sale. */
export function listingTypeOf(text: string | null | undefined): ListingTypeCode {
  return text === String(LISTING_TYPE.RENT) ? LISTING_TYPE.RENT : LISTING_TYPE.SALE;
}
