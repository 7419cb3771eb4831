import { useSyncExternalStore } from 'react';

/** Below this width (px) a page takes its phone layout; the CSS modules use the same edge. */
export const PHONE_MAX_WIDTH = 767.98;

const PHONE_QUERY = `(max-width: ${PHONE_MAX_WIDTH}px)`;

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isPhoneNow = () => window.matchMedia(PHONE_QUERY).matches;

/**
 * Whether the window is phone-sized now (below 768 px), following rotation and resizing. Read
 * synchronously on the first render, so a page never shows its desktop layout first.
 */
export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribe, isPhoneNow, () => false);
}
