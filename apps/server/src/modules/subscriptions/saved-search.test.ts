import { describe, expect, it } from 'vitest';
import { normaliseSearchQuery } from './saved-search';

describe('normaliseSearchQuery (new-house 朝向)', () => {
  it('keeps 朝向 and 户型 of a new-house search, in the fixed order', () => {
    expect(
      normaliseSearchQuery('newHouse', '?orientation=9&pageNum=2&bedroom=3&areaCode=HGQ'),
    ).toBe('areaCode=HGQ&bedroom=3&orientation=9');
  });

  it('refuses an unknown 朝向 with the search message', () => {
    expect(() => normaliseSearchQuery('newHouse', 'orientation=11')).toThrow(
      '搜索条件不正确，请重新选择后再订阅',
    );
  });
});
