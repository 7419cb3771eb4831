/**
 * The id of the `<script type="application/json">` element in which the server puts the answers
 * a server-rendered page was drawn from (docs/decisions/0048-server-rendered-public-pages.md).
 * Being data, not a script, it needs no exception in the Content-Security-Policy.
 */
export const SSR_STATE_ID = 'portal-ssr-state';

/** The head meta, before the boot script, that marks a page the server rendered. */
export const SSR_MARKER = 'portal-rendered';
