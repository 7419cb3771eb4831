/** The selectors of the rule against comparing status fields with bare numbers. */
export const STATUS_NUMBER_SELECTORS: string[];
/** The `no-restricted-syntax` entries of the rule. */
export const STATUS_NUMBER_RESTRICTIONS: Array<{ selector: string; message: string }>;
/** The selectors of the rule against the product's word statuses written as bare strings. */
export const STATUS_WORD_SELECTORS: string[];
/** The `no-restricted-syntax` entries of the word rule. */
export const STATUS_WORD_RESTRICTIONS: Array<{ selector: string; message: string }>;
/** Both rules, as `eslint.config.js` wires them. */
export const STATUS_RESTRICTIONS: Array<{ selector: string; message: string }>;
