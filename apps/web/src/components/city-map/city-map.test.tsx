import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { publicServicesQueryOptions } from '../../lib/public-services';
import { CityMap } from './city-map';

/** Renders with the site's public services already known (as the early reads leave them). */
function withServices(
  node: ReactNode,
  map: { provider: 'tianditu' | 'offline'; key: string | null },
) {
  const client = new QueryClient();
  client.setQueryData(publicServicesQueryOptions().queryKey, {
    siteOrigin: 'https://fc.qhd.gov.cn',
    miniProgramUrl: null,
    map: { ...map, reviewNumber: map.key ? 'GS(2024)0650号' : null },
    wechatShare: false,
    webVitalsSampleRate: 1,
  });
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

describe('CityMap', () => {
  it('draws the offline base map with every district name when no tiles are configured', () => {
    const { container } = withServices(<CityMap center={[119.6, 39.94]} zoom={11} />, {
      provider: 'offline',
      key: null,
    });
    for (const name of ['海港区', '北戴河区', '山海关区', '抚宁区', '昌黎县', '卢龙县', '开发区']) {
      expect(screen.getByText(name)).toBeTruthy();
    }
    expect(container.querySelector('.leaflet-tile')).toBeNull();
  });

  it('names its zoom buttons in Chinese', () => {
    withServices(<CityMap center={[119.6, 39.94]} zoom={11} />, { provider: 'offline', key: null });
    expect(screen.getByRole('button', { name: '放大' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '缩小' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Zoom/ })).toBeNull();
  });

  it("shows 天地图's tiles with the key, its attribution and 审图号 when configured", () => {
    const { container } = withServices(<CityMap center={[119.6, 39.94]} zoom={12} />, {
      provider: 'tianditu',
      key: '0123456789abcdef0123456789abcdef',
    });
    const tile = container.querySelector<HTMLImageElement>('.leaflet-tile');
    expect(tile?.src).toMatch(
      /^https:\/\/t[0-7]\.tianditu\.gov\.cn\/vec_w\/wmts\?.*tk=0123456789abcdef/,
    );
    const attribution = container.querySelector('.leaflet-control-attribution')?.textContent ?? '';
    expect(attribution).toContain('天地图');
    expect(attribution).toContain('审图号：GS(2024)0650号');
    expect(screen.queryByText('海港区')).toBeNull();
  });

  it('shows a labelled marker and reports clicks on it', () => {
    const onClick = vi.fn();
    const { container } = withServices(
      <CityMap
        center={[119.6, 39.94]}
        zoom={15}
        markers={[{ id: 1, position: [119.6, 39.94], label: '房地产交易大厅', onClick }]}
      />,
      { provider: 'offline', key: null },
    );
    expect(screen.getByText('房地产交易大厅')).toBeTruthy();
    const marker = container.querySelector<HTMLElement>('.leaflet-marker-icon');
    expect(marker).not.toBeNull();
    marker?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(onClick).toHaveBeenCalled();
  });
});
