import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TopLoadingBar } from './top-loading-bar';

const bar = () => screen.queryByRole('progressbar', { name: '页面加载进度' });

describe('TopLoadingBar', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('stays hidden when loading ends within 200 ms', () => {
    const { rerender } = render(<TopLoadingBar isLoading />);
    act(() => vi.advanceTimersByTime(150));
    expect(bar()).toBeNull();
    rerender(<TopLoadingBar isLoading={false} />);
    act(() => vi.advanceTimersByTime(1000));
    expect(bar()).toBeNull();
  });

  it('appears after 200 ms, grows, then completes and disappears when loading ends', () => {
    const { rerender } = render(<TopLoadingBar isLoading />);
    act(() => vi.advanceTimersByTime(250));
    const early = Number(bar()?.getAttribute('aria-valuenow'));
    expect(early).toBeGreaterThan(0);

    act(() => vi.advanceTimersByTime(1500));
    expect(Number(bar()?.getAttribute('aria-valuenow'))).toBeGreaterThan(early);

    rerender(<TopLoadingBar isLoading={false} />);
    act(() => vi.advanceTimersByTime(10));
    expect(bar()?.getAttribute('aria-valuenow')).toBe('100');
    act(() => vi.advanceTimersByTime(400));
    expect(bar()).toBeNull();
  });

  it('gives up after 5000 ms of loading', () => {
    render(<TopLoadingBar isLoading />);
    act(() => vi.advanceTimersByTime(4900));
    expect(Number(bar()?.getAttribute('aria-valuenow'))).toBeLessThan(100);
    act(() => vi.advanceTimersByTime(150));
    expect(bar()?.getAttribute('aria-valuenow')).toBe('100');
    act(() => vi.advanceTimersByTime(400));
    expect(bar()).toBeNull();
  });
});
