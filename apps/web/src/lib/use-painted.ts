import { useEffect, useState } from 'react';

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
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [ready, isPainted]);
  return isPainted;
}
