/**
 * What rich text may contain, written once for both ends: the server cleans stored HTML with
 * sanitize-html through `sanitizeHtmlOptions` (./sanitize-html-options), the browser cleans it
 * again with DOMPurify before showing or editing it (apps/web/src/lib/safe-html.ts). Why one list
 * and where each end applies it: docs/decisions/0023-rich-text.md.
 */
export interface RichTextAllowList {
  /** Elements kept (lower case). Any other element is removed and its text kept. */
  tags: readonly string[];
  /** Elements removed together with everything inside them: their text is not prose. */
  droppedWithContent: readonly string[];
  /** Attributes kept per element; `*` lists those every kept element may carry. */
  attributes: Readonly<Record<string, readonly string[]>>;
  /** URL schemes allowed in links and sources; relative URLs pass, `//host` URLs never do. */
  schemes: readonly string[];
  /** Elements with schemes of their own (pictures may be `data:` images). */
  schemesByTag: Readonly<Record<string, readonly string[]>>;
  /** Properties a `style` attribute may keep, each with the values it accepts. */
  styles: Readonly<Record<string, readonly RegExp[]>>;
  /** Links: with `newWindow` every link opens a new tab; `rel` is set on each that does. */
  links: { newWindow: boolean; rel: string };
}

/** Removed with their content on every list: scripts, raw text, embedded documents. */
const NON_PROSE = [
  'script',
  'style',
  'textarea',
  'option',
  'select',
  'xmp',
  'noscript',
  'noembed',
  'noframes',
  'iframe',
  'object',
  'embed',
  'template',
  'title',
  'svg',
  'math',
];

/** Article bodies: text structure, tables, pictures, links and a few inline styles. */
export const NEWS_RICH_TEXT: RichTextAllowList = {
  tags: [
    ...['address', 'article', 'aside', 'footer', 'header', 'hgroup', 'main', 'nav', 'section'],
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'div', 'blockquote', 'pre', 'hr', 'br', 'wbr'],
    ...['ul', 'ol', 'li', 'menu', 'dl', 'dt', 'dd', 'figure', 'figcaption'],
    ...['a', 'abbr', 'b', 'strong', 'i', 'em', 'u', 's', 'small', 'sub', 'sup', 'mark', 'q'],
    ...['bdi', 'bdo', 'cite', 'code', 'data', 'dfn', 'kbd', 'samp', 'time', 'var', 'span', 'font'],
    ...['ruby', 'rb', 'rp', 'rt', 'rtc'],
    ...['table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'],
    'img',
  ],
  droppedWithContent: NON_PROSE,
  attributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan', 'align'],
    th: ['colspan', 'rowspan', 'align'],
    '*': ['style', 'class'],
  },
  schemes: ['http', 'https', 'mailto', 'tel'],
  schemesByTag: { img: ['http', 'https', 'data'] },
  styles: {
    color: [/^#[0-9a-f]{3,8}$/i, /^rgb\(\s*\d+\s*,\s*\d+\s*,\s*\d+\s*\)$/i, /^[a-z]+$/i],
    'text-align': [/^(left|right|center|justify)$/],
    'font-weight': [/^(bold|normal|\d{3})$/],
    'text-indent': [/^\d+(\.\d+)?(em|px)$/],
  },
  links: { newWindow: false, rel: 'noopener noreferrer' },
};

/**
 * Questions to the operators and their replies: paragraphs, emphasis, lists and plain links
 * that always open a new tab; no pictures, styles or other attributes.
 */
export const FEEDBACK_RICH_TEXT: RichTextAllowList = {
  tags: ['p', 'div', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'a'],
  droppedWithContent: NON_PROSE,
  attributes: { a: ['href', 'target', 'rel'] },
  schemes: ['http', 'https', 'mailto'],
  schemesByTag: {},
  styles: {},
  links: { newWindow: true, rel: 'noopener noreferrer nofollow' },
};

/** Attributes holding a URL, checked against the list's schemes. */
export const URL_ATTRIBUTES: readonly string[] = ['href', 'src', 'cite'];

/**
 * Whether a URL may stay on `tag`: control characters and spaces (which browsers skip) and HTML
 * comments are ignored when reading the scheme; no scheme means a relative URL, which passes,
 * except `//host`, which would load from another site.
 */
export function isAllowedUrl(list: RichTextAllowList, tag: string, url: string): boolean {
  let cleaned = Array.from(url)
    .filter((char) => char.charCodeAt(0) > 0x20)
    .join('');
  for (;;) {
    const open = cleaned.indexOf('<!--');
    const close = open === -1 ? -1 : cleaned.indexOf('-->', open + 4);
    if (close === -1) break;
    cleaned = cleaned.slice(0, open) + cleaned.slice(close + 3);
  }
  const scheme = /^([a-zA-Z][a-zA-Z0-9.\-+]*):/.exec(cleaned)?.[1]?.toLowerCase();
  if (scheme === undefined) return !/^[/\\]{2}/.test(cleaned);
  return (list.schemesByTag[tag] ?? list.schemes).includes(scheme);
}

/** The declarations of a `style` value that the list allows, as `prop:value;…` ('' if none). */
export function filterStyle(list: RichTextAllowList, style: string): string {
  return style
    .split(';')
    .map((declaration) => {
      const colon = declaration.indexOf(':');
      const property = declaration.slice(0, colon).trim();
      const raw = declaration.slice(colon + 1).trim();
      const important = /\s*!important$/i.test(raw);
      const value = raw.replace(/\s*!important$/i, '');
      const allowed = colon > 0 && (list.styles[property] ?? []).some((re) => re.test(value));
      return allowed ? `${property}:${value}${important ? ' !important' : ''}` : '';
    })
    .filter(Boolean)
    .join(';');
}

/** A link's attributes after the list's link rules (new tab and `rel`). */
export function linkAttributes(
  list: RichTextAllowList,
  attributes: Record<string, string>,
): Record<string, string> {
  if (list.links.newWindow) return { ...attributes, target: '_blank', rel: list.links.rel };
  return attributes.target === '_blank' ? { ...attributes, rel: list.links.rel } : attributes;
}
