import {
  type CSSProperties,
  type PointerEvent,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { PHONE_QUERY } from './use-media-query';

/** Distance from a window edge, px, that a dragged button keeps. */
export const DRAG_EDGE_PX = 8;
const DRAG_THRESHOLD_PX = 4;

export interface DockPosition {
  /** Distance from the right edge of the window, px. */
  right: number;
  /** Distance from the bottom edge of the window, px. */
  bottom: number;
}

/** Keeps a box of `size` px inside the window, `DRAG_EDGE_PX` from every edge. */
export function clampToWindow(
  position: DockPosition,
  size: { width: number; height: number },
  view: { width: number; height: number },
): DockPosition {
  const clamp = (value: number, max: number) =>
    Math.min(Math.max(DRAG_EDGE_PX, value), Math.max(DRAG_EDGE_PX, max));
  return {
    right: clamp(position.right, view.width - size.width - DRAG_EDGE_PX),
    bottom: clamp(position.bottom, view.height - size.height - DRAG_EDGE_PX),
  };
}

const windowSize = () => ({ width: window.innerWidth, height: window.innerHeight });

/** Where a floating button starts: its desktop place, and a lower, edge-hugging one on phones. */
export interface DockPlaces {
  desktop: DockPosition;
  phone: DockPosition;
}

/**
 * The fixed-position style of a floating button: its place, lifted above a bar the page fixes
 * to the bottom of the window (`--portal-fixed-bottom`, see `useFixedBottomBar`).
 */
export function dockStyle(position: DockPosition): CSSProperties {
  return {
    right: position.right,
    bottom: `calc(${position.bottom}px + var(--portal-fixed-bottom, 0px))`,
  };
}

/**
 * Drag handling for a fixed-position floating button: the position stays inside the window
 * (also after a resize); `wasDragged()` tells a click handler to ignore the click ending a drag.
 */
export function useDraggable(places: DockPlaces, size: { width: number; height: number }) {
  const [position, setPosition] = useState(() => {
    const isPhone = window.matchMedia(PHONE_QUERY).matches;
    return clampToWindow(isPhone ? places.phone : places.desktop, size, windowSize());
  });
  const startRef = useRef<{ x: number; y: number; from: DockPosition } | null>(null);
  const draggedRef = useRef(false);
  const { width, height } = size;

  useEffect(() => {
    const handleResize = () =>
      setPosition((current) => clampToWindow(current, { width, height }, windowSize()));
    window.addEventListener('resize', handleResize);
    return () => window.removeEventListener('resize', handleResize);
  }, [width, height]);

  const onPointerDown = useCallback(
    (event: PointerEvent<HTMLElement>) => {
      startRef.current = { x: event.clientX, y: event.clientY, from: position };
      draggedRef.current = false;
      if (typeof event.currentTarget.setPointerCapture === 'function') {
        event.currentTarget.setPointerCapture(event.pointerId);
      }
    },
    [position],
  );

  const onPointerMove = useCallback(
    (event: PointerEvent<HTMLElement>) => {
      const start = startRef.current;
      if (!start) return;
      const dx = event.clientX - start.x;
      const dy = event.clientY - start.y;
      if (!draggedRef.current && Math.abs(dx) + Math.abs(dy) < DRAG_THRESHOLD_PX) return;
      draggedRef.current = true;
      setPosition(
        clampToWindow(
          { right: start.from.right - dx, bottom: start.from.bottom - dy },
          { width, height },
          windowSize(),
        ),
      );
    },
    [width, height],
  );

  const onPointerUp = useCallback(() => {
    startRef.current = null;
  }, []);

  /** True once after a drag, so the click that ends it does not count. */
  const wasDragged = useCallback(() => {
    const dragged = draggedRef.current;
    draggedRef.current = false;
    return dragged;
  }, []);

  return {
    position,
    wasDragged,
    handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp },
  };
}
