import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { listingEditFixture } from '../testing/listing-edit-fixture';
import {
  fromListingEdit,
  type ListingFormValues,
  toListingPayload,
  withCover,
} from './listing-form';

const picture = (path: string, cover = false) => ({
  path,
  name: path,
  cover,
  url: `/oss/app/${path}`,
});

/** The edit fixture's sale listing as the form holds it, at 128.5 万 with a photo of each kind. */
const base: ListingFormValues = {
  ...fromListingEdit(listingEditFixture({ checkList: [1, 2] })),
  price: 128.5,
  secondHouse: [picture('a.png', true)],
  secondCertificate: [picture('c.png')],
  secondIdCard: [picture('i.png')],
};

describe('the listing request body', () => {
  it('shows a stored sale price in 万', () => {
    expect(fromListingEdit(listingEditFixture()).price).toBe(128);
  });

  it('sends a sale price entered in 万 in yuan and drops rent fields', () => {
    const body = toListingPayload(base, 7);
    expect(body.price).toBe(1_285_000);
    expect(body.checkId).toBe(7);
    expect(body.rentPay).toBeNull();
    expect(body.checkIn).toBeNull();
    expect(body.secondHouse).toEqual([{ path: 'a.png', name: 'a.png', cover: true }]);
  });

  it('keeps a rent per month, formats the check-in date and drops sale fields', () => {
    const body = toListingPayload(
      { ...base, type: 2, price: 2300, rentType: '1', checkIn: dayjs('2026-12-01') },
      7,
    );
    expect(body.price).toBe(2300);
    expect(body.checkIn).toBe('2026-12-01');
    expect(body.houseType).toBeNull();
    expect(body.rightLimit).toBeNull();
  });

  it("sends a rental's optional build year, or null when it is left empty", () => {
    const rent = { ...base, type: 2 as const, price: 2300, rentType: '1' };
    expect(toListingPayload({ ...rent, age: 2018 }, 7).age).toBe(2018);
    expect(toListingPayload({ ...rent, age: undefined }, 7).age).toBeNull();
  });

  it('keeps exactly one cover', () => {
    const pictures = withCover([picture('a.png', true), picture('b.png')], 'b.png');
    expect(pictures.map((p) => p.cover)).toEqual([false, true]);
  });
});
