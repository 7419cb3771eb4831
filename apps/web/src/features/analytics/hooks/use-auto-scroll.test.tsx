import { act, fireEvent, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOUCH_RESUME_MS, useAutoScroll } from './use-auto-scroll';

function Box() {
  const box = useRef<HTMLDivElement>(null);
  const { paused: _paused, ...handlers } = useAutoScroll(box, true);
  return <div ref={box} data-testid="box" tabIndex={0} {...handlers} />;
}

describe('useAutoScroll', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('scrolls 40 px every 50 ms, wraps after the first copy and pauses on hover', () => {
    const { getByTestId } = render(<Box />);
    const box = getByTestId('box');
    Object.defineProperty(box, 'scrollHeight', { value: 2400, configurable: true });
    Object.defineProperty(box, 'clientHeight', { value: 280, configurable: true });
    vi.advanceTimersByTime(50);
    expect(box.scrollTop).toBe(40);
    vi.advanceTimersByTime(100);
    expect(box.scrollTop).toBe(120);
    fireEvent.mouseEnter(box);
    vi.advanceTimersByTime(500);
    expect(box.scrollTop).toBe(120);
    fireEvent.mouseLeave(box);
    box.scrollTop = 1180;
    vi.advanceTimersByTime(50);
    expect(box.scrollTop).toBe(20);
  });

  it('holds while touched and a moment after, and while it has the keyboard focus', () => {
    const { getByTestId } = render(<Box />);
    const box = getByTestId('box');
    Object.defineProperty(box, 'scrollHeight', { value: 2400, configurable: true });
    Object.defineProperty(box, 'clientHeight', { value: 280, configurable: true });
    fireEvent.touchStart(box);
    vi.advanceTimersByTime(500);
    expect(box.scrollTop).toBe(0);
    fireEvent.touchEnd(box);
    act(() => vi.advanceTimersByTime(TOUCH_RESUME_MS - 50));
    expect(box.scrollTop).toBe(0);
    act(() => vi.advanceTimersByTime(50));
    vi.advanceTimersByTime(50);
    expect(box.scrollTop).toBe(40);

    fireEvent.focus(box);
    vi.advanceTimersByTime(500);
    expect(box.scrollTop).toBe(40);
    fireEvent.blur(box);
    vi.advanceTimersByTime(50);
    expect(box.scrollTop).toBe(80);
  });
});
