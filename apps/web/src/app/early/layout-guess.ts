import { LAYOUT_COOKIE, LAYOUT_WIDTHS, layoutOf } from '@portal/shared/constants/viewport';
import { SSR_MARKER } from '../../lib/ssr-state';

/** Remembered for this tab: the address already asked for again, so it never loops. */
const ASKED_AGAIN_KEY = 'portal:layout-asked-again';

/**
 * The phone/desktop guess corrected before the first paint (docs/decisions/0059-layout-guess.md).
 * The server draws a page for the layout it guesses from the user agent, or for the one this
 * browser reported in its layout cookie. Run by the boot script in the page's head, before the
 * body is drawn: it reports the real window's layout in the cookie (for every later page), and
 * when the page in hand was drawn for another layout (a phone sending a desktop user agent, or
 * the reverse, on its first page) it asks for the page again, drawn for the right one, instead
 * of showing it and redrawing it after the take-over (a visible jump). Returns true then.
 *
 * It asks again at most once per address and tab, and only when the cookie was kept: with
 * cookies refused, or a window whose width is not known yet, the page is shown as drawn and
 * React redraws it for the real width after taking it over, as before.
 */
export function correctLayoutGuess(): boolean {
  const width = window.innerWidth;
  if (!(width > 0)) return false;
  const layout = layoutOf(width);
  const reported = LAYOUT_WIDTHS[layout];
  document.cookie = `${LAYOUT_COOKIE}=${reported}; path=/; max-age=31536000; samesite=lax`;
  const drawnFor = Number(
    document.querySelector(`meta[name="${SSR_MARKER}"]`)?.getAttribute('data-viewport-width'),
  );
  if (!(drawnFor > 0) || layoutOf(drawnFor) === layout) return false;
  if (!document.cookie.includes(`${LAYOUT_COOKIE}=${reported}`)) return false;
  const address = window.location.pathname + window.location.search;
  try {
    if (window.sessionStorage.getItem(ASKED_AGAIN_KEY) === address) return false;
    window.sessionStorage.setItem(ASKED_AGAIN_KEY, address);
  } catch {
    // No session storage (a private window may refuse it): no way to be sure of asking once.
    return false;
  }
  // Nothing of the wrongly drawn page is shown while the right one comes.
  document.documentElement.style.visibility = 'hidden';
  window.location.replace(window.location.href);
  return true;
}
