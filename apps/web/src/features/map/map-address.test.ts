import { describe, expect, it } from 'vitest';
import { mapPlaceHref } from '../../config/paths';
import { type MapAddress, mapAddressQuery, readMapAddress } from './map-address';

const EMPTY = { keyword: '', areaCode: '', priceScope: '', properties: '', buildAreaScope: '' };

describe('the map view kept in its address', () => {
  it('reads back what it wrote: layer, filters, sort, centre and zoom', () => {
    const address: MapAddress = {
      layer: 'project',
      filter: { ...EMPTY, areaCode: 'HGQ', priceScope: '2', keyword: '海景' },
      listingFilter: { keyword: '', areaCode: '' },
      sortType: '3',
      view: { center: [119.60012, 39.93544], zoom: 14 },
    };
    const query = mapAddressQuery(address);
    expect(query).toBe(
      '?keyword=%E6%B5%B7%E6%99%AF&areaCode=HGQ&priceScope=2&sort=3&c=119.60012%2C39.93544&z=14',
    );
    expect(readMapAddress(query)).toEqual(address);
  });

  it('keeps the second-hand layer with its own filters only', () => {
    const address: MapAddress = {
      layer: 'rent',
      filter: { ...EMPTY, priceScope: '4' },
      listingFilter: { keyword: '', areaCode: 'SHG' },
      sortType: '1',
    };
    const query = mapAddressQuery(address);
    expect(query).toBe('?layer=rent&areaCode=SHG');
    expect(readMapAddress(query)).toEqual({ ...address, filter: EMPTY });
  });

  it('is empty for the defaults, which an empty address reads as', () => {
    const defaults = readMapAddress('');
    expect(defaults).toEqual({
      layer: 'project',
      filter: EMPTY,
      listingFilter: { keyword: '', areaCode: '' },
      sortType: '1',
    });
    expect(mapAddressQuery(defaults)).toBe('');
  });

  it('keeps the 周边配套 layer and the kinds it shows', () => {
    const centre = { center: [119.52, 39.93] as [number, number], zoom: 16 };
    const all = readMapAddress('?layer=sale&c=119.52,39.93&z=16&poi=all');
    expect(all.poi).toEqual([
      'school',
      'kindergarten',
      'transit',
      'hospital',
      'shop',
      'park',
      'bank',
    ]);
    expect(all.view).toEqual(centre);
    expect(mapAddressQuery(all)).toBe('?layer=sale&c=119.52000%2C39.93000&z=16&poi=all');
    const some = readMapAddress('?poi=transit,school,ships');
    expect(some.poi).toEqual(['school', 'transit']);
    expect(mapAddressQuery(some)).toBe('?poi=school%2Ctransit');
    expect(mapAddressQuery({ ...some, poi: [] })).toBe('?poi=none');
    expect(readMapAddress('?poi=none').poi).toEqual([]);
    expect(readMapAddress('').poi).toBeUndefined();
  });

  it('opens where a 小区 or listing page sends it: second-hand layer, centre, 周边配套 on', () => {
    const href = mapPlaceHref(119.601234, 39.935678);
    expect(href.startsWith('/map?')).toBe(true);
    const address = readMapAddress(href.slice('/map'.length));
    expect(address.layer).toBe('sale');
    expect(address.view).toEqual({ center: [119.60123, 39.93568], zoom: 16 });
    expect(address.poi).toHaveLength(7);
  });

  it('drops whatever it does not accept instead of failing the page', () => {
    expect(
      readMapAddress(
        '?layer=ships&areaCode=999999&priceScope=9&sort=7&keyword=' +
          'x'.repeat(60) +
          '&c=0,0&z=14',
      ),
    ).toEqual(readMapAddress(''));
    expect(readMapAddress('?c=119.6,39.9&z=40').view).toBeUndefined();
    expect(readMapAddress('?c=119.6,39.9&z=12.5').view).toBeUndefined();
    expect(readMapAddress('?c=abc&z=12').view).toBeUndefined();
  });
});
