import { useEffect } from 'react';

/**
 * Declares a bar the page fixes to the bottom of the window (a pay bar, a sheet's handle) of
 * `heightPx` px while `isActive`: the floating buttons (客服, 回到顶部) then keep above it
 * instead of covering its controls (`--portal-fixed-bottom`, docs/decisions/0027-responsive-shell.md).
 */
export function useFixedBottomBar(heightPx: number, isActive = true): void {
  useEffect(() => {
    if (!isActive) return;
    const root = document.documentElement;
    root.style.setProperty('--portal-fixed-bottom', `${heightPx}px`);
    return () => {
      root.style.removeProperty('--portal-fixed-bottom');
    };
  }, [heightPx, isActive]);
}
