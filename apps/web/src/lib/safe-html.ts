import {
  filterStyle,
  isAllowedUrl,
  linkAttributes,
  type RichTextAllowList,
  URL_ATTRIBUTES,
} from '@portal/shared/html/allow-lists';
import DOMPurify, { type Config } from 'dompurify';

type Cleaner = (html: string) => string;

/**
 * A DOMPurify instance of its own for one allow-list (hooks belong to an instance), with hooks
 * that apply what DOMPurify's configuration cannot say: attributes per element, URL schemes per
 * element, allowed style declarations and the link rules.
 */
function createCleaner(list: RichTextAllowList): Cleaner {
  const purify = DOMPurify(window);
  const allowedOn = (tag: string) => [
    ...(list.attributes[tag] ?? []),
    ...(list.attributes['*'] ?? []),
  ];
  purify.addHook('uponSanitizeAttribute', (node, data) => {
    const tag = node.nodeName.toLowerCase();
    const name = data.attrName;
    if (!allowedOn(tag).includes(name)) data.keepAttr = false;
    else if (URL_ATTRIBUTES.includes(name) && !isAllowedUrl(list, tag, data.attrValue))
      data.keepAttr = false;
    else if (name === 'style') {
      data.attrValue = filterStyle(list, data.attrValue);
      if (!data.attrValue) data.keepAttr = false;
    }
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName.toLowerCase() !== 'a') return;
    const current = Object.fromEntries(Array.from(node.attributes, (a) => [a.name, a.value]));
    for (const [name, value] of Object.entries(linkAttributes(list, current))) {
      if (node.getAttribute(name) !== value) node.setAttribute(name, value);
    }
  });
  const config: Config = {
    ALLOWED_TAGS: [...list.tags],
    ALLOWED_ATTR: [...new Set(Object.values(list.attributes).flat())],
    FORBID_CONTENTS: [...list.droppedWithContent],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    // Parsed as the body's content, as it is shown: a leading <noscript> or <style> would
    // otherwise be parsed into the document head and its insides moved around.
    FORCE_BODY: true,
  };
  return (html) => purify.sanitize(html, config);
}

const cleaners = new WeakMap<RichTextAllowList, Cleaner>();

/**
 * The cleaner used where there is no DOM: the server renderer sets sanitize-html with the
 * server's own options (`entry-server.tsx`), whose parity with this one `safe-html.parity.test.ts`
 * checks. It is set from outside so the browser's code does not carry sanitize-html.
 */
let windowlessCleaner: ((html: string, list: RichTextAllowList) => string) | null = null;

export function setWindowlessCleaner(
  cleaner: (html: string, list: RichTextAllowList) => string,
): void {
  windowlessCleaner = cleaner;
}

/**
 * Second line of defence for stored rich text (articles, feedback and replies; the server already
 * cleaned it with the same list): DOMPurify keeps only what `list`
 * (packages/shared/src/html/allow-lists.ts) allows. Every `dangerouslySetInnerHTML` of stored
 * HTML and every editor's starting value and saved value goes through it.
 */
export function toSafeHtml(html: string, list: RichTextAllowList): string {
  if (typeof window === 'undefined') {
    if (!windowlessCleaner) throw new Error('no HTML cleaner without a window');
    return windowlessCleaner(html, list);
  }
  let cleaner = cleaners.get(list);
  if (!cleaner) {
    cleaner = createCleaner(list);
    cleaners.set(list, cleaner);
  }
  return cleaner(html);
}

/**
 * Cleaned HTML with its links opening in place (no `target`): for phones, where a new tab is a
 * page Back cannot return from. Works on the cleaner's output, whose attributes are quoted.
 */
export function withoutNewTabs(safeHtml: string): string {
  return safeHtml.replace(/\s+target="[^"]*"/g, '');
}
