import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePainted } from './use-painted';

function Probe({ ready }: { ready: boolean }) {
  return <output>{usePainted(ready) ? 'painted' : 'first'}</output>;
}

afterEach(() => vi.useRealTimers());

describe('usePainted', () => {
  it('turns true one painted frame after the content is ready, and stays true', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] });
    const { rerender } = render(<Probe ready={false} />);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByRole('status').textContent).toBe('first');

    rerender(<Probe ready />);
    expect(screen.getByRole('status').textContent).toBe('first');
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(screen.getByRole('status').textContent).toBe('painted');

    rerender(<Probe ready={false} />);
    expect(screen.getByRole('status').textContent).toBe('painted');
  });
});
