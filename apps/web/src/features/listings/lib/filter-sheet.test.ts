import { describe, expect, it } from 'vitest';
import { sheetFilterCount, withoutSheetFilters } from './filter-sheet';
import { readListingSearch } from './listing-filters';

describe('the phone filter sheet of /secondhandhouse', () => {
  it('counts the row filters set, leaving out the keyword and the sort', () => {
    const state = readListingSearch(
      new URLSearchParams('type=2&areaCode=HGQ&priceScope=3&rentPay=1&keyword=海港&sortType=2'),
    );
    expect(sheetFilterCount(state)).toBe(3);
    expect(sheetFilterCount(readListingSearch(new URLSearchParams('keyword=海港')))).toBe(0);
  });

  it('does not count a rent filter left in the URL of the sale tab', () => {
    const state = readListingSearch(new URLSearchParams('areaCode=HGQ&rentType=1'));
    expect(sheetFilterCount(state)).toBe(1);
  });

  it('clears every row filter and the page at once, keeping type, keyword and sort', () => {
    const next = withoutSheetFilters(
      new URLSearchParams(
        'type=2&areaCode=HGQ&priceScope=3&areaScope=2&bedroom=2&ageScope=1&rentType=1&rentPay=1&decorates=2&keyword=海港&sortType=2&pageNum=3',
      ),
    );
    expect(Object.fromEntries(next)).toEqual({ type: '2', keyword: '海港', sortType: '2' });
  });
});
