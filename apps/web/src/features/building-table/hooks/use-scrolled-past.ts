import { useEffect, useState } from 'react';

/**
 * Whether the window is scrolled `threshold` px or more; re-renders only when that flips, so a
 * scroll does not re-render the table.
 */
export function useScrolledPast(threshold: number): boolean {
  const [isPast, setIsPast] = useState(
    // Not scrolled while the server draws the page; the effect reads the window.
    () => typeof window !== 'undefined' && window.scrollY >= threshold,
  );
  useEffect(() => {
    const update = () => setIsPast(window.scrollY >= threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return isPast;
}
