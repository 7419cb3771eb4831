import { describe, expect, it } from 'vitest';
import { keepInside, MAX_SCALE, pinch, RESTING, swipeStep } from './gestures';

const centre = { x: 200, y: 400 };

describe('photo viewer gestures', () => {
  it('zooms by the spread of two fingers and keeps the point between them in place', () => {
    const view = pinch(
      RESTING,
      { x: 150, y: 400 },
      { x: 250, y: 400 },
      { x: 100, y: 400 },
      { x: 300, y: 400 },
      centre,
    );
    expect(view.scale).toBe(2);
    // Fingers centred on the screen's centre: the photo stays centred.
    expect(view.x).toBeCloseTo(0);
    expect(view.y).toBeCloseTo(0);
    // Centred on a point 100 px right of the centre, that point stays under the fingers.
    const offCentre = pinch(
      RESTING,
      { x: 250, y: 400 },
      { x: 350, y: 400 },
      { x: 200, y: 400 },
      { x: 400, y: 400 },
      centre,
    );
    expect(offCentre.scale).toBe(2);
    expect(offCentre.x).toBeCloseTo(-100);
  });

  it('keeps the scale between 1 and the limit, and a pinch back to 1 rests the photo', () => {
    const far = pinch(
      RESTING,
      { x: 190, y: 400 },
      { x: 210, y: 400 },
      { x: 0, y: 400 },
      { x: 400, y: 400 },
      centre,
    );
    expect(far.scale).toBe(MAX_SCALE);
    const back = pinch(
      { scale: 2, x: 30, y: 10 },
      { x: 100, y: 400 },
      { x: 300, y: 400 },
      { x: 190, y: 400 },
      { x: 210, y: 400 },
      centre,
    );
    expect(back).toEqual(RESTING);
  });

  it('lets a zoomed photo move only until its edge meets the screen edge', () => {
    const screen = { width: 400, height: 800 };
    const photo = { width: 400, height: 300 };
    expect(keepInside({ scale: 2, x: 500, y: 500 }, photo, screen)).toEqual({
      scale: 2,
      x: 200,
      y: 0,
    });
    expect(keepInside({ scale: 1, x: 50, y: 0 }, photo, screen)).toEqual({ scale: 1, x: 0, y: 0 });
  });

  it('turns the photo on a sideways swipe only', () => {
    expect(swipeStep(-80, 10)).toBe(1);
    expect(swipeStep(80, 10)).toBe(-1);
    expect(swipeStep(-30, 0)).toBe(0);
    expect(swipeStep(-60, 90)).toBe(0);
  });
});
