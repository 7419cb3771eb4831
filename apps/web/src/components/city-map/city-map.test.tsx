import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CityMap } from './city-map';

describe('CityMap', () => {
  it('draws the offline base map with every district name when no tiles are configured', () => {
    const { container } = render(<CityMap center={[119.6, 39.94]} zoom={11} />);
    for (const name of ['海港区', '北戴河区', '山海关区', '抚宁区', '昌黎县', '卢龙县', '开发区']) {
      expect(screen.getByText(name)).toBeTruthy();
    }
    expect(container.querySelector('.leaflet-tile')).toBeNull();
  });

  it('shows a labelled marker and reports clicks on it', () => {
    const onClick = vi.fn();
    const { container } = render(
      <CityMap
        center={[119.6, 39.94]}
        zoom={15}
        markers={[{ id: 1, position: [119.6, 39.94], label: '房地产交易大厅', onClick }]}
      />,
    );
    expect(screen.getByText('房地产交易大厅')).toBeTruthy();
    const marker = container.querySelector<HTMLElement>('.leaflet-marker-icon');
    expect(marker).not.toBeNull();
    marker?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(onClick).toHaveBeenCalled();
  });
});
