import { LAYOUT_COOKIE, LAYOUT_WIDTHS, layoutOf } from '@portal/shared/constants/viewport';

/**
 * The phone/desktop guess corrected (docs/decisions/0059-layout-guess.md). The server draws a
 * page for the layout it guesses from the user agent, or for the one this browser reported in
 * its layout cookie. Run by the boot script: it reports the real window's layout in the cookie,
 * so every later page comes drawn for it. A page in hand drawn for another layout (a phone
 * sending a desktop user agent, or the reverse, on its first page) is kept hidden by the
 * server's style until the app draws it afresh for the real width (`main.tsx`).
 */
export function reportLayout(): void {
  const width = window.innerWidth;
  if (!(width > 0)) return;
  const reported = LAYOUT_WIDTHS[layoutOf(width)];
  document.cookie = `${LAYOUT_COOKIE}=${reported}; path=/; max-age=31536000; samesite=lax`;
}

/** Whether a server-rendered page was drawn for this window's layout. */
export function drawnForThisLayout(drawnForWidth: number): boolean {
  return !(drawnForWidth > 0) || layoutOf(drawnForWidth) === layoutOf(window.innerWidth);
}
