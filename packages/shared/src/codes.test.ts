import { describe, expect, it } from 'vitest';
import { API_CODE, API_CODES, describeCode } from './codes';

describe('the code table', () => {
  it('has one success code and unique codes', () => {
    expect(API_CODE.SUCCESS).toBe('000000');
    const codes = Object.values(API_CODES).map((entry) => entry.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('gives every failure a Chinese message and an error status', () => {
    for (const [name, entry] of Object.entries(API_CODES)) {
      expect(entry.message, name).toMatch(/[\u4e00-\u9fa5]/);
      if (name !== 'SUCCESS') expect(entry.status, name).toBeGreaterThanOrEqual(400);
    }
  });

  it('maps the invalid session to 90001 / 401', () => {
    expect(describeCode('90001')).toMatchObject({ status: 401 });
    expect(describeCode('no-such-code')).toMatchObject({ status: 500 });
  });
});
