import sanitizeHtml from 'sanitize-html';

/** What the interaction editor produces: paragraphs, emphasis, lists and plain links. */
const FEEDBACK_SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'div',
    'br',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'blockquote',
    'a',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' },
    }),
  },
};

/**
 * Cleans the rich text of a question or an operator's reply (allow-list): scripts, styles,
 * frames, pictures, every attribute except a link's http(s)/mailto address, and event handlers
 * are removed; the text itself stays.
 */
export function sanitizeFeedbackHtml(html: string): string {
  return sanitizeHtml(html, FEEDBACK_SANITIZE_OPTIONS).trim();
}

/** The visible text of sanitised HTML, to tell an empty editor from real content. */
export function htmlHasText(html: string): boolean {
  return (
    sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '')
      .length > 0
  );
}
