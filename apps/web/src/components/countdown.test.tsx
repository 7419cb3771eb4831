import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Countdown, formatCountdown, splitDuration } from './countdown';

const NOW = new Date('2026-03-01T08:00:00Z').getTime();

describe('Countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('counts down every second and fires onFinish once at zero', () => {
    const onFinish = vi.fn();
    render(<Countdown target={NOW + 3000} format="mm分ss秒" onFinish={onFinish} />);
    expect(screen.getByRole('timer').textContent).toBe('00分03秒');

    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('timer').textContent).toBe('00分02秒');
    expect(onFinish).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByRole('timer').textContent).toBe('00分00秒');
    act(() => vi.advanceTimersByTime(5000));
    expect(onFinish).toHaveBeenCalledTimes(1);
  });

  it('follows the server clock when an offset is given', () => {
    render(<Countdown target={NOW + 30 * 60_000} serverOffsetMs={60_000} format="mm:ss" />);
    expect(screen.getByRole('timer').textContent).toBe('29:00');
  });

  it('renders days through a render prop', () => {
    render(
      <Countdown target={NOW + 7 * 86_400_000 - 1000}>
        {({ days, hours }) => `剩余${days}天${hours}小时`}
      </Countdown>,
    );
    expect(screen.getByRole('timer').textContent).toBe('剩余6天23小时');
  });

  it('shows zero for a target in the past and finishes at once', () => {
    const onFinish = vi.fn();
    render(<Countdown target={NOW - 10_000} onFinish={onFinish} />);
    expect(screen.getByRole('timer').textContent).toBe('00:00:00');
    expect(onFinish).toHaveBeenCalledTimes(1);
  });

  it('formats with and without a day token', () => {
    const parts = splitDuration(26 * 3600_000 + 61_000);
    expect(formatCountdown(parts, 'HH:mm:ss')).toBe('26:01:01');
    expect(formatCountdown(parts, 'D天HH时mm分ss秒')).toBe('1天02时01分01秒');
  });
});
