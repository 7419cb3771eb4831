import { type ReactNode, useEffect, useRef, useState } from 'react';

/** How far below the window a section starts loading, px: about a screen of scrolling. */
const AHEAD_PX = 600;

interface NearViewportProps {
  /** Shown until then, as large as the content so nothing moves when it appears. */
  placeholder: ReactNode;
  children: ReactNode;
}

/**
 * Renders heavy content far down a page (a map, for instance) only once the reader has
 * scrolled near it, so its code and work stay out of the page's first load
 * (docs/decisions/0018). Without IntersectionObserver the content renders at once.
 */
export function NearViewport({ placeholder, children }: NearViewportProps) {
  const anchor = useRef<HTMLDivElement>(null);
  // Never on the server: the page is drawn with the placeholder, and so hydrated.
  const [isNear, setNear] = useState(
    () => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined',
  );

  useEffect(() => {
    const element = anchor.current;
    if (isNear || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${AHEAD_PX}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isNear]);

  if (isNear) return children;
  return <div ref={anchor}>{placeholder}</div>;
}
