import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { GALLERY_INTERVAL_MS, ListingGallery, stripScrollFor } from './listing-gallery';

const PICTURES = ['listing/1/a.png', 'listing/1/b.png', 'listing/1/c.png'];
const current = () =>
  screen
    .getAllByRole('button', { name: /第\d张/ })
    .find((b) => b.getAttribute('aria-current') === 'true')
    ?.getAttribute('aria-label');

describe('ListingGallery', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('advances every 2 s, pauses while hovered and resumes on leave', () => {
    renderWithProviders(<ListingGallery pictures={PICTURES} title="房源" />);
    expect(current()).toBe('第1张');
    act(() => void vi.advanceTimersByTime(GALLERY_INTERVAL_MS));
    expect(current()).toBe('第2张');
    const gallery = screen.getByTestId('listing-gallery');
    fireEvent.mouseEnter(gallery);
    act(() => void vi.advanceTimersByTime(GALLERY_INTERVAL_MS * 3));
    expect(current()).toBe('第2张');
    fireEvent.mouseLeave(gallery);
    act(() => void vi.advanceTimersByTime(GALLERY_INTERVAL_MS * 2));
    expect(current()).toBe('第1张');
  });

  it('turns by a swipe across the large picture and stops and restarts with 暂停播放', () => {
    renderWithProviders(<ListingGallery pictures={PICTURES} title="房源" />);
    const large = screen.getByRole('button', { name: '查看大图' });
    fireEvent.touchStart(large, { touches: [{ clientX: 300 }] });
    fireEvent.touchEnd(large, { changedTouches: [{ clientX: 200 }] });
    expect(current()).toBe('第2张');
    fireEvent.touchStart(large, { touches: [{ clientX: 100 }] });
    fireEvent.touchEnd(large, { changedTouches: [{ clientX: 260 }] });
    expect(current()).toBe('第1张');
    // A short touch is a tap, not a swipe.
    fireEvent.touchStart(large, { touches: [{ clientX: 100 }] });
    fireEvent.touchEnd(large, { changedTouches: [{ clientX: 110 }] });
    expect(current()).toBe('第1张');

    fireEvent.click(screen.getByRole('button', { name: '暂停播放' }));
    expect(screen.getByTestId('listing-gallery').dataset.paused).toBe('true');
    act(() => void vi.advanceTimersByTime(GALLERY_INTERVAL_MS * 3));
    expect(current()).toBe('第1张');
    fireEvent.click(screen.getByRole('button', { name: '继续播放' }));
    act(() => void vi.advanceTimersByTime(GALLERY_INTERVAL_MS));
    expect(current()).toBe('第2张');
  });

  it('shows a clicked thumbnail and opens the large picture in the full-screen viewer, not a new window', async () => {
    vi.useRealTimers();
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderWithProviders(<ListingGallery pictures={PICTURES} title="房源" />);
    fireEvent.click(screen.getByRole('button', { name: '第3张' }));
    expect(current()).toBe('第3张');
    fireEvent.click(screen.getByRole('button', { name: '查看大图' }));
    const viewer = await screen.findByRole('dialog', { name: '图片查看' });
    expect(viewer.querySelector('img')?.getAttribute('src')).toBe('/oss/app/listing/1/c.png');
    expect(viewer.textContent).toContain('3/3');
    // The advance stops while the viewer is open.
    expect(screen.getByTestId('listing-gallery').dataset.paused).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: '下一张' }));
    expect(viewer.querySelector('img')?.getAttribute('src')).toBe('/oss/app/listing/1/a.png');
    fireEvent.click(screen.getByRole('button', { name: '关闭图片查看' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '图片查看' })).toBeNull());
    expect(open).not.toHaveBeenCalled();
    open.mockRestore();
  });

  it('is a history entry of its own: Back closes the viewer and stays on the page', async () => {
    vi.useRealTimers();
    const { router } = renderWithProviders(<ListingGallery pictures={PICTURES} title="房源" />, {
      url: '/detailscs?id=1',
    });
    fireEvent.click(screen.getByRole('button', { name: '查看大图' }));
    expect(await screen.findByRole('dialog', { name: '图片查看' })).toBeTruthy();
    await act(() => router.navigate(-1));
    expect(screen.queryByRole('dialog', { name: '图片查看' })).toBeNull();
    expect(router.state.location.pathname + router.state.location.search).toBe('/detailscs?id=1');
  });

  it('scrolls the thumbnail strip to centre the current picture, within its range', () => {
    // A 400 px strip of five 208 px thumbnails (200 px and the 8 px gap).
    const thumbs = [0, 1, 2, 3, 4].map((i) => ({ offsetLeft: i * 208, offsetWidth: 200 }));
    const strip = {
      children: thumbs,
      clientWidth: 400,
      scrollWidth: 5 * 208,
    } as unknown as HTMLElement;
    expect(stripScrollFor(strip, 0)).toBe(0);
    expect(stripScrollFor(strip, 2)).toBe(2 * 208 - 100);
    expect(stripScrollFor(strip, 4)).toBe(5 * 208 - 400);
    expect(stripScrollFor(strip, 9)).toBeNull();
  });
});
