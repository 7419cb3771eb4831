import { describe, expect, it } from 'vitest';
import { markCareMode } from './care-mode-page';

const PAGE = '<!doctype html>\n<html lang="zh-CN">\n<head></head><body></body></html>';

describe('markCareMode', () => {
  it('marks <html> for a device in 长辈版', () => {
    expect(markCareMode(PAGE, { portal_care: '1' })).toContain('<html data-care="1" lang="zh-CN">');
  });

  it('leaves the page alone otherwise', () => {
    expect(markCareMode(PAGE, {})).toBe(PAGE);
    expect(markCareMode(PAGE, { portal_care: '0' })).toBe(PAGE);
  });
});
