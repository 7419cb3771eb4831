import { describe, expect, it } from 'vitest';
import { differingRows, parseCompareIds, rowDiffers } from './differences';

describe('compare differences', () => {
  it('marks a row as different when any value differs from the others', () => {
    expect(rowDiffers(['8,650元/㎡', '9,100元/㎡'])).toBe(true);
    expect(rowDiffers(['海港区', '海港区', '北戴河区'])).toBe(true);
    expect(rowDiffers(['暂无', '暂无', '暂无', '暂无'])).toBe(false);
    expect(rowDiffers(['海港区'])).toBe(false);
  });

  it('keeps only the differing rows, in order', () => {
    const rows = [
      { key: 'price', label: '平台价', values: ['1', '2'] },
      { key: 'district', label: '区域', values: ['海港区', '海港区'] },
      { key: 'fee', label: '物业费', values: ['2元/㎡·月', '暂无'] },
    ];
    expect(differingRows(rows).map((row) => row.key)).toEqual(['price', 'fee']);
  });

  it('reads the ids of a compare address, dropping junk and repeats', () => {
    expect(parseCompareIds('3,1,2')).toEqual([3, 1, 2]);
    expect(parseCompareIds(' 4, 4 ,x,-1,0,5')).toEqual([4, 5]);
    expect(parseCompareIds(null)).toEqual([]);
  });
});
