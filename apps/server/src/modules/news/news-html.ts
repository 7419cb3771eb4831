import sanitizeHtml from 'sanitize-html';

/** Tags an article body may keep: text structure, tables, pictures and links. */
const ALLOWED_TAGS = [
  ...sanitizeHtml.defaults.allowedTags.filter((tag) => tag !== 'iframe'),
  'img',
  'span',
  'font',
  'u',
  's',
];

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan', 'align'],
    th: ['colspan', 'rowspan', 'align'],
    '*': ['style', 'class'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgb\(\s*\d+\s*,\s*\d+\s*,\s*\d+\s*\)$/i, /^[a-z]+$/i],
      'text-align': [/^(left|right|center|justify)$/],
      'font-weight': [/^(bold|normal|\d{3})$/],
      'text-indent': [/^\d+(\.\d+)?(em|px)$/],
    },
  },
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

/**
 * Cleans article HTML before it is stored and again before it is served: scripts, styles
 * sheets, frames, event-handler attributes and `javascript:` or other unlisted URL schemes are
 * removed; text, headings, lists, tables, pictures and safe links stay.
 */
export function sanitizeNewsHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS);
}
