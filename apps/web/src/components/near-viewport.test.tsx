import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NearViewport } from './near-viewport';

describe('NearViewport', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the placeholder until the reader scrolls near, then the content', () => {
    let report: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
    const observe = vi.fn();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: typeof report) {
          report = callback;
        }
        observe = observe;
        disconnect = vi.fn();
      },
    );
    render(
      <NearViewport placeholder={<p>地图加载中</p>}>
        <p>楼盘位置地图</p>
      </NearViewport>,
    );
    expect(screen.getByText('地图加载中')).toBeTruthy();
    expect(screen.queryByText('楼盘位置地图')).toBeNull();
    expect(observe).toHaveBeenCalledTimes(1);

    act(() => report?.([{ isIntersecting: false }]));
    expect(screen.queryByText('楼盘位置地图')).toBeNull();
    act(() => report?.([{ isIntersecting: true }]));
    expect(screen.getByText('楼盘位置地图')).toBeTruthy();
    expect(screen.queryByText('地图加载中')).toBeNull();
  });

  it('shows the content at once where the browser cannot tell', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <NearViewport placeholder={<p>地图加载中</p>}>
        <p>楼盘位置地图</p>
      </NearViewport>,
    );
    expect(screen.getByText('楼盘位置地图')).toBeTruthy();
  });
});
