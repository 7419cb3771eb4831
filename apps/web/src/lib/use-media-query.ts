import { useSyncExternalStore } from 'react';
import { SSR_STATE_ID } from './ssr-state';

/** Phones: the widths the compact page layouts are drawn for (px, matches the CSS modules). */
export const PHONE_QUERY = '(max-width: 767px)';
/** Phones and tablets: the compact header with the menu drawer replaces the top navigation. */
export const COMPACT_SHELL_QUERY = '(max-width: 991px)';

/**
 * The window width (px) a server-rendered page was drawn for: while rendering, what the server
 * assumed from the reader's browser; while hydrating, what the page says it was drawn for
 * (docs/decisions/0048-server-rendered-public-pages.md). Null: assume nothing matches.
 */
let drawnForWidth: () => number | null = () => {
  const width = document.getElementById(SSR_STATE_ID)?.dataset.viewportWidth;
  return width ? Number(width) : null;
};

/** Where the server renderer tells which width the page being drawn is for. */
export function setDrawnForWidth(source: () => number | null): void {
  drawnForWidth = source;
}

/** Whether `query`, made of `(max-width: Npx)` and `(min-width: Npx)` parts, holds at `width`. */
export function matchesWidth(query: string, width: number): boolean {
  const parts = query.split(/\s+and\s+/);
  return parts.every((part) => {
    const found = /\((max|min)-width:\s*(\d+(?:\.\d+)?)px\)/.exec(part);
    if (!found) return false;
    const limit = Number(found[2]);
    return found[1] === 'max' ? width <= limit : width >= limit;
  });
}

/**
 * Whether a CSS media query matches, kept in step with the window. For the few layout choices
 * CSS alone cannot make (which component to mount); styling stays in the CSS modules.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => {
      const width = drawnForWidth();
      return width !== null && matchesWidth(query, width);
    },
  );
}

/** True on phone widths (< 768 px). */
export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_QUERY);
}
