/** localStorage key holding the time (ms) of the last reload caused by a failed chunk. */
export const CHUNK_RELOAD_KEY = 'portal:chunk-reload-at';
/** At most one such reload per minute (docs/product/site-shell.md). */
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

export interface ReloadEnvironment {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  now: () => number;
  reload: () => void;
}

const browserEnvironment = (): ReloadEnvironment => ({
  storage: window.localStorage,
  now: () => Date.now(),
  reload: () => window.location.reload(),
});

/**
 * Decides whether a failed chunk load may reload the page now, and records the reload time if
 * so. False when the last such reload was less than a minute ago.
 */
export function claimChunkReload(env: ReloadEnvironment): boolean {
  const last = Number(env.storage.getItem(CHUNK_RELOAD_KEY));
  const now = env.now();
  if (Number.isFinite(last) && last > 0 && now - last < CHUNK_RELOAD_INTERVAL_MS) return false;
  env.storage.setItem(CHUNK_RELOAD_KEY, String(now));
  return true;
}

/**
 * Wraps a dynamic import. When the chunk fails to load (typically after a deployment removed
 * it), the page reloads once; if it already reloaded within the last minute, the error is
 * rethrown so the route's error element shows the /500 page.
 */
export function lazyWithReload<T>(
  load: () => Promise<T>,
  env: () => ReloadEnvironment = browserEnvironment,
): () => Promise<T> {
  return async () => {
    try {
      return await load();
    } catch (error) {
      // On the server (entry-server.tsx) there is nothing to reload: the render fails.
      if (typeof window === 'undefined') throw error;
      const environment = env();
      if (!claimChunkReload(environment)) throw error;
      environment.reload();
      return new Promise<T>(() => undefined);
    }
  };
}
