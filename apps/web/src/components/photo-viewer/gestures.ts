/*
 * The photo viewer's gesture arithmetic, kept apart from React so it can be tested alone
 * (docs/decisions/0054-phone-navigation-and-floating-buttons.md).
 */

/** Zoom limits of a photo. */
export const MIN_SCALE = 1;
export const MAX_SCALE = 4;
/** Sideways travel of one finger, px, that turns to the next or previous photo when not zoomed. */
export const SWIPE_PX = 50;

export interface Point {
  x: number;
  y: number;
}

export interface View {
  scale: number;
  /** Offset of the photo's centre from the screen's, px. */
  x: number;
  y: number;
}

export const RESTING: View = { scale: 1, x: 0, y: 0 };

export const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
export const midpoint = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * The view while two fingers pinch: the scale follows the fingers' spread from where the pinch
 * began, within the limits, and the point under their midpoint stays under it (`centre` is the
 * screen's centre, the photo's resting place).
 */
export function pinch(
  start: View,
  startA: Point,
  startB: Point,
  a: Point,
  b: Point,
  centre: Point,
): View {
  const startSpread = distance(startA, startB);
  if (startSpread === 0) return start;
  const scale = clamp((start.scale * distance(a, b)) / startSpread, MIN_SCALE, MAX_SCALE);
  const from = midpoint(startA, startB);
  const to = midpoint(a, b);
  const ratio = scale / start.scale;
  // The photo point under `from` (relative to the photo's centre) is kept under `to`.
  const x = to.x - centre.x - (from.x - centre.x - start.x) * ratio;
  const y = to.y - centre.y - (from.y - centre.y - start.y) * ratio;
  return scale === MIN_SCALE ? RESTING : { scale, x, y };
}

/**
 * Keeps a zoomed photo from being pulled off the screen: it may move at most until its edge
 * meets the screen's edge. `photo` is its size at scale 1.
 */
export function keepInside(
  view: View,
  photo: { width: number; height: number },
  screen: { width: number; height: number },
): View {
  const roomX = Math.max(0, (photo.width * view.scale - screen.width) / 2);
  const roomY = Math.max(0, (photo.height * view.scale - screen.height) / 2);
  return { scale: view.scale, x: clamp(view.x, -roomX, roomX), y: clamp(view.y, -roomY, roomY) };
}

/** Where a one-finger drag on an unzoomed photo leads: -1 the previous, 1 the next, 0 stay. */
export function swipeStep(dx: number, dy: number): -1 | 0 | 1 {
  if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}
