import { type RefObject, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

function isFocusLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body;
}

/**
 * Keeps the keyboard focus inside the page: when a navigation or an update removes the focused
 * element (the link just followed, a closed panel's button), the focus moves to the page's main
 * region instead of falling back to the document body, where the next Tab would start over at
 * the top of the page.
 */
export function useKeepFocus(mainRef: RefObject<HTMLElement | null>): void {
  const { pathname, search } = useLocation();
  const isFirstPage = useRef(true);

  useEffect(() => {
    if (isFirstPage.current) {
      isFirstPage.current = false;
      return;
    }
    if (isFocusLost()) mainRef.current?.focus({ preventScroll: true });
  }, [pathname, search, mainRef]);

  useEffect(() => {
    const handleFocusOut = (event: FocusEvent) => {
      const left = event.target;
      if (!(left instanceof Element)) return;
      // After the update that removed it has finished (a dialog may return the focus itself).
      window.setTimeout(() => {
        if (!left.isConnected && isFocusLost()) mainRef.current?.focus({ preventScroll: true });
      }, 0);
    };
    document.addEventListener('focusout', handleFocusOut);
    return () => document.removeEventListener('focusout', handleFocusOut);
  }, [mainRef]);
}
