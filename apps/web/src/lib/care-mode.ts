import {
  CARE_MODE_ATTRIBUTE,
  CARE_MODE_COOKIE,
  CARE_MODE_COOKIE_SECONDS,
} from '@portal/shared/constants/care-mode';
import { useSyncExternalStore } from 'react';

/*
 * 长辈版 on this device (docs/product/accessibility.md). The mode is the attribute on <html>: the
 * server sets it from the device's cookie before the page leaves it, so the mode's styles apply
 * from the first paint; everything the mode changes on screen hangs on it in CSS. This module
 * only switches it and tells the few components that also act on it (no pop-up opening by
 * itself).
 */

const listeners = new Set<() => void>();

/** Whether this page is in 长辈版 (false while the server draws: pages are drawn for both). */
export function isCareMode(): boolean {
  return (
    typeof document !== 'undefined' && document.documentElement.hasAttribute(CARE_MODE_ATTRIBUTE)
  );
}

/**
 * Switches the device into or out of the mode at once and keeps the choice for a year in the
 * cookie the server reads. `onChange` (the account's copy) is told when the choice changed.
 */
export function applyCareMode(isOn: boolean): void {
  if (isOn === isCareMode()) return;
  if (isOn) document.documentElement.setAttribute(CARE_MODE_ATTRIBUTE, '1');
  else document.documentElement.removeAttribute(CARE_MODE_ATTRIBUTE);
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = isOn
    ? `${CARE_MODE_COOKIE}=1; Path=/; Max-Age=${CARE_MODE_COOKIE_SECONDS}; SameSite=Lax${secure}`
    : `${CARE_MODE_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The mode for components that act on it; off while hydrating, then the page's own. */
export function useCareMode(): boolean {
  return useSyncExternalStore(subscribe, isCareMode, () => false);
}
