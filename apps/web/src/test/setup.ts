import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import type * as Notify from '../lib/notify';

/**
 * The toast module (`lib/notify.ts`) as the file loaded it, unchanged; unset when the file never
 * loaded it. Importing it here would load all of antd into every file, a couple of seconds of
 * CPU each for the files that test plain functions. A file that never loaded it has no toast to
 * close: the providers that hold the themed message API (and `test/render.tsx`) import it too.
 */
const toasts = vi.hoisted(() => ({
  module: undefined as undefined | typeof Notify,
}));
vi.mock('../lib/notify', async (importOriginal) => {
  toasts.module = await importOriginal<typeof Notify>();
  return toasts.module;
});

// Lazy pages load their chunk before they render: allow for a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  // A toast's close timer would otherwise render after the file's window is gone.
  toasts.module?.destroyToasts();
  cleanup();
  window.localStorage.clear();
  document.cookie = 'portal_csrf=; Max-Age=0; Path=/';
});

// React's scheduler runs left-over work in `setImmediate` callbacks; let it finish while the
// file's jsdom window still exists rather than after the environment is torn down.
afterAll(async () => {
  for (let round = 0; round < 5; round += 1) {
    await new Promise((resolve) => setImmediate(resolve));
  }
});

if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.defineProperty(window, 'ResizeObserver', {
    value: ResizeObserverStub,
    configurable: true,
  });
  Object.defineProperty(globalThis, 'ResizeObserver', {
    value: ResizeObserverStub,
    configurable: true,
  });
}

// The rich-text editor (ProseMirror) measures the caret to keep it in view; jsdom lays nothing
// out, so ranges measure as empty.
const rangeProto: Partial<Pick<Range, 'getClientRects' | 'getBoundingClientRect'>> =
  Range.prototype;
if (!rangeProto.getClientRects) {
  const noRects = Object.assign([], { item: () => null }) as unknown as DOMRectList;
  rangeProto.getClientRects = () => noRects;
  rangeProto.getBoundingClientRect = () => new DOMRect();
}
if (!document.elementFromPoint) document.elementFromPoint = () => null;
