import { useEffect } from 'react';

/**
 * Declares a bar the page fixes to the bottom of the window (a pay bar, a sheet's handle) of
 * `heightPx` px while `isActive`: the floating buttons (客服, 回到顶部) then keep above it
 * instead of covering its controls (`--portal-fixed-bottom`, docs/decisions/0027-responsive-shell.md),
 * and the phone's bottom tab bar steps aside for it (`data-fixed-bottom` on the root,
 * docs/decisions/0054-phone-navigation-and-floating-buttons.md).
 */
export function useFixedBottomBar(heightPx: number, isActive = true): void {
  useEffect(() => {
    if (!isActive) return;
    const root = document.documentElement;
    root.style.setProperty('--portal-fixed-bottom', `${heightPx}px`);
    root.setAttribute('data-fixed-bottom', '');
    return () => {
      root.style.removeProperty('--portal-fixed-bottom');
      root.removeAttribute('data-fixed-bottom');
    };
  }, [heightPx, isActive]);
}
