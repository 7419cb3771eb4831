import { describe, expect, it } from 'vitest';
import {
  FEEDBACK_RICH_TEXT,
  filterStyle,
  isAllowedUrl,
  linkAttributes,
  NEWS_RICH_TEXT,
} from './allow-lists';

describe('isAllowedUrl', () => {
  it.each([
    ['a', 'https://www.qhd.gov.cn/', true],
    ['a', '/news/12', true],
    ['a', 'mailto:fc@qhd.gov.cn', true],
    ['a', 'tel:03350000000', true],
    ['a', 'javascript:alert(1)', false],
    ['a', ' JaVaScRiPt:alert(1)', false],
    ['a', 'java\tscript:alert(1)', false],
    ['a', 'java<!-- x -->script:alert(1)', false],
    ['a', '//evil.example/x', false],
    ['a', '\\\\evil.example/x', false],
    ['a', 'data:text/html,x', false],
    ['img', 'data:image/png;base64,AAAA', true],
    ['img', 'ftp://x.example/a.png', false],
  ])('on <%s> %s → %s (articles)', (tag, url, allowed) => {
    expect(isAllowedUrl(NEWS_RICH_TEXT, tag, url)).toBe(allowed);
  });

  it('follows each list: a question link may not call a phone number', () => {
    expect(isAllowedUrl(FEEDBACK_RICH_TEXT, 'a', 'tel:03350000000')).toBe(false);
  });
});

describe('filterStyle', () => {
  it('keeps only the listed properties with values they accept', () => {
    expect(
      filterStyle(
        NEWS_RICH_TEXT,
        'color: #c00; position:fixed; text-align:right; background:url(javascript:x)',
      ),
    ).toBe('color:#c00;text-align:right');
    expect(filterStyle(NEWS_RICH_TEXT, 'font-weight:bold !important')).toBe(
      'font-weight:bold !important',
    );
    expect(filterStyle(FEEDBACK_RICH_TEXT, 'color:red')).toBe('');
  });
});

describe('linkAttributes', () => {
  it('gives article links opening a new tab a safe rel, and every question link a new tab', () => {
    expect(linkAttributes(NEWS_RICH_TEXT, { href: '/a', target: '_blank', rel: 'opener' })).toEqual(
      { href: '/a', target: '_blank', rel: 'noopener noreferrer' },
    );
    expect(linkAttributes(NEWS_RICH_TEXT, { href: '/a' })).toEqual({ href: '/a' });
    expect(linkAttributes(FEEDBACK_RICH_TEXT, { href: '/a' })).toEqual({
      href: '/a',
      target: '_blank',
      rel: 'noopener noreferrer nofollow',
    });
  });
});
