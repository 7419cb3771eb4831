import { describe, expect, it } from 'vitest';
import {
  formatFen,
  formatFenAsWan,
  mulDivRound,
  roundFen,
  percentOfFen,
  priceTimesAreaFen,
  roundUpToMultiple,
  wanToFen,
  yuanToFen,
} from './money';

describe('integer fen arithmetic', () => {
  it.each([
    [0.1, 10],
    [1.005, 101],
    [5307.27, 530_727],
    [9_999_999.99, 999_999_999],
  ])('%s 元 → %s 分', (yuan, fen) => {
    expect(yuanToFen(yuan)).toBe(fen);
  });

  it('万元 → 分', () => {
    expect(wanToFen(100)).toBe(100_000_000);
    expect(wanToFen(0.0001)).toBe(100);
  });

  it('rounds half away from zero, exactly, beyond 2^53', () => {
    expect(mulDivRound(5, 1, 2)).toBe(3);
    expect(mulDivRound(-5, 1, 2)).toBe(-3);
    expect(mulDivRound(999_999_999, 999_999_999, 100)).toBe(9_999_999_980_000_000);
  });

  it('price × area keeps every fen: 0.1 × 0.2 ㎡ is 0.02 元, not 0.020000000000000004', () => {
    expect(priceTimesAreaFen(0.1, 0.2)).toBe(2);
    expect(priceTimesAreaFen(12_345.67, 89.45)).toBe(110_432_018);
  });

  it('percentages and rounding up', () => {
    expect(percentOfFen(110_432_018, 1.5)).toBe(1_656_480);
    expect(roundUpToMultiple(26_400_000, 1_000_000)).toBe(27_000_000);
    expect(roundUpToMultiple(26_000_000, 1_000_000)).toBe(26_000_000);
  });

  it('formats fen as yuan and as 万元', () => {
    expect(formatFen(530_727)).toBe('5,307.27');
    expect(formatFen(-5)).toBe('-0.05');
    expect(formatFenAsWan(118_215_187)).toBe('118.22');
  });
});

describe('roundFen', () => {
  it.each([
    [530_726.7197, 530_727],
    [91_061_618.7, 91_061_619],
    [12_345.5, 12_346],
    [12_345.499_999_999_99, 12_346],
    [12_345.49, 12_345],
    [-100.5, -101],
    [-0.000_000_1, 0],
  ])('%s 分 → %s', (value, rounded) => {
    expect(roundFen(value)).toBe(rounded);
  });
});
