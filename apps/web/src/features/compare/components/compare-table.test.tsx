import type { CompareResult } from '@portal/shared/schemas/compare';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CompareTable } from './compare-table';

const result: CompareResult = {
  type: 'project',
  items: [
    { id: 7, kind: 'project', name: '海韵花园', coverUrl: null },
    { id: 9, kind: 'project', name: '金梦海湾', coverUrl: null },
  ],
  rows: [
    { key: 'platformPrice', label: '平台价', values: ['8,650元/㎡', '12,300元/㎡'] },
    { key: 'district', label: '区域', values: ['海港区', '海港区'] },
  ],
};

function renderTable(onlyDifferences: boolean) {
  return render(
    <MemoryRouter>
      <CompareTable result={result} onlyDifferences={onlyDifferences} />
    </MemoryRouter>,
  );
}

describe('CompareTable', () => {
  it('highlights the rows whose values differ and links every column to its project', () => {
    renderTable(false);
    const priceRow = screen.getByRole('row', { name: /平台价/ });
    expect(priceRow.getAttribute('data-differs')).toBe('true');
    expect(within(priceRow).getByText('不同').textContent).toBe('不同');
    const districtRow = screen.getByRole('row', { name: /区域/ });
    expect(districtRow.getAttribute('data-differs')).toBeNull();
    expect(screen.getByRole('link', { name: '金梦海湾' }).getAttribute('href')).toBe(
      '/houseHome?id=9',
    );
  });

  it('shows only the differing rows when asked', () => {
    renderTable(true);
    expect(screen.getAllByRole('row')).toHaveLength(2);
    expect(screen.getByRole('row', { name: /平台价/ }).getAttribute('data-differs')).toBe('true');
    expect(screen.queryByRole('row', { name: /区域/ })).toBeNull();
  });
});
