/**
 * Elements whose whole subtree is dropped. NOSCRIPT: parsed as markup here (no scripting) but as
 * raw text in the page, so an attribute could close it and start live markup there.
 */
const DROPPED = new Set([
  'SCRIPT',
  'NOSCRIPT',
  'STYLE',
  'IFRAME',
  'OBJECT',
  'EMBED',
  'FORM',
  'LINK',
  'META',
  'BASE',
]);
const URL_ATTRIBUTES = new Set(['href', 'src', 'xlink:href', 'action', 'formaction']);
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);
const SAFE_DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp);/i;

/** Relative URLs and the listed schemes pass; `javascript:`, `vbscript:`, other data: do not. */
function isSafeUrl(value: string): boolean {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  return scheme === undefined || SAFE_SCHEMES.has(scheme) || SAFE_DATA_IMAGE.test(value);
}

function cleanElement(element: Element): void {
  for (const child of Array.from(element.children)) {
    if (DROPPED.has(child.tagName.toUpperCase())) {
      child.remove();
      continue;
    }
    for (const attribute of Array.from(child.attributes)) {
      const name = attribute.name.toLowerCase();
      const value = Array.from(attribute.value)
        .filter((char) => char.charCodeAt(0) > 32)
        .join('');
      if (name.startsWith('on') || name === 'srcdoc') child.removeAttribute(attribute.name);
      else if (URL_ATTRIBUTES.has(name) && value && !isSafeUrl(value))
        child.removeAttribute(attribute.name);
    }
    if (child.tagName.toUpperCase() === 'A' && child.getAttribute('target') === '_blank')
      child.setAttribute('rel', 'noopener noreferrer');
    cleanElement(child);
  }
}

/**
 * Second line of defence for stored rich text (articles, feedback and replies; the server already
 * sanitised it): parses the markup in an inert document and removes scripts, frames, event
 * handlers and unsafe URL schemes. Every `dangerouslySetInnerHTML` of stored HTML goes through it.
 */
export function toSafeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  cleanElement(doc.body);
  return doc.body.innerHTML;
}
