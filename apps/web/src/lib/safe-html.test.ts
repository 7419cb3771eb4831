import { describe, expect, it } from 'vitest';
import { toSafeHtml } from './safe-html';

describe('toSafeHtml', () => {
  it('removes scripts, frames, handlers and javascript: URLs and keeps the text', () => {
    const html = toSafeHtml(
      '<p onclick="alert(1)">正文<script>alert(2)</script></p>' +
        '<iframe src="https://x"></iframe>' +
        '<a href=" javascript:alert(3)">链接</a><img src="x.png" onerror="alert(4)">' +
        '<a href="https://example.com" target="_blank">官网</a>',
    );
    expect(html).not.toMatch(/script|onclick|onerror|iframe|javascript:/i);
    expect(html).toContain('正文');
    expect(html).toContain('<img src="x.png">');
    expect(html).toContain('rel="noopener noreferrer"');
  });

  it('drops noscript, whose text could turn into live markup in the page', () => {
    const html = toSafeHtml(
      '<p>前文</p><noscript><p title="</noscript><img src=x onerror=alert(1)>"></p></noscript>',
    );
    expect(html).toBe('<p>前文</p>');
  });
});
