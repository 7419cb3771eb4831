import { useSyncExternalStore } from 'react';

/*
 * Whether the 读屏 panel is open (docs/product/accessibility.md). The panel and the speech code
 * load when it first opens; the buttons that open it (top bar, phone menu, the 长辈版 bar) only
 * need this flag.
 */

let isOpen = false;
const listeners = new Set<() => void>();

/** Opens or closes the 读屏 panel. */
export function setReadAloudOpen(next: boolean): void {
  if (next === isOpen) return;
  isOpen = next;
  listeners.forEach((listener) => listener());
}

/** The panel's state for the shell, which mounts the panel while it is open. */
export function useReadAloudOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => isOpen,
    () => false,
  );
}
