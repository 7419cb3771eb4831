/**
 * What can be compared side by side: new-build projects, or second-hand listings (sale or rent).
 * Plain constants, apart from the API's schemas (`schemas/compare.ts`), so the pages that show
 * the compare tray load them without the schema library.
 */
export const COMPARE_TYPES = ['project', 'listing'] as const;
export type CompareType = (typeof COMPARE_TYPES)[number];

/** At least two and at most four things are compared at once. */
export const COMPARE_LIMITS = { min: 2, max: 4 } as const;
