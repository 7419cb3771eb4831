import { CARE_MODE_ATTRIBUTE, CARE_MODE_COOKIE } from '@portal/shared/constants/care-mode';

/**
 * The page as a device in 长辈版 must receive it: `<html>` marked with the mode's attribute, so
 * its styles apply from the first paint, before any code runs (docs/product/accessibility.md).
 * Pages are drawn and kept without the mark (the mode changes styles, not markup), so one kept
 * page serves both modes.
 */
export function markCareMode(html: string, cookies: Record<string, string | undefined>): string {
  if (cookies[CARE_MODE_COOKIE] !== '1') return html;
  return html.replace(/<html(\s|>)/, `<html ${CARE_MODE_ATTRIBUTE}="1"$1`);
}
