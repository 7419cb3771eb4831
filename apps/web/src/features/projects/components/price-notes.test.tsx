import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PriceNotes } from './price-notes';

describe('PriceNotes', () => {
  it('explains each price of a project page, 均价 included, and where a room’s price is', () => {
    render(<PriceNotes />);
    const notes = screen.getByLabelText('价格说明');
    for (const term of ['平台价（均价）：', '开发商售价：', '备案价：', '房间单价：']) {
      expect(within(notes).getByText(term)).toBeTruthy();
    }
    expect(notes.textContent).toContain('每平方米建筑面积的平均单价');
    expect(notes.textContent).toContain('“均价”即此价');
    expect(notes.textContent).toContain('以楼盘表中该房间所示为准');
  });
});
