import {
  FEEDBACK_RICH_TEXT,
  NEWS_RICH_TEXT,
  type RichTextAllowList,
} from '@portal/shared/html/allow-lists';
import { sanitizeHtmlOptions } from '@portal/shared/html/sanitize-html-options';
import sanitizeHtml from 'sanitize-html';
import { describe, expect, it } from 'vitest';
import { toSafeHtml } from './safe-html';

/**
 * The browser's cleaner (DOMPurify) and the server's (sanitize-html, with the very options
 * apps/server/src/modules/{news,feedback} build from the same list) give the same safe markup
 * for the same hostile input. Outputs are compared as parsed DOM trees: attribute order, quoting
 * and the `tbody` a browser adds are not differences a reader could see.
 */
const HOSTILE = [
  '<p onclick="alert(1)">正文<script>alert(2)</script></p>',
  '<iframe src="https://x.example/">框内文字</iframe><p>后文</p>',
  '<a href=" javascript:alert(3)">链接</a>',
  '<a href="JaVaScRiPt:alert(1)">大小写</a><a href="jav&#x09;ascript:alert(1)">制表符</a>',
  '<a href="vbscript:msgbox(1)">v</a><a href="data:text/html,<b>x</b>">d</a>',
  '<a href="//evil.example/x">协议相对</a><a href="/news/1">站内</a><a href="mailto:a@b.cn">信</a>',
  '<a href="https://example.com" target="_blank" rel="opener">官网</a>',
  '<a href="tel:03350000000" title="电话" onmouseover="x()">电话</a>',
  '<img src="x" onerror="alert(1)"><img src="javascript:alert(1)" alt="坏">',
  '<img src="data:image/png;base64,iVBORw0KGgo=" alt="图" width="10" height="10" data-x="1">',
  '<svg onload="alert(1)"><text>矢量</text></svg><math><mi>x</mi></math>',
  '<p title="</noscript><img src=x onerror=alert(1)>">属性</p>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></p></noscript>',
  '<style>p{color:red}</style><p style="color:red;position:fixed;background:url(javascript:x)">样式</p>',
  '<p style="text-align:center;font-weight:bold;text-indent:2em;color:#c00">居中</p>',
  '<form action="javascript:alert(1)"><input value="x"><button>按钮</button></form>',
  '<table><tr><td colspan="2" onmouseover="x">格</td><th scope="col">头</th></tr></table>',
  '<div data-x="1" aria-label="a" class="c" id="x" name="forms">块</div>',
  '<font color="red" face="x">字</font><u>下</u><s>删</s><span class="k">跨</span>',
  '<textarea><script>x</script></textarea><select><option>选项</option></select>',
  '<h3>小标题</h3><ul><li><b>粗</b></li></ul><ol><li><i>斜</i></li></ol><blockquote>引</blockquote>',
  '<p>一<br>二</p><object data="x.swf">对象</object><embed src="x.swf">',
  '<template><img src=x onerror=alert(1)></template><p>模板后</p>',
];

/** The tree of `html` as a browser parses it, attributes sorted and styles spaced one way. */
function canonical(html: string): string {
  const box = document.createElement('div');
  box.innerHTML = html;
  const walk = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return JSON.stringify(node.textContent);
    if (!(node instanceof Element)) return '';
    const attributes = Array.from(node.attributes)
      .map(({ name, value }) =>
        name === 'style'
          ? `${name}=${value.replace(/\s+/g, '').replace(/;$/, '')}`
          : `${name}=${value}`,
      )
      .sort();
    const children = Array.from(node.childNodes).map(walk).join('');
    return `<${node.localName} ${attributes.join(' ')}>${children}</${node.localName}>`;
  };
  return Array.from(box.childNodes).map(walk).join('');
}

const LISTS: Array<[string, RichTextAllowList]> = [
  ['article', NEWS_RICH_TEXT],
  ['feedback', FEEDBACK_RICH_TEXT],
];

describe.each(LISTS)('the %s allow-list', (_name, list) => {
  const serverOptions = sanitizeHtmlOptions(list);

  it.each(HOSTILE)('cleans %s the same way on both ends', (input) => {
    const server = sanitizeHtml(input, serverOptions);
    const browser = toSafeHtml(input, list);
    expect(canonical(browser)).toBe(canonical(server));
    expect(browser).not.toMatch(/<script|<iframe|<svg|<style|\son\w+=|javascript:|vbscript:/i);
  });
});
