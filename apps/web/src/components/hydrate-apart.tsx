import { type ReactNode, Suspense, useEffect, useId, useLayoutEffect, useState } from 'react';

/** Parts of the page being taken over that React has not taken over yet, by their ids. */
const waiting = new Set<string>();
/** Parts React has taken over. */
const takenOver = new Set<string>();
let whenAllTakenOver: (() => void) | null = null;

function settle(): void {
  if (waiting.size > 0 || !whenAllTakenOver) return;
  const done = whenAllTakenOver;
  whenAllTakenOver = null;
  done();
}

/**
 * Runs `done` once every part of the page wrapped in `HydrateApart` has been taken over, at once
 * when none is waiting. The take-over calls it before it tells the page that taps now reach the
 * app: until then, taps and typing are kept and done afterwards (app/early/keep-early-input.ts),
 * also in a part React has not taken over yet. Returns a function that forgets `done`.
 */
export function afterPartsTakenOver(done: () => void): () => void {
  whenAllTakenOver = done;
  settle();
  return () => {
    if (whenAllTakenOver === done) whenAllTakenOver = null;
  };
}

function TakenOver({ id, children }: { id: string; children: ReactNode }) {
  useLayoutEffect(() => {
    takenOver.add(id);
    waiting.delete(id);
    settle();
  }, [id]);
  return children;
}

/**
 * A part of a server-rendered page that React takes over in a pass of its own, after the rest
 * of the page (docs/decisions/0084-no-long-task-in-the-take-over.md). Taking a page over ends in
 * one step that cannot be cut, which runs every effect of the page at once; on a phone that step
 * is what keeps a tap waiting. A part wrapped here keeps the server's HTML and is taken over right
 * after, in a step of its own; a tap or typing before then is kept and done once it has been
 * (`afterPartsTakenOver`). Its children must not suspend: a
 * boundary without a fallback would show nothing in their place.
 */
export function HydrateApart({ children }: { children: ReactNode }) {
  const id = useId();
  // Decided at the first render: whether the page is being taken over (the page is marked once
  // it has been, docs/decisions/0057-initial-javascript-per-page-type.md).
  const [isTakingOver] = useState(
    () => typeof document !== 'undefined' && !('hydrated' in document.documentElement.dataset),
  );
  if (isTakingOver && !takenOver.has(id)) waiting.add(id);
  useEffect(() => {
    if (isTakingOver && !takenOver.has(id)) waiting.add(id);
    return () => {
      waiting.delete(id);
      // After a microtask: React's second run of a new effect in development adds it again.
      queueMicrotask(settle);
    };
  }, [id, isTakingOver]);
  return (
    <Suspense>
      <TakenOver id={id}>{children}</TakenOver>
    </Suspense>
  );
}
