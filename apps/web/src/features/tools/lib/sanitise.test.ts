import { describe, expect, it } from 'vitest';
import { sanitiseDecimal, sanitiseInteger, toNumber } from './sanitise';

describe('sanitiseDecimal', () => {
  it.each([
    ['12a3.456', '123.45'],
    ['1.2.3', '1.23'],
    ['12345678.9', '1234567.9'],
    ['.5', '.5'],
    ['', ''],
    ['１２', ''],
    ['100.', '100.'],
  ])('%s → %s', (raw, clean) => {
    expect(sanitiseDecimal(raw)).toBe(clean);
  });

  it('cuts to the maximum length', () => {
    expect(sanitiseDecimal('1234567.89', { maxLength: 6 })).toBe('123456');
  });
});

describe('sanitiseInteger and toNumber', () => {
  it('keeps digits only', () => {
    expect(sanitiseInteger('3a5.1')).toBe('351');
    expect(sanitiseInteger('12345', 3)).toBe('123');
  });

  it('reads empty text as 0', () => {
    expect(toNumber('')).toBe(0);
    expect(toNumber('12.5')).toBe(12.5);
  });
});
