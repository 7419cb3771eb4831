import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lastPageOf, PaginationBar, pageWindow } from './pagination-bar';

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('PaginationBar', () => {
  it('on the first page disables 首页 and offers the next pages', () => {
    const onChange = vi.fn();
    render(<PaginationBar current={1} total={95} pageSize={10} onChange={onChange} />);
    expect(button('首页').disabled).toBe(true);
    expect(button('下一页').disabled).toBe(false);
    expect(button('第1页').getAttribute('aria-current')).toBe('page');
    expect(screen.queryByRole('button', { name: '第6页' })).toBeNull();

    fireEvent.click(button('第3页'));
    fireEvent.click(button('下一页'));
    fireEvent.click(button('尾页'));
    expect(onChange.mock.calls).toEqual([[3], [2], [10]]);
  });

  it('on the last page disables 下一页 and 尾页', () => {
    const onChange = vi.fn();
    render(<PaginationBar current={10} total={95} pageSize={10} onChange={onChange} />);
    expect(button('下一页').disabled).toBe(true);
    expect(button('尾页').disabled).toBe(true);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      '首页',
      '6',
      '7',
      '8',
      '9',
      '10',
      '下一页',
      '尾页',
    ]);
    fireEvent.click(button('首页'));
    expect(onChange).toHaveBeenCalledWith(1);
  });

  it('keeps an out-of-range page inside 1..last and ignores a click on the current page', () => {
    const onChange = vi.fn();
    render(<PaginationBar current={40} total={25} pageSize={10} onChange={onChange} />);
    expect(button('第3页').getAttribute('aria-current')).toBe('page');
    fireEvent.click(button('第3页'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('renders nothing for an empty list', () => {
    render(<PaginationBar current={1} total={0} pageSize={10} onChange={vi.fn()} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('computes the last page and the window of numbers', () => {
    expect(lastPageOf(0, 20)).toBe(1);
    expect(lastPageOf(41, 20)).toBe(3);
    expect(pageWindow(1, 2, 5)).toEqual([1, 2]);
    expect(pageWindow(5, 9, 5)).toEqual([3, 4, 5, 6, 7]);
  });
});
