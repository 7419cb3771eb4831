/*
 * Reads a page's first screen needs, started by the boot script (`app/early/boot.ts`) while the
 * app's code is still loading, and handed over once to the api client's first identical GET
 * (docs/decisions/0018). The answer is then there when the page first renders instead of one
 * round trip after it. The boot script is built on its own (it must not wait for the app's
 * chunks), so the started reads live on `window`, shared by its copy of this module and the app's.
 */

import { readCsrfToken } from './session-cookie';

/** An early answer older than this is not used: the page asks again. Milliseconds. */
export const EARLY_MAX_AGE_MS = 10_000;

interface EarlyRequest {
  response: Promise<Response>;
  /** The session it was sent in (its CSRF token): only the same session may use the answer. */
  session: string | null;
  startedAt: number;
}

declare global {
  interface Window {
    /** Early reads by URL (path and query), until the api client takes them. */
    portalEarlyReads?: Map<string, EarlyRequest>;
  }
}

function startedReads(): Map<string, EarlyRequest> {
  window.portalEarlyReads ??= new Map();
  return window.portalEarlyReads;
}

/**
 * Starts a GET of `url` (path and query) with the headers the api client sends (the session
 * cookie goes by itself). `onData`
 * receives the `data` of a successful answer (parsed from a copy; the api client reads the
 * original), for example to start loading the pictures it names.
 */
export function startEarlyRequest(url: string, onData?: (data: unknown) => void): void {
  const started = startedReads();
  if (started.has(url)) return;
  const session = readCsrfToken();
  const headers = new Headers({ Accept: 'application/json' });
  const response = fetch(url, { headers }).then((answer) => {
    if (onData && answer.ok) {
      answer
        .clone()
        .json()
        .then((body: { data?: unknown }) => onData(body?.data))
        .catch(() => undefined);
    }
    return answer;
  });
  // A failure surfaces when the api client takes the answer; unclaimed it is not an error.
  response.catch(() => undefined);
  started.set(url, { response, session, startedAt: performance.now() });
}

/**
 * The early answer to a GET of `url`, at most once, when it was sent in the same `session` and
 * is still fresh; undefined otherwise (the caller fetches as usual).
 */
export function takeEarlyResponse(
  url: string,
  session: string | null,
): Promise<Response> | undefined {
  const started = typeof window === 'undefined' ? undefined : window.portalEarlyReads;
  const early = started?.get(url);
  if (!started || !early) return undefined;
  started.delete(url);
  if (early.session !== session || performance.now() - early.startedAt > EARLY_MAX_AGE_MS) {
    return undefined;
  }
  return early.response;
}
