import { FEEDBACK_RICH_TEXT, NEWS_RICH_TEXT } from '@portal/shared/html/allow-lists';
import { describe, expect, it } from 'vitest';
import { toSafeHtml, withoutNewTabs } from './safe-html';

describe('toSafeHtml', () => {
  it('removes scripts, frames, handlers and javascript: URLs and keeps the text', () => {
    const html = toSafeHtml(
      '<p onclick="alert(1)">正文<script>alert(2)</script></p>' +
        '<iframe src="https://x"></iframe>' +
        '<a href=" javascript:alert(3)">链接</a><img src="x.png" onerror="alert(4)">' +
        '<a href="https://example.com" target="_blank">官网</a>',
      NEWS_RICH_TEXT,
    );
    expect(html).not.toMatch(/script|onclick|onerror|iframe|javascript:/i);
    expect(html).toContain('正文');
    expect(html).toContain('<img src="x.png">');
    expect(html).toContain('rel="noopener noreferrer"');
  });

  it('drops noscript, whose text could turn into live markup in the page', () => {
    const html = toSafeHtml(
      '<p>前文</p><noscript><p title="</noscript><img src=x onerror=alert(1)>"></p></noscript>',
      NEWS_RICH_TEXT,
    );
    expect(html).toBe('<p>前文</p>');
  });

  it('keeps only what the list allows: feedback loses pictures and styles, links open a new tab', () => {
    const html = toSafeHtml(
      '<p style="color:red">问<img src="https://x/a.png"></p><a href="https://a.example/">链</a>',
      FEEDBACK_RICH_TEXT,
    );
    expect(html).toBe(
      '<p>问</p><a href="https://a.example/" target="_blank" rel="noopener noreferrer nofollow">链</a>',
    );
    expect(toSafeHtml('<p style="color:red;position:fixed">文</p>', NEWS_RICH_TEXT)).toBe(
      '<p style="color:red">文</p>',
    );
  });
});

describe('links that open in place', () => {
  it('drops the target of every link and keeps the rest', () => {
    expect(
      withoutNewTabs(
        '<p><a href="https://www.qhd.gov.cn/" target="_blank" rel="noopener noreferrer">政策原文</a></p>',
      ),
    ).toBe('<p><a href="https://www.qhd.gov.cn/" rel="noopener noreferrer">政策原文</a></p>');
  });
});
