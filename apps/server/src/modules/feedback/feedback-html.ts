import { FEEDBACK_RICH_TEXT } from '@portal/shared/html/allow-lists';
import { sanitizeHtmlOptions } from '@portal/shared/html/sanitize-html-options';
import sanitizeHtml from 'sanitize-html';

const FEEDBACK_SANITIZE_OPTIONS = sanitizeHtmlOptions(FEEDBACK_RICH_TEXT);

/**
 * Cleans the rich text of a question or an operator's reply with the allow-list the browser also
 * applies (packages/shared/src/html/allow-lists.ts): scripts, styles,
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
