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

  it('pauses while the pointer is over it', () => {
    const { container } = renderThree();
    fireEvent.mouseEnter(container.firstElementChild as Element);
    act(() => vi.advanceTimersByTime(12_000));
    expect(activeSlideText()).toBe('一');
    fireEvent.mouseLeave(container.firstElementChild as Element);
    act(() => vi.advanceTimersByTime(4000));
    expect(activeSlideText()).toBe('二');
  });

  it('goes to a slide from its dot; only the shown slide can be used', () => {
    renderThree();
    fireEvent.click(screen.getByRole('button', { name: '3' }));
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
