import { zoneOffsets } from '@portal/shared/zone-offsets';
import { hydrate } from '@tanstack/react-query';
import { type ReactNode, StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { afterPartsTakenOver } from '../../components/hydrate-apart';
import { installIconNames } from '../../lib/icon-names';
import { queryClient } from '../../lib/query-client';
import { fetchRouteCodeWhenIdle } from '../../lib/route-code';
import { markHydrated, SSR_STATE_ID } from '../../lib/ssr-state';
import { drawnForThisLayout } from '../early/layout-guess';
import { AppProviders } from '../providers';
import { createAppRouter, resolveLazyRoutes } from '../router';
import { nextTask } from './next-task';

/**
 * Tells the page, once React has committed it, that taps now reach the app
 * (app/early/keep-early-input.ts). It wraps the app instead of standing beside it: a sibling
 * would give every component below a `useId` other than the server's, whose tree has none
 * (`entry-server.tsx`), and antd would then make all of its styles again in the browser under
 * a new key (docs/decisions/0084-no-long-task-in-the-take-over.md).
 */
function Hydrated({ children }: { children: ReactNode }) {
  useEffect(
    () =>
      // Once the parts taken over apart are too: until then taps are kept for them as well.
      afterPartsTakenOver(() => {
        markHydrated();
        // Ready for the next page (docs/decisions/0081-page-code-lists-out-of-the-first-load.md).
        fetchRouteCodeWhenIdle();
      }),
    [],
  );
  return children;
}

const app = (renderedOnServer = false) => (
  <StrictMode>
    <Hydrated>
      <AppProviders>
        <RouterProvider router={createAppRouter(renderedOnServer)} />
      </AppProviders>
    </Hydrated>
  </StrictMode>
);

/**
 * The last step of the start (docs/decisions/0078-the-start-in-steps.md): React takes over the
 * page the server rendered, or draws it.
 */
export async function takeOver(container: HTMLElement): Promise<void> {
  installIconNames();
  // A page the server rendered (docs/decisions/0048-server-rendered-public-pages.md) carries the
  // answers it was rendered from: the cache takes them, the page's code is loaded, and React
  // takes over the server's HTML instead of drawing it again.
  const serverState = document.getElementById(SSR_STATE_ID);
  if (!serverState?.textContent) {
    createRoot(container).render(app());
    return;
  }
  hydrate(queryClient, JSON.parse(serverState.textContent));
  // Dates and times were drawn in the server's clock: in another one the page is drawn afresh
  // (from the same answers, in one step) rather than hydrated with different text. Told by the
  // clocks' offsets, not the zones' names: a page's first Intl.DateTimeFormat holds a phone's
  // main thread for 150–290 ms (docs/decisions/0079-the-take-over-without-a-time-zone-name.md).
  const sameZone = serverState.dataset.zoneOffsets === zoneOffsets();
  // Drawn for another layout than the window's (the guess from the user agent was wrong): the
  // server's style keeps it hidden, and it is drawn afresh for the real width rather than
  // hydrated and then redrawn (docs/decisions/0059-layout-guess.md).
  const sameLayout = drawnForThisLayout(Number(serverState.dataset.viewportWidth));
  await resolveLazyRoutes(window.location);
  // The routes' matching and the page's code ran in this task; React starts in the next.
  await nextTask();
  // As a transition, React takes the page over in slices and lets the browser handle input
  // and paint in between, instead of holding the main thread for the whole page at once.
  startTransition(() => {
    if (sameZone && sameLayout) hydrateRoot(container, app(true));
    else createRoot(container).render(app(true));
  });
}
