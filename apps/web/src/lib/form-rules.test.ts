import { describe, expect, it } from 'vitest';
import { digitsOnly, withoutChinese } from './form-rules';

describe('input filters', () => {
  it('keeps at most N digits in phone and code inputs', () => {
    expect(digitsOnly(11)({ target: { value: '138 0000-0001 99' } })).toBe('13800000001');
    expect(digitsOnly(6)({ target: { value: 'a1b2c3d4e5f6g7' } })).toBe('123456');
  });

  it('strips Chinese characters from passwords and keeps 20 characters', () => {
    expect(withoutChinese({ target: { value: 'Abc密码123' } })).toBe('Abc123');
    expect(withoutChinese({ target: { value: 'A'.repeat(25) } })).toHaveLength(20);
  });
});
