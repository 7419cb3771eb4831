import { describe, expect, it } from 'vitest';
import { beijingYearOf } from '../beijing-time';
import { isCheckInDate, listingFormSchema } from './listing-form';

const picture = { path: 'listing/1/a.png', name: 'a.png', cover: true };
const RENT = {
  type: 2,
  checkId: 1,
  areaCode: 'HGQ',
  communityName: '文化路小区',
  address: '海港区文化路88号',
  buildNum: '3',
  cellNum: '2',
  houseNum: '501',
  bedroom: 2,
  room: 1,
  toilet: 1,
  buildArea: 70,
  floorNum: 3,
  totalFloor: 6,
  direction: '2',
  decorates: '3',
  elevator: '0',
  rentPay: '3',
  rentType: '1',
  price: 2300,
  title: '文化路小区 两室一厅 拎包入住',
  description: '家电齐全',
  checkList: [1],
  secondHouse: [picture],
  secondCertificate: [picture],
  secondIdCard: [picture],
};

/** The first message the schema gives for the form with `changes`, or null when it passes. */
function firstMessage(changes: Record<string, unknown>): string | null {
  const result = listingFormSchema.safeParse({ ...RENT, ...changes });
  return result.success ? null : (result.error.issues[0]?.message ?? '');
}

describe('isCheckInDate', () => {
  it.each([
    ['2026-05-01', true],
    ['2028-02-29', true],
    ['1900-01-01', true],
    ['2100-12-31', true],
    ['2026-13-45', false],
    ['2026-02-30', false],
    ['2027-02-29', false],
    ['2026-04-31', false],
    ['2026-00-10', false],
    ['0000-01-01', false],
    ['1899-12-31', false],
    ['2101-01-01', false],
    ['2026-5-1', false],
    ['2026/05/01', false],
  ])('%s → %s', (text, expected) => {
    expect(isCheckInDate(text)).toBe(expected);
  });
});

describe('listing form: move-in date, build year and coded fields', () => {
  it('separates a malformed move-in date from one that is not a real day', () => {
    expect(firstMessage({ checkIn: '2026-06-01' })).toBeNull();
    expect(firstMessage({ checkIn: '' })).toBeNull();
    expect(firstMessage({ checkIn: null })).toBeNull();
    expect(firstMessage({ checkIn: '2026/06/01' })).toBe('入住日期格式应为yyyy-MM-dd');
    expect(firstMessage({ checkIn: 20260601 })).toBe('入住日期格式应为yyyy-MM-dd');
    expect(firstMessage({ checkIn: '2026-13-45' })).toBe('请选择有效的入住日期');
  });

  it('takes build years from 1900 to the current Beijing year', () => {
    const year = beijingYearOf();
    expect(firstMessage({ age: 1900 })).toBeNull();
    expect(firstMessage({ age: year })).toBeNull();
    expect(firstMessage({ age: null })).toBeNull();
    for (const age of [1899, year + 1, 1999.5, 'abc'])
      expect(firstMessage({ age })).toBe('建成年份应在1900年至今年之间');
  });

  it('names a coded field whose value cannot be a dictionary code', () => {
    expect(firstMessage({ direction: '12345678901' })).toBe('朝向不在可选范围内');
    expect(firstMessage({ rentPay: 3 })).toBe('付款方式不在可选范围内');
    expect(firstMessage({ direction: '' })).toBe('请选择朝向');
  });

  it('refuses ids beyond the id column', () => {
    expect(firstMessage({ checkList: [2_147_483_648] })).toBe('请选择标签');
    expect(firstMessage({ checkId: 2_147_483_648 })).toBe('请先完成房源核验');
  });
});

describe('beijingYearOf', () => {
  it('turns the year at midnight in Beijing, eight hours before UTC', () => {
    expect(beijingYearOf(new Date('2025-12-31T15:59:59Z'))).toBe(2025);
    expect(beijingYearOf(new Date('2025-12-31T16:00:00Z'))).toBe(2026);
  });
});
