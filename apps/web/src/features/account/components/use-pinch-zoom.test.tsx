import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { clampZoom, MAX_ZOOM, MIN_ZOOM, pinchZoom, usePinchZoom } from './use-pinch-zoom';

describe('zooming the avatar crop with two fingers', () => {
  it('scales the zoom by how far the fingers spread or close', () => {
    expect(pinchZoom(1, 100, 200)).toBe(2);
    expect(pinchZoom(1.2, 100, 75)).toBeCloseTo(0.9);
  });

  it('keeps the zoom inside the crop range', () => {
    expect(pinchZoom(2, 100, 400)).toBe(MAX_ZOOM);
    expect(pinchZoom(1, 100, 10)).toBe(MIN_ZOOM);
    expect(clampZoom(1.5)).toBe(1.5);
    expect(pinchZoom(1.5, 0, 50)).toBe(1.5);
  });
});

function Stage({ onZoom }: { onZoom: (zoom: number) => void }) {
  const handlers = usePinchZoom(1, onZoom);
  return <div data-testid="stage" {...handlers} />;
}

const touch = (pointerId: number, clientX: number) => ({
  pointerId,
  pointerType: 'touch',
  clientX,
  clientY: 100,
});

describe('usePinchZoom', () => {
  it('zooms while two fingers move apart, and ignores a single finger or a mouse', () => {
    const onZoom = vi.fn();
    render(<Stage onZoom={onZoom} />);
    const stage = screen.getByTestId('stage');
    fireEvent.pointerDown(stage, { ...touch(1, 100), pointerType: 'mouse' });
    fireEvent.pointerMove(stage, { ...touch(1, 180), pointerType: 'mouse' });
    fireEvent.pointerDown(stage, touch(2, 100));
    fireEvent.pointerMove(stage, touch(2, 140));
    expect(onZoom).not.toHaveBeenCalled();

    fireEvent.pointerDown(stage, touch(3, 200));
    fireEvent.pointerMove(stage, touch(3, 260));
    expect(onZoom).toHaveBeenLastCalledWith(2);

    fireEvent.pointerUp(stage, touch(3, 260));
    fireEvent.pointerMove(stage, touch(2, 100));
    expect(onZoom).toHaveBeenCalledTimes(1);
  });
});
