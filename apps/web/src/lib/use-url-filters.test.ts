import { describe, expect, it } from 'vitest';
import { readFilters } from './use-url-filters';

const ORDER_FILTERS = {
  keyword: 'text',
  payStatus: 'int',
  createdFrom: 'date',
  createdTo: 'date',
} as const;

describe('readFilters', () => {
  it('reads the dashboard link of today’s paid orders', () => {
    const params = new URLSearchParams(
      'createdFrom=2026-03-08&createdTo=2026-03-08&payStatus=3&pageNum=2',
    );
    expect(readFilters(params, ORDER_FILTERS)).toEqual({
      createdFrom: '2026-03-08',
      createdTo: '2026-03-08',
      payStatus: 3,
      pageNum: 2,
    });
  });

  it('keeps status 0 (cancelled) and trims text', () => {
    const params = new URLSearchParams('payStatus=0&keyword=%20DJ2026%20');
    expect(readFilters(params, ORDER_FILTERS)).toEqual({
      payStatus: 0,
      keyword: 'DJ2026',
      pageNum: 1,
    });
  });

  it('treats values that do not fit as unset', () => {
    const params = new URLSearchParams(
      'payStatus=paid&createdFrom=yesterday&createdTo=2026/03/08&pageNum=-1&keyword=',
    );
    expect(readFilters(params, ORDER_FILTERS)).toEqual({ pageNum: 1 });
  });
});
