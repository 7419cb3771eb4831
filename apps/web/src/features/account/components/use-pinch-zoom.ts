import { type PointerEvent, useRef } from 'react';

/** Zoom range of the avatar crop: 1 = the image just covers the crop box. */
export const MIN_ZOOM = 0.5;
export const MAX_ZOOM = 3;

/** Keeps a zoom factor inside the crop's range. */
export function clampZoom(zoom: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
}

/**
 * The zoom after two fingers moved from `startDistance` to `distance` apart (px), starting from
 * `startZoom`: spreading them to twice the distance doubles the zoom, within the crop's range.
 */
export function pinchZoom(startZoom: number, startDistance: number, distance: number): number {
  if (startDistance <= 0) return clampZoom(startZoom);
  return clampZoom(startZoom * (distance / startDistance));
}

interface Pinch {
  zoom: number;
  distance: number;
}

const distanceOf = (points: Map<number, { x: number; y: number }>) => {
  const [a, b] = [...points.values()];
  return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
};

/**
 * Pointer handlers for an element on which two fingers zoom (pinch); one finger or a mouse does
 * nothing, so the page's buttons stay the way to zoom and rotate without touch.
 */
export function usePinchZoom(zoom: number, onZoom: (zoom: number) => void) {
  const points = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<Pinch | null>(null);

  const release = (event: PointerEvent<HTMLElement>) => {
    points.current.delete(event.pointerId);
    if (points.current.size < 2) pinch.current = null;
  };

  return {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (event.pointerType !== 'touch') return;
      points.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (points.current.size === 2) pinch.current = { zoom, distance: distanceOf(points.current) };
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      if (!points.current.has(event.pointerId)) return;
      points.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
      const start = pinch.current;
      if (start) onZoom(pinchZoom(start.zoom, start.distance, distanceOf(points.current)));
    },
    onPointerUp: release,
    onPointerCancel: release,
  };
}
