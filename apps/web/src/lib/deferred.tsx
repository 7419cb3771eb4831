import {
  type ComponentType,
  lazy,
  type LazyExoticComponent,
  type ReactNode,
  Suspense,
  useRef,
  useState,
} from 'react';
import { lazyWithReload } from './lazy-with-reload';

// Any props: each component keeps its own prop types through `M[K]`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

/**
 * A named export of a module loaded on first render, as its own chunk: for dialogs, pop-ups and
 * other UI that is not on screen when a page first paints. A failed chunk load reloads the page
 * once (see `lazyWithReload`).
 */
export function lazyNamed<M extends Record<K, AnyComponent>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  const loadWithReload = lazyWithReload(load);
  return lazy(async () => ({ default: (await loadWithReload())[name] }));
}

/**
 * True from the first time `isActive` is true: a lazily loaded dialog mounts when first opened
 * and then stays mounted, so it keeps its state and its closing animation.
 */
export function useLatch(isActive: boolean): boolean {
  const [hasBeenActive, setHasBeenActive] = useState(isActive);
  if (isActive && !hasBeenActive) setHasBeenActive(true);
  return hasBeenActive || isActive;
}

/** Renders lazily loaded children once `when` has been true; nothing while their code loads. */
export function Deferred({ when, children }: { when: boolean; children: ReactNode }) {
  const isMounted = useLatch(when);
  return isMounted ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/** Event handlers that arm a lazily loaded overlay; spread them on (or around) its trigger. */
export interface ArmingHandlers {
  onMouseEnter: () => void;
  onMouseLeave: () => void;
  onFocus: () => void;
  onMouseDown: () => void;
  onTouchStart: () => void;
  onClick: () => void;
}

/**
 * For hover and click overlays (drop-down menus, pop-overs) whose code loads on first use. The
 * trigger renders plainly; the pointer entering it, focus, a press or a touch starts loading
 * `preload` (the same import the lazy component uses). Once the code is there, and no press on
 * the trigger is under way (so a click is never cut off by the swap), `isArmed` turns true and
 * the overlay component mounts around the trigger. `shouldStartOpen()` tells it whether to open
 * at once: the pointer is still on the trigger, or the trigger was clicked or touched.
 */
export function useOverlayArming(preload: () => Promise<unknown>): {
  isArmed: boolean;
  handlers: ArmingHandlers;
  shouldStartOpen: () => boolean;
} {
  const [isArmed, setArmed] = useState(false);
  const wantsOpen = useRef(false);
  const isPressing = useRef(false);
  const state = useRef<'idle' | 'loading' | 'loaded'>('idle');

  const armIfFree = () => {
    if (state.current === 'loaded' && !isPressing.current) setArmed(true);
  };
  const startLoading = () => {
    if (state.current !== 'idle') return;
    state.current = 'loading';
    preload().then(
      () => {
        state.current = 'loaded';
        armIfFree();
      },
      () => {
        // Tried again on the next hover; the lazy component reports a lasting failure.
        state.current = 'idle';
      },
    );
  };
  const handlers: ArmingHandlers = {
    onMouseEnter: () => {
      wantsOpen.current = true;
      startLoading();
    },
    onMouseLeave: () => {
      wantsOpen.current = false;
      isPressing.current = false;
      armIfFree();
    },
    onFocus: startLoading,
    onMouseDown: () => {
      isPressing.current = true;
      startLoading();
    },
    onTouchStart: () => {
      wantsOpen.current = true;
      isPressing.current = true;
      startLoading();
    },
    onClick: () => {
      wantsOpen.current = true;
      isPressing.current = false;
      // After the click has done its work (a link navigates first).
      window.setTimeout(armIfFree, 0);
    },
  };
  return { isArmed, handlers, shouldStartOpen: () => wantsOpen.current };
}
