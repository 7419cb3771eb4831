/**
 * The three layouts pages are drawn for, and the window width the server draws each at
 * (docs/decisions/0059-layout-guess.md): phone below 768 px, tablet below 992 px, desktop.
 */
export type Layout = 'phone' | 'tablet' | 'desktop';

/** The width (px) a server-rendered page is drawn at for each layout. */
export const LAYOUT_WIDTHS: Readonly<Record<Layout, number>> = {
  phone: 375,
  tablet: 800,
  desktop: 1440,
};

/**
 * The cookie in which the browser tells the server the layout of its window, as the width the
 * server draws that layout at: the real window beats the guess from the user agent.
 */
export const LAYOUT_COOKIE = 'portal_layout_width';

/** The layout of a window `width` px wide. */
export function layoutOf(width: number): Layout {
  return width < 768 ? 'phone' : width < 992 ? 'tablet' : 'desktop';
}

/** The width the server draws at, from the layout cookie in a `Cookie` header (null: none or not one of ours). */
export function layoutWidthFromCookie(cookieHeader: string | undefined): number | null {
  const found = new RegExp(`(?:^|;\\s*)${LAYOUT_COOKIE}=(\\d+)`).exec(cookieHeader ?? '');
  const width = Number(found?.[1]);
  return Object.values(LAYOUT_WIDTHS).includes(width) ? width : null;
}
