import { type UIEvent, useCallback, useEffect, useRef } from 'react';

/** The next page loads 500 ms after the list is scrolled within 10 px of its end (docs/product/new-build.md). */
export const SCROLL_LOAD_DELAY_MS = 500;
export const SCROLL_LOAD_THRESHOLD_PX = 10;

interface ScrollLoaderOptions {
  hasMore: boolean;
  isLoading: boolean;
  onLoadMore: () => void;
}

/**
 * The scroll handler of an infinite list: near the bottom it waits 500 ms, then asks for the
 * next page once; further scrolling meanwhile starts no second timer.
 */
export function useScrollLoader({ hasMore, isLoading, onLoadMore }: ScrollLoaderOptions) {
  const timer = useRef<number | null>(null);
  const latest = useRef(onLoadMore);

  useEffect(() => {
    latest.current = onLoadMore;
  }, [onLoadMore]);

  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );

  return useCallback(
    (event: UIEvent<HTMLElement>) => {
      const box = event.currentTarget;
      const gap = box.scrollHeight - box.scrollTop - box.clientHeight;
      if (gap > SCROLL_LOAD_THRESHOLD_PX || !hasMore || isLoading || timer.current !== null) return;
      timer.current = window.setTimeout(() => {
        timer.current = null;
        latest.current();
      }, SCROLL_LOAD_DELAY_MS);
    },
    [hasMore, isLoading],
  );
}
