/**
 * 长辈版 (docs/product/accessibility.md). The device's choice is a cookie the server reads, so the
 * page arrives already in the mode and paints in it without a flash; the account's choice is kept
 * on the server (`/api/users/me/care-mode`) and applied to a device at sign-in.
 */
export const CARE_MODE_COOKIE = 'portal_care';

/** The attribute of `<html>` that the mode's styles hang on (`data-care="1"`). */
export const CARE_MODE_ATTRIBUTE = 'data-care';

/** A year: the choice is kept across visits until the citizen leaves the mode. */
export const CARE_MODE_COOKIE_SECONDS = 365 * 24 * 60 * 60;
