import { describe, expect, it } from 'vitest';
import { idCardCheckChar, isPhone, isValidIdCard, isValidPassword } from './validators';

describe('phone', () => {
  it.each(['13800000001', '19912345678', '14700000000'])('accepts %s', (phone) => {
    expect(isPhone(phone)).toBe(true);
  });
  it.each(['12800000001', '1380000000', '138000000012', '1380000000a', ''])(
    'refuses %s',
    (phone) => {
      expect(isPhone(phone)).toBe(false);
    },
  );
});

describe('password', () => {
  it.each(['Demo@2026', 'Abcdefg1', 'A1b2c3d4e5f6g7h8i9j0'])('accepts %s', (password) => {
    expect(isValidPassword(password)).toBe(true);
  });
  it.each([
    'demo@2026',
    'DEMO@2026',
    'Demo@abcd',
    'Ab1',
    'A1b2c3d4e5f6g7h8i9j0k',
    'Demo 2026a',
    '密码Demo2026',
  ])('refuses %s', (password) => {
    expect(isValidPassword(password)).toBe(false);
  });
});

describe('ID card (GB 11643)', () => {
  const today = new Date('2026-11-21T00:00:00Z');

  it('computes the check character', () => {
    expect(idCardCheckChar('11010519491231002')).toBe('X');
    expect(idCardCheckChar('13030219900307123')).toBe(idCardCheckChar('13030219900307123'));
  });

  it('accepts valid numbers, with x in either case', () => {
    expect(isValidIdCard('11010519491231002X', today)).toBe(true);
    expect(isValidIdCard('11010519491231002x', today)).toBe(true);
    const first17 = '13030219900307123';
    expect(isValidIdCard(first17 + idCardCheckChar(first17), today)).toBe(true);
  });

  it('refuses a wrong check digit, an impossible date, a future date and 15 digits', () => {
    expect(isValidIdCard('110105194912310021', today)).toBe(false);
    const feb30 = '13030219900230123';
    expect(isValidIdCard(feb30 + idCardCheckChar(feb30), today)).toBe(false);
    const future = '13030220301212123';
    expect(isValidIdCard(future + idCardCheckChar(future), today)).toBe(false);
    expect(isValidIdCard('130302900307123', today)).toBe(false);
  });
});
