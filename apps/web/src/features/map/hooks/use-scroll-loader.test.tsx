import { fireEvent, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useScrollLoader } from './use-scroll-loader';

function List({ onLoadMore, hasMore = true }: { onLoadMore: () => void; hasMore?: boolean }) {
  const onScroll = useScrollLoader({ hasMore, isLoading: false, onLoadMore });
  return <div data-testid="box" onScroll={onScroll} />;
}

function scrollTo(box: HTMLElement, scrollTop: number) {
  Object.defineProperty(box, 'scrollHeight', { value: 1000, configurable: true });
  Object.defineProperty(box, 'clientHeight', { value: 363, configurable: true });
  box.scrollTop = scrollTop;
  fireEvent.scroll(box);
}

describe('useScrollLoader', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('loads the next page 500 ms after reaching 10 px from the bottom, once', () => {
    const onLoadMore = vi.fn();
    const { getByTestId } = render(<List onLoadMore={onLoadMore} />);
    const box = getByTestId('box');
    scrollTo(box, 600);
    vi.advanceTimersByTime(1000);
    expect(onLoadMore).not.toHaveBeenCalled();
    scrollTo(box, 628);
    scrollTo(box, 637);
    vi.advanceTimersByTime(499);
    expect(onLoadMore).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('asks for nothing when the last page is shown', () => {
    const onLoadMore = vi.fn();
    const { getByTestId } = render(<List onLoadMore={onLoadMore} hasMore={false} />);
    scrollTo(getByTestId('box'), 637);
    vi.advanceTimersByTime(1000);
    expect(onLoadMore).not.toHaveBeenCalled();
  });
});
