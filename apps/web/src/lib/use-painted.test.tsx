import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePainted } from './use-painted';

function Probe({ ready }: { ready: boolean }) {
  return <output>{usePainted(ready) ? 'painted' : 'first'}</output>;
}

afterEach(() => {
  vi.useRealTimers();
  delete document.documentElement.dataset.hydrated;
});

describe('usePainted', () => {
  it('turns true one painted frame after the content is ready, and stays true', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] });
    const probe = (ready: boolean) => (
      <MemoryRouter>
        <Probe ready={ready} />
      </MemoryRouter>
    );
    const { rerender } = render(probe(false));
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByRole('status').textContent).toBe('first');

    rerender(probe(true));
    expect(screen.getByRole('status').textContent).toBe('first');
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(screen.getByRole('status').textContent).toBe('painted');

    rerender(probe(false));
    expect(screen.getByRole('status').textContent).toBe('painted');
  });

  it('draws a page the reader comes back to whole at once, and one reached forwards in two steps', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] });
    document.documentElement.dataset.hydrated = '';
    const router = createMemoryRouter(
      [
        { path: '/list', element: <Probe ready /> },
        { path: '/detail', element: <p>详情</p> },
      ],
      { initialEntries: ['/detail'] },
    );
    render(<RouterProvider router={router} />);

    await act(() => router.navigate('/list'));
    expect(screen.getByRole('status').textContent).toBe('first');
    await act(() => router.navigate('/detail'));
    await act(() => router.navigate(-1));
    expect(screen.getByRole('status').textContent).toBe('painted');
  });

  it('draws the first page of a visit in two steps, as the server drew it', () => {
    render(
      <MemoryRouter initialEntries={['/list']}>
        <Probe ready />
      </MemoryRouter>,
    );
    expect(screen.getByRole('status').textContent).toBe('first');
  });
});
