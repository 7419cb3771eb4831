import type { HouseModel } from '@portal/shared/schemas/projects';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { bedroomLabel, groupModels, HouseModelBrowser } from './house-model-browser';

const model = (id: number, bedroom: number): HouseModel => ({
  id,
  bedroom,
  houseType: `${id}号户型`,
  area: 80 + id,
  value: null,
  picturePath: null,
  description: null,
  layoutRooms: null,
});
const MODELS = [model(1, 2), model(2, 3), model(3, 3), model(4, 6)];

describe('house model gallery', { timeout: 20_000 }, () => {
  it('groups by bedroom count with 全部 first and counts', () => {
    expect(groupModels(MODELS)).toEqual([
      { key: 0, label: '全部', count: 4 },
      { key: 2, label: '两室', count: 1 },
      { key: 3, label: '三室', count: 2 },
      { key: 6, label: '六室', count: 1 },
    ]);
    expect(bedroomLabel(1)).toBe('一室');
  });

  it('filters the scroller by group and reports the picked model', () => {
    const onPick = vi.fn();
    renderWithProviders(<HouseModelBrowser models={MODELS} onPick={onPick} />);
    fireEvent.click(screen.getByRole('tab', { name: '三室(2)' }));
    expect(screen.queryByText('1号户型')).toBeNull();
    fireEvent.click(screen.getByText('3号户型'));
    expect(onPick).toHaveBeenCalledWith(MODELS[2]);
  });

  it('shows 暂无数据 without models', () => {
    renderWithProviders(<HouseModelBrowser models={[]} onPick={vi.fn()} />);
    expect(screen.getByText('暂无数据')).toBeTruthy();
  });
});
