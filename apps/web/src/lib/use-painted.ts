import { startTransition, useEffect, useState } from 'react';
import { useNavigationType } from 'react-router';

/**
 * True once a frame has been painted while `ready` was true: a page renders what its first
 * screen shows, and the rest of a long list one frame later, so the first paint (and the
 * picture that is its largest) does not wait for rows below the fold (docs/decisions/0018).
 * A page the reader comes back to is drawn whole at once.
 */
export function usePainted(ready: boolean): boolean {
  const isReturnVisit = useIsReturnVisit();
  const [isPainted, setPainted] = useState(isReturnVisit);
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

/**
 * Whether the page is shown again by Back or Forward after the app has started: React Router puts
 * the reader back where they left it as the page commits, so a list drawn in two steps would
 * then be too short for that position and the reader would land above it. Such a page is drawn
 * whole at once; its answers are in the query cache already.
 */
function useIsReturnVisit(): boolean {
  const navigationType = useNavigationType();
  return (
    navigationType === 'POP' &&
    typeof document !== 'undefined' &&
    // Not the first page of a visit: that one is taken over, and a reload starts it anew.
    document.documentElement.dataset.hydrated !== undefined
  );
}
