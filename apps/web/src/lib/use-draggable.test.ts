import { describe, expect, it } from 'vitest';
import { clampToWindow, DRAG_EDGE_PX } from './use-draggable';

const size = { width: 56, height: 56 };
const view = { width: 1440, height: 900 };

describe('clampToWindow', () => {
  it('keeps a position that is inside the window', () => {
    expect(clampToWindow({ right: 24, bottom: 200 }, size, view)).toEqual({
      right: 24,
      bottom: 200,
    });
  });

  it('pulls a button dragged past any edge back inside', () => {
    expect(clampToWindow({ right: -300, bottom: -50 }, size, view)).toEqual({
      right: DRAG_EDGE_PX,
      bottom: DRAG_EDGE_PX,
    });
    expect(clampToWindow({ right: 5000, bottom: 5000 }, size, view)).toEqual({
      right: 1440 - 56 - DRAG_EDGE_PX,
      bottom: 900 - 56 - DRAG_EDGE_PX,
    });
  });
});
