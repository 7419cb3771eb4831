import { startTransition, useEffect, useState } from 'react';

/**
 * True once a frame has been painted while `ready` was true: a page renders what its first
 * screen shows, and the rest of a long list one frame later, so the first paint (and the
 * picture that is its largest) does not wait for rows below the fold (docs/decisions/0018).
 */
export function usePainted(ready: boolean): boolean {
  const [isPainted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || isPainted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // requestAnimationFrame runs before the paint; the task after it runs once it is done.
    const frame = requestAnimationFrame(() => {
      // As a transition: React draws the rest in slices, a tap in between is answered first
      // (drawn at once, it held a phone's main thread for a third of a second on /newHouse).
      timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [ready, isPainted]);
  return isPainted;
}
