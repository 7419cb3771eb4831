import { type ReactNode, useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * True once the page runs in the browser: false while the server renders it and during
 * hydration, then true (docs/decisions/0048-server-rendered-public-pages.md).
 */
export function useIsClient(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * Content that needs the window to draw (its size, stored settings, browser-only libraries):
 * nothing on the server and during hydration, drawn right after. For what takes no room in the
 * flow (fixed floating buttons); in-flow content gets a placeholder of its size instead.
 */
export function ClientOnly({ children }: { children: ReactNode }) {
  return useIsClient() ? children : null;
}
