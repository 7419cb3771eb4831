import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './return-to';

describe('safeReturnTo', () => {
  it('keeps paths of this site with their query', () => {
    expect(safeReturnTo('/houses/12?building=3&room=456')).toBe('/houses/12?building=3&room=456');
    expect(safeReturnTo('/sale/publish#step2')).toBe('/sale/publish#step2');
  });

  it('refuses every address that would leave the site', () => {
    for (const value of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      '/x\r\nSet-Cookie: a=1',
      '',
      null,
    ]) {
      expect(safeReturnTo(value)).toBe('/home');
    }
  });
});
