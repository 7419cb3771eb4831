/**
 * The id of the `<script type="application/json">` element in which the server puts the answers
 * a server-rendered page was drawn from (docs/decisions/0048-server-rendered-public-pages.md).
 * Being data, not a script, it needs no exception in the Content-Security-Policy.
 */
export const SSR_STATE_ID = 'portal-ssr-state';

/** The head meta, before the boot script, that marks a page the server rendered. */
export const SSR_MARKER = 'portal-rendered';

/**
 * The id of the JSON data element in which the server names, in a page it rendered, the page's
 * own code for the boot script to start (docs/decisions/0079-the-take-over-without-a-time-zone-name.md).
 */
export const PAGE_CODE_ID = 'portal-page-code';

/**
 * The window event the app sends once React has taken over the page (hydrated a server-rendered
 * page, or drawn a plain one), also marked as `data-hydrated` on `<html>`.
 */
export const HYDRATED_EVENT = 'portal:hydrated';

/** Marks the page as taken over by React and tells the early-input keeper (app/early). */
export function markHydrated(): void {
  document.documentElement.dataset.hydrated = '';
  window.dispatchEvent(new Event(HYDRATED_EVENT));
}

/**
 * Whether this page came drawn by the server with its answers and React has not taken it over
 * yet: the take-over puts those answers into the query cache, so a read started before it (by a
 * page's code, which the boot script loads early) would ask the server again for what the page
 * already carries.
 */
export function answersAwaitTakeOver(): boolean {
  return (
    document.getElementById(SSR_STATE_ID) !== null &&
    document.documentElement.dataset.hydrated === undefined
  );
}
