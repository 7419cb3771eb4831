import { PHONE_QUERY, useIsPhone } from './use-media-query';

/**
 * The `target` and `rel` of a link that opens a new tab on a desktop. A phone gets neither: a new
 * tab there is a separate page the browser's Back cannot return from, so the link opens in place
 * and Back comes back to this page (docs/decisions/0054-phone-navigation-and-floating-buttons.md).
 * Drawn for the width the server guessed, like every phone-only choice (docs/decisions/0048).
 */
export function useNewTabLink(): { target?: '_blank'; rel?: string } {
  const isPhone = useIsPhone();
  return isPhone ? {} : { target: '_blank', rel: 'noopener noreferrer' };
}

/** Opens an address: in a new tab on a desktop, in place on a phone (see `useNewTabLink`). */
export function openInNewTabUnlessPhone(href: string, navigateInPlace: (href: string) => void) {
  if (window.matchMedia(PHONE_QUERY).matches) navigateInPlace(href);
  else window.open(href, '_blank', 'noopener');
}
