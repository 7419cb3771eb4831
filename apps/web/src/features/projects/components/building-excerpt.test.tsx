import type { BuildingExcerpt } from '@portal/shared/schemas/building-excerpt';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiGet } from '../../../lib/api-client';
import { FakeEventSource } from '../../../test/fake-event-source';
import { renderWithProviders } from '../../../test/render';
import { BuildingExcerptPanel } from './building-excerpt';

vi.mock('../../../lib/api-client', () => ({ apiGet: vi.fn() }));
const mockedGet = vi.mocked(apiGet);

const BUILDINGS = [
  { id: 11, tabletNum: '1号楼' },
  { id: 12, tabletNum: '2号楼' },
];
const UNITS: Record<number, Array<{ id: number; name: string }>> = {
  11: [{ id: 101, name: '1单元' }],
  12: [
    { id: 201, name: '1单元' },
    { id: 202, name: '2单元' },
  ],
};

/** A fake server: 2 floors per unit, rooms of 55 and 88 ㎡, band 2 = 60-90 ㎡. */
function excerptOf(query: Record<string, unknown>): NonNullable<BuildingExcerpt> {
  const buildingId = Number(query.buildingId ?? 11);
  const units = UNITS[buildingId] ?? [];
  const unit = units.find((u) => u.id === Number(query.unitId)) ?? units[0];
  const building = BUILDINGS.find((b) => b.id === buildingId);
  const room = (floor: number, no: number, area: number) => ({
    id: buildingId * 1000 + (unit?.id ?? 0) * 10 + floor * 2 + no,
    houseMapName: `${buildingId}-${unit?.id}-${floor}0${no}`,
    roomType: null,
    buildArea: area,
    currentPrice: 9000,
    color: 'green' as const,
    inBand: query.buildAreaScope !== '2' || (area >= 60 && area < 90),
  });
  return {
    buildingId,
    tabletNum: building?.tabletNum ?? '',
    unitId: unit?.id ?? 0,
    unit: unit?.name ?? '',
    buildings: BUILDINGS,
    units: units,
    floors: [2, 1].map((floor) => ({ floor, houseList: [room(floor, 1, 55), room(floor, 2, 88)] })),
  };
}

beforeEach(() => {
  mockedGet.mockReset();
  mockedGet.mockImplementation(async (_path, query) => excerptOf(query ?? {}) as never);
});

describe('building excerpt filters', { timeout: 20_000 }, () => {
  it('starts on the first building and reloads when another building is picked', async () => {
    renderWithProviders(<BuildingExcerptPanel projectId={7} />);
    expect(await screen.findByRole('table', { name: '1号楼1单元' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: '1号楼' })).toHaveProperty('checked', true);
    expect(screen.queryByRole('radiogroup', { name: '单元' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: '2号楼' }));
    expect(await screen.findByRole('table', { name: '2号楼1单元' })).toBeTruthy();
    expect(mockedGet).toHaveBeenLastCalledWith('/api/projects/7/building-excerpt', {
      buildingId: 12,
      unitId: undefined,
      buildAreaScope: '',
    });
    fireEvent.click(screen.getByRole('radio', { name: '2单元' }));
    expect(await screen.findByRole('table', { name: '2号楼2单元' })).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(2);
  });

  it('dims the rooms outside the chosen area band and keeps the floors', async () => {
    renderWithProviders(<BuildingExcerptPanel projectId={7} />);
    await screen.findByRole('table', { name: '1号楼1单元' });
    expect(screen.getByRole('radiogroup', { name: '面积' }).textContent).toBe(
      '全部60㎡以下60-90㎡90-120㎡120-144㎡144㎡以上',
    );
    fireEvent.click(screen.getByRole('radio', { name: '60-90㎡' }));
    await waitFor(() =>
      expect(screen.getAllByRole('cell').filter((c) => c.ariaDisabled === 'true')).toHaveLength(2),
    );
    expect(screen.getAllByRole('row')).toHaveLength(2);
    expect(screen.getAllByRole('cell')).toHaveLength(4);
  });

  it('shows 暂无数据 when the project has no building table', async () => {
    mockedGet.mockResolvedValue(null as never);
    renderWithProviders(<BuildingExcerptPanel projectId={7} />);
    expect(await screen.findByText('暂无数据')).toBeTruthy();
  });
});

describe('building excerpt, live', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeEventSource.opened = [];
  });

  it('listens to the shown building and reloads the excerpt on every pushed room change', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    renderWithProviders(<BuildingExcerptPanel projectId={7} />);
    expect(await screen.findByRole('table', { name: '1号楼1单元' })).toBeTruthy();
    await waitFor(() => expect(FakeEventSource.opened.length).toBeGreaterThan(0));
    const source = FakeEventSource.opened.at(-1) as FakeEventSource;
    expect(source.url).toBe('/api/building-table/buildings/11/events');
    const reads = mockedGet.mock.calls.length;
    act(() => source.push('rooms'));
    await waitFor(() => expect(mockedGet.mock.calls.length).toBe(reads + 1));

    fireEvent.click(screen.getByRole('radio', { name: '2号楼' }));
    expect(await screen.findByRole('table', { name: '2号楼1单元' })).toBeTruthy();
    await waitFor(() =>
      expect(FakeEventSource.opened.at(-1)?.url).toBe('/api/building-table/buildings/12/events'),
    );
    expect(source.closed, 'the first building is no longer watched').toBe(true);
  });
});
