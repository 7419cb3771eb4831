import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SortBar, type SortOption } from './sort-bar';

const SORTS: ReadonlyArray<SortOption<string>> = [
  { label: '默认排序', codes: ['1'] },
  { label: '单价', codes: ['2', '3'] },
  { label: '关注度', codes: ['4', '5'] },
];

function Harness() {
  const [value, setValue] = useState('1');
  return (
    <>
      <SortBar sorts={SORTS} value={value} onChange={setValue} />
      <output>{value}</output>
    </>
  );
}

describe('SortBar', () => {
  it('picks a sort on the first click and toggles it descending ↔ ascending after', () => {
    render(<Harness />);
    const group = screen.getByRole('group', { name: '排序' });
    const price = screen.getByRole('button', { name: /单价/ });
    expect(group).toBeTruthy();
    expect(screen.getByRole('button', { name: '默认排序' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    fireEvent.click(price);
    expect(screen.getByRole('status').textContent).toBe('2');
    expect(price.getAttribute('aria-pressed')).toBe('true');
    expect(price.textContent).toBe('单价↓');
    fireEvent.click(price);
    expect(screen.getByRole('status').textContent).toBe('3');
    expect(price.textContent).toBe('单价↑');
    fireEvent.click(price);
    expect(screen.getByRole('status').textContent).toBe('2');

    fireEvent.click(screen.getByRole('button', { name: /关注度/ }));
    expect(screen.getByRole('status').textContent).toBe('4');
    expect(price.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: '默认排序' }));
    expect(screen.getByRole('status').textContent).toBe('1');
  });
});
