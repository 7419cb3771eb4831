import { MAP_POI_LIMIT } from '@portal/shared/constants/places';
import { describe, expect, it } from 'vitest';
import { poiNoteOf } from './poi-controls';

describe('what the 周边配套 layer says of itself', () => {
  it('asks to zoom in, says when the view has none, and when it shows only part', () => {
    expect(poiNoteOf(false, false, undefined)).toBeNull();
    expect(poiNoteOf(true, false, undefined)).toBe('放大地图后显示周边配套');
    expect(poiNoteOf(true, true, undefined)).toBeNull();
    expect(poiNoteOf(true, true, 0)).toBe('当前范围暂无周边配套');
    expect(poiNoteOf(true, true, MAP_POI_LIMIT - 1)).toBeNull();
    // The server answers at most MAP_POI_LIMIT points for one view.
    expect(poiNoteOf(true, true, MAP_POI_LIMIT)).toBe(
      '当前范围配套较多，仅显示部分，请放大地图查看更多',
    );
  });
});
