import { describe, expect, it } from 'vitest';
import {
  bandOf,
  canSuggestCommunities,
  formatListingPrice,
  houseAge,
  layoutText,
  priceBandsOf,
  readListingSearch,
  switchTypeParams,
  withFilter,
  withPage,
} from './listing-filters';

describe('URL filter state of /secondhandhouse', () => {
  it('reads type, page and filters, dropping rent filters on the sale tab', () => {
    const sale = readListingSearch(new URLSearchParams('areaCode=HGQ&rentPay=4&pageNum=3'));
    expect(sale).toEqual({ type: 1, pageNum: 3, filters: { areaCode: 'HGQ' } });
    const rent = readListingSearch(new URLSearchParams('type=2&rentPay=4&pageNum=x'));
    expect(rent).toEqual({ type: 2, pageNum: 1, filters: { rentPay: '4' } });
  });

  it('resets filters and page when the tab changes', () => {
    expect(switchTypeParams(2).toString()).toBe('type=2');
    expect(switchTypeParams(1).toString()).toBe('');
  });

  it('goes back to page 1 when a filter changes and keeps filters when paging', () => {
    const current = new URLSearchParams('type=2&pageNum=4&areaCode=HGQ');
    expect(withFilter(current, 'priceScope', '2').toString()).toBe(
      'type=2&areaCode=HGQ&priceScope=2',
    );
    expect(withFilter(current, 'areaCode', '').toString()).toBe('type=2');
    expect(withPage(current, 5).get('pageNum')).toBe('5');
    expect(withPage(current, 1).has('pageNum')).toBe(false);
  });
});

describe('小区 filter state of /secondhandhouse', () => {
  it('reads the chosen community from the URL for both tabs', () => {
    expect(readListingSearch(new URLSearchParams('community=海景花园&pageNum=2'))).toEqual({
      type: 1,
      pageNum: 2,
      filters: { community: '海景花园' },
    });
    expect(readListingSearch(new URLSearchParams('type=2&community=%20')).filters).toEqual({});
  });

  it('sets the community on a choice and removes it on clearing, back to page 1', () => {
    const current = new URLSearchParams('type=2&pageNum=3&areaCode=HGQ');
    const chosen = withFilter(current, 'community', '海景花园');
    expect(chosen.toString()).toBe(
      `type=2&areaCode=HGQ&community=${encodeURIComponent('海景花园')}`,
    );
    expect(withFilter(chosen, 'community', '').toString()).toBe('type=2&areaCode=HGQ');
  });

  it('asks for suggestions only once the text holds a Chinese character', () => {
    expect(canSuggestCommunities('')).toBe(false);
    expect(canSuggestCommunities('  ')).toBe(false);
    expect(canSuggestCommunities('ab1')).toBe(false);
    expect(canSuggestCommunities('海')).toBe(true);
    expect(canSuggestCommunities(' 金梦hai ')).toBe(true);
  });
});

describe('bands and display', () => {
  it('maps prices onto the sale 万 bands and the rent bands', () => {
    expect(bandOf(priceBandsOf(1), 1_280_000)?.label).toBe('100-150万');
    expect(bandOf(priceBandsOf(1), 499_999)?.label).toBe('50万以下');
    expect(bandOf(priceBandsOf(1), 2_000_000)?.label).toBe('200万以上');
    expect(bandOf(priceBandsOf(2), 1000)?.label).toBe('1000-2000元');
    expect(bandOf(priceBandsOf(2), 4500)?.label).toBe('4000元以上');
  });

  it('shows sale prices in 万 and rents per month, the age and the layout', () => {
    expect(formatListingPrice(1, 1_280_000)).toBe('128万');
    expect(formatListingPrice(2, 2300)).toBe('2,300元/月');
    expect(houseAge(2012, 2026)).toBe(14);
    expect(houseAge(null, 2026)).toBeNull();
    expect(layoutText({ bedroom: 3, room: 2, toilet: 1 })).toBe('三室两厅一卫');
  });
});
