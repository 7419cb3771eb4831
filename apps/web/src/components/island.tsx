import {
  type ReactNode,
  Suspense,
  use,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useIsClient } from './client-only';

/** How far below (or above) the window an island is taken over, px: about a screen of scrolling. */
const AHEAD_PX = 600;

/** When a server-rendered island is taken over by React (docs/decisions/0058-hydrate-less.md). */
export type IslandHydration =
  /** When it comes within about a screen of the window, or is touched, focused or typed in. */
  | 'visible'
  /** Only when it is touched, focused or typed in: content that never changes on its own. */
  | 'interaction';

/** A promise React can read at once once it is settled (the `status` field `use()` looks at). */
interface Gate extends Promise<void> {
  status?: 'pending' | 'fulfilled';
  open: () => void;
}

function createGate(): Gate {
  let resolve = () => undefined as void;
  const gate = new Promise<void>((done) => {
    resolve = done;
  }) as Gate;
  gate.status = 'pending';
  gate.open = () => {
    // Marked before it resolves, so a hydration React attempts synchronously in this very
    // event (a tap on the island) reads it as settled instead of suspending again.
    gate.status = 'fulfilled';
    resolve();
  };
  return gate;
}

/** Islands waiting for a first touch, by their element's `data-island` id. */
const waiting = new Map<string, Gate>();
const INTERACTIONS = ['pointerdown', 'touchstart', 'mousedown', 'focusin', 'keydown'] as const;
let listening = false;

/**
 * One listener on the window, in the capture phase: it runs before React's own on the root,
 * which would otherwise try to hydrate the island, find it still waiting and drop the event.
 */
function listenForInteraction(): void {
  if (listening) return;
  listening = true;
  const onInteraction = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    const island = target?.closest<HTMLElement>('[data-island]');
    const id = island?.dataset.island;
    const gate = id === undefined ? undefined : waiting.get(id);
    if (!gate || !id) return;
    waiting.delete(id);
    gate.open();
  };
  for (const type of INTERACTIONS) {
    window.addEventListener(type, onInteraction, { capture: true, passive: true });
  }
}

/** Renders its children once the gate is open; suspends (keeping the server's HTML) until then. */
function Gated({ gate, onTakenOver, children }: GatedProps) {
  // Read at once when open (React looks at `status` first), suspends while closed.
  use(gate as Promise<void>);
  useLayoutEffect(onTakenOver, [onTakenOver]);
  return children;
}

interface GatedProps {
  gate: Gate;
  onTakenOver: () => void;
  children: ReactNode;
}

/** The island's HTML as the server drew it, shown (inert) if React must draw the island anew. */
function ServerHtml({ html }: { html: string }) {
  return <div style={{ display: 'contents' }} dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * A part of a server-rendered page that React does not take over with the rest of the page
 * (docs/decisions/0058-hydrate-less.md): its HTML stays as the server drew it, and React
 * neither runs its components nor attaches its handlers until the reader comes near it
 * (`visible`) or touches it (`interaction`). A tap on it is then handled as usual: the island
 * is taken over synchronously, in the same event. On a page drawn in the browser (a later
 * navigation) the children render at once.
 *
 * While it waits, the island keeps the children it was first drawn with: what they are drawn
 * from is named in `deps` (compared item by item with `Object.is`, like a hook's), and when any
 * of it changes (a later navigation, new data) the island is taken over at once and follows.
 */
export function Island({
  hydrate = 'visible',
  deps,
  className,
  children,
}: {
  hydrate?: IslandHydration;
  /** Everything the children are drawn from (props, data). */
  deps: readonly unknown[];
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  const anchor = useRef<HTMLDivElement>(null);
  // Decided once: whether this island is being hydrated (React reads the server's snapshot of
  // an external store only while hydrating).
  const isClientRender = useIsClient();
  const [state] = useState(() => {
    const deferred = typeof window !== 'undefined' && !isClientRender;
    const gate = createGate();
    if (!deferred) gate.status = 'fulfilled';
    const html = deferred
      ? ([...document.querySelectorAll('[data-island]')].find(
          (element) => element.getAttribute('data-island') === id,
        )?.innerHTML ?? '')
      : '';
    // Drawn in the browser from the start (a later navigation): no server HTML to keep.
    const plain = typeof window !== 'undefined' && isClientRender;
    return { deferred, plain, gate, html };
  });
  const [isLive, setLive] = useState(!state.deferred);
  // While waiting, the very same element every render: React leaves a boundary whose props did
  // not change alone, and one that did would have to be drawn again on the spot.
  const [frozen] = useState(() => (
    <Suspense fallback={<ServerHtml html={state.html} />}>
      <Gated gate={state.gate} onTakenOver={() => setLive(true)}>
        {children}
      </Gated>
    </Suspense>
  ));

  const firstDeps = useRef(deps);
  useEffect(() => {
    const first = firstDeps.current;
    const changed =
      deps.length !== first.length || deps.some((value, index) => !Object.is(value, first[index]));
    if (!isLive && changed) state.gate.open();
  });

  useLayoutEffect(() => {
    if (isLive) return;
    const { gate } = state;
    waiting.set(id, gate);
    listenForInteraction();
    const element = anchor.current;
    let observer: IntersectionObserver | undefined;
    if (hydrate === 'visible' && element) {
      if (typeof IntersectionObserver === 'undefined') gate.open();
      else {
        observer = new IntersectionObserver(
          (entries) => {
            if (entries.some((entry) => entry.isIntersecting)) gate.open();
          },
          { rootMargin: `${AHEAD_PX}px 0px` },
        );
        observer.observe(element);
      }
    }
    return () => {
      observer?.disconnect();
      waiting.delete(id);
    };
  }, [hydrate, id, isLive, state]);

  return (
    <div ref={anchor} data-island={id} className={className}>
      {state.plain ? (
        // Nothing to wait for, and no boundary of its own: the server draws one (below) only
        // for the hydration that reads it.
        children
      ) : isLive ? (
        <Suspense fallback={null}>
          <Gated gate={state.gate} onTakenOver={noop}>
            {children}
          </Gated>
        </Suspense>
      ) : (
        frozen
      )}
    </div>
  );
}

function noop(): void {}
