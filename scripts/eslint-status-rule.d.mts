/** The selectors of the rule against comparing status fields with bare numbers. */
export const STATUS_NUMBER_SELECTORS: string[];
/** The `no-restricted-syntax` entries of the rule. */
export const STATUS_NUMBER_RESTRICTIONS: Array<{ selector: string; message: string }>;
