import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SlideCarousel } from './slide-carousel';

function activeSlideText(): string | null {
  return document.querySelector('.slick-active')?.textContent ?? null;
}

describe('SlideCarousel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const renderThree = () =>
    render(
      <SlideCarousel autoplaySpeed={4000}>
        <a href="/a">一</a>
        <a href="/b">二</a>
        <a href="/c">三</a>
      </SlideCarousel>,
    );

  it('shows the first slide, then turns every interval and loops', () => {
    renderThree();
    expect(activeSlideText()).toBe('一');
    act(() => vi.advanceTimersByTime(4000));
    expect(activeSlideText()).toBe('二');
    act(() => vi.advanceTimersByTime(4000));
    act(() => vi.advanceTimersByTime(4000));
    // The copy of the first slide after the last one is shown, then the track settles.
    expect(activeSlideText()).toBe('一');
  });

  it('pauses while the mouse is over it', () => {
    const { container } = renderThree();
    fireEvent.pointerEnter(container.firstElementChild as Element, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(12_000));
    expect(activeSlideText()).toBe('一');
    fireEvent.pointerLeave(container.firstElementChild as Element, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(4000));
    expect(activeSlideText()).toBe('二');
  });

  it('pauses while the keyboard focus is in it, and for a while after a touch', () => {
    renderThree();
    const dot = screen.getByRole('button', { name: '第2张' });
    act(() => dot.focus());
    act(() => vi.advanceTimersByTime(12_000));
    expect(activeSlideText()).toBe('一');
    act(() => dot.blur());

    const list = document.querySelector('.slick-active')?.parentElement?.parentElement as Element;
    fireEvent.pointerDown(list, { pointerType: 'touch', clientX: 10 });
    fireEvent.pointerUp(list, { pointerType: 'touch', clientX: 10 });
    act(() => vi.advanceTimersByTime(5000));
    expect(activeSlideText()).toBe('一');
    act(() => vi.advanceTimersByTime(1500));
    expect(activeSlideText()).toBe('二');
  });

  it('goes to a slide from its dot; only the shown slide can be used', () => {
    renderThree();
    fireEvent.click(screen.getByRole('button', { name: '第3张' }));
    expect(activeSlideText()).toBe('三');
    expect(screen.getByRole('link', { name: '三' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: '一' })).toBeNull();
  });

  it('shows a single slide without dots or autoplay', () => {
    render(
      <SlideCarousel autoplaySpeed={4000}>
        <span>唯一</span>
      </SlideCarousel>,
    );
    act(() => vi.advanceTimersByTime(8000));
    expect(activeSlideText()).toBe('唯一');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
