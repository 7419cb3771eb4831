import { describe, expect, it } from 'vitest';
import { groupLabels, LABEL_HEIGHT, labelWidth } from './label-declutter';

interface Item {
  id: number;
  x: number;
  y: number;
  text: string;
}

describe('labelWidth', () => {
  it('counts Latin characters narrow and Chinese ones wide, with padding', () => {
    expect(labelWidth('12,345元/㎡')).toBe(16 + 7 * 7 + 12 * 2);
    expect(labelWidth('价格待定')).toBe(16 + 12 * 4);
  });
});

describe('groupLabels', () => {
  const group = (items: Item[]) =>
    groupLabels(
      items,
      (item) => item,
      (item) => item.text,
    ).map((g) => g.members.map((item) => item.id));

  it('gives every marker its own label when nothing overlaps', () => {
    expect(
      group([
        { id: 1, x: 100, y: 100, text: '甲 12,000元/㎡' },
        { id: 2, x: 400, y: 100, text: '乙 12,000元/㎡' },
        { id: 3, x: 100, y: 300, text: '丙 12,000元/㎡' },
      ]),
    ).toEqual([[1], [2], [3]]);
  });

  it('counts overlapping markers in the group of the first, so none is left out', () => {
    const items = [
      { id: 1, x: 100, y: 100, text: '甲 12,000元/㎡' },
      { id: 2, x: 110, y: 105, text: '乙 12,000元/㎡' },
      { id: 3, x: 400, y: 100, text: '丙 12,000元/㎡' },
      { id: 4, x: 120, y: 100 + LABEL_HEIGHT / 2, text: '丁 9,000元/㎡' },
    ];
    const groups = group(items);
    expect(groups).toEqual([[1, 2, 4], [3]]);
    expect(groups.flat().sort()).toEqual([1, 2, 3, 4]);
  });

  it('keeps group labels apart across grid cells', () => {
    const items = Array.from({ length: 400 }, (_, i) => ({
      id: i,
      x: (i * 37) % 900,
      y: (i * 53) % 700,
      text: `楼盘${i} 10,000元/㎡`,
    }));
    const groups = groupLabels(
      items,
      (item) => item,
      (item) => item.text,
    );
    expect(groups.reduce((sum, g) => sum + g.members.length, 0)).toBe(400);
    const boxes = groups.map(({ lead }) => {
      const half = labelWidth(lead.text) / 2;
      return {
        left: lead.x - half,
        right: lead.x + half,
        top: lead.y - LABEL_HEIGHT,
        bottom: lead.y,
      };
    });
    for (const [i, a] of boxes.entries())
      for (const b of boxes.slice(i + 1))
        expect(a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom).toBe(
          false,
        );
  });
});
