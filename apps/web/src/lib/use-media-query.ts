import { useSyncExternalStore } from 'react';

/** Phones: the widths the compact page layouts are drawn for (px, matches the CSS modules). */
export const PHONE_QUERY = '(max-width: 767px)';
/** Phones and tablets: the compact header with the menu drawer replaces the top navigation. */
export const COMPACT_SHELL_QUERY = '(max-width: 991px)';

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
    () => false,
  );
}

/** True on phone widths (< 768 px). */
export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_QUERY);
}
