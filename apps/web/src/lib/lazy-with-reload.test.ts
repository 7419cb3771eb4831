import { describe, expect, it, vi } from 'vitest';
import {
  CHUNK_RELOAD_INTERVAL_MS,
  CHUNK_RELOAD_KEY,
  lazyWithReload,
  type ReloadEnvironment,
} from './lazy-with-reload';

function environment(now: number, lastReload?: number) {
  const store = new Map<string, string>();
  if (lastReload !== undefined) store.set(CHUNK_RELOAD_KEY, String(lastReload));
  const env: ReloadEnvironment = {
    storage: {
      getItem: (key) => store.get(key) ?? null,
      setItem: (key, value) => void store.set(key, value),
    },
    now: () => now,
    reload: vi.fn(),
  };
  return { env, store };
}

const failingChunk = () =>
  Promise.reject(new TypeError('Failed to fetch dynamically imported module'));

describe('lazyWithReload', () => {
  it('passes a loaded module through without reloading', async () => {
    const { env } = environment(1_000_000);
    const module = { default: 'page' };
    await expect(
      lazyWithReload(
        () => Promise.resolve(module),
        () => env,
      )(),
    ).resolves.toBe(module);
    expect(env.reload).not.toHaveBeenCalled();
  });

  it('reloads the page on the first failed chunk and records the time', async () => {
    const { env, store } = environment(1_000_000);
    void lazyWithReload(failingChunk, () => env)();
    await vi.waitFor(() => expect(env.reload).toHaveBeenCalledTimes(1));
    expect(store.get(CHUNK_RELOAD_KEY)).toBe('1000000');
  });

  it('shows the error instead of reloading again within a minute', async () => {
    const { env } = environment(1_000_000 + CHUNK_RELOAD_INTERVAL_MS - 1, 1_000_000);
    await expect(lazyWithReload(failingChunk, () => env)()).rejects.toThrow(TypeError);
    expect(env.reload).not.toHaveBeenCalled();
  });

  it('reloads again once a minute has passed', async () => {
    const { env, store } = environment(1_000_000 + CHUNK_RELOAD_INTERVAL_MS, 1_000_000);
    void lazyWithReload(failingChunk, () => env)();
    await vi.waitFor(() => expect(env.reload).toHaveBeenCalledTimes(1));
    expect(store.get(CHUNK_RELOAD_KEY)).toBe(String(1_000_000 + CHUNK_RELOAD_INTERVAL_MS));
  });
});
