import { type ReactNode, Suspense } from 'react';

/**
 * A part of a server-rendered page that React takes over in a pass of its own, after the rest
 * of the page (docs/decisions/0084-no-long-task-in-the-take-over.md). Taking a page over ends in
 * one step that cannot be cut, which runs every effect of the page at once; on a phone that step
 * is what keeps a tap waiting. A part wrapped here keeps the server's HTML and is taken over right
 * after, in a step of its own, or at once when it is tapped. Its children must not suspend: a
 * boundary without a fallback would show nothing in their place.
 */
export function HydrateApart({ children }: { children: ReactNode }) {
  return <Suspense>{children}</Suspense>;
}
