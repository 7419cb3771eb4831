import { NEWS_RICH_TEXT } from '@portal/shared/html/allow-lists';
import { sanitizeHtmlOptions } from '@portal/shared/html/sanitize-html-options';
import sanitizeHtml from 'sanitize-html';

const SANITIZE_OPTIONS = sanitizeHtmlOptions(NEWS_RICH_TEXT);

/**
 * Cleans article HTML before it is stored and again before it is served, with the article
 * allow-list the browser also applies (packages/shared/src/html/allow-lists.ts): scripts, style
 * sheets, frames, event-handler attributes and `javascript:` or other unlisted URL schemes are
 * removed; text, headings, lists, tables, pictures and safe links stay.
 */
export function sanitizeNewsHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS);
}
