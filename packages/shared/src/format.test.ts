import { describe, expect, it } from 'vitest';
import {
  formatArea,
  formatBedrooms,
  formatLayout,
  formatNumber,
  formatRent,
  formatSalePrice,
  formatUnitPrice,
  formatWan,
  formatYuan,
  maskPhone,
  orMissing,
  roundHalfUp,
  wanToYuan,
} from './format';

describe('money formatting', () => {
  it.each([
    [1_234_567.891, 2, '1,234,567.89'],
    [999, 0, '999'],
    [1000, 0, '1,000'],
    [-12_345.5, 1, '-12,345.5'],
    [0, 2, '0.00'],
  ])('formatNumber(%d, %d) = %s', (value, decimals, expected) => {
    expect(formatNumber(value, decimals)).toBe(expected);
  });

  it('rounds half away from zero without float artefacts', () => {
    expect(roundHalfUp(1.005, 2)).toBe(1.01);
    expect(roundHalfUp(2.675, 2)).toBe(2.68);
    expect(roundHalfUp(-1.005, 2)).toBe(-1.01);
  });

  it('shows yuan as 万 with 2 decimals and separators', () => {
    expect(formatWan(1_234_500)).toBe('123.45');
    expect(formatWan(123_456_789)).toBe('12,345.68');
    expect(formatWan(5_000)).toBe('0.50');
  });

  it('converts 万 entered in forms to yuan', () => {
    expect(wanToYuan(128.5)).toBe(1_285_000);
    expect(wanToYuan(0.01)).toBe(100);
  });

  it('labels prices with their units', () => {
    expect(formatYuan(1_280_000)).toBe('1,280,000元');
    expect(formatYuan(12.5)).toBe('12.50元');
    expect(formatUnitPrice(8650.4)).toBe('8,650元/㎡');
    expect(formatSalePrice(1_285_000)).toBe('128.5万');
    expect(formatRent(2300)).toBe('2,300元/月');
  });
});

describe('area and missing values', () => {
  it('formats areas with up to 2 decimals', () => {
    expect(formatArea(89.5)).toBe('89.5㎡');
    expect(formatArea(120)).toBe('120㎡');
    expect(formatArea(88.456)).toBe('88.46㎡');
  });

  it('shows 暂无 for missing values', () => {
    expect(orMissing(null, String)).toBe('暂无');
    expect(orMissing('', String)).toBe('暂无');
    expect(orMissing(Number.NaN, String)).toBe('暂无');
    expect(orMissing(0, (v) => formatArea(v))).toBe('0㎡');
  });

  it('masks the middle four digits of a phone', () => {
    expect(maskPhone('13800000001')).toBe('138****0001');
    expect(maskPhone('abc')).toBe('abc');
  });
});

describe('room labels: one spelling everywhere (docs/product/labels.md)', () => {
  it.each([
    [1, '一室'],
    [2, '两室'],
    [3, '三室'],
    [5, '五室'],
    [12, '12室'],
  ])('formatBedrooms(%d) → %s', (bedrooms, expected) => {
    expect(formatBedrooms(bedrooms)).toBe(expected);
  });

  it.each([
    [3, 2, 2, '三室两厅两卫'],
    [2, 1, 1, '两室一厅一卫'],
    [1, 0, 1, '一室一卫'],
    [3, 1, undefined, '三室一厅'],
  ])('formatLayout(%d, %d, %s) → %s', (bedrooms, halls, toilets, expected) => {
    expect(formatLayout(bedrooms, halls, toilets)).toBe(expected);
  });

  it('never spells two as 二', () => {
    for (let n = 1; n <= 5; n += 1) {
      expect(formatLayout(n, 2, 2)).not.toMatch(/二|居/);
    }
  });
});
