import { linkAttributes, type RichTextAllowList } from './allow-lists';

type Attributes = Record<string, string>;

/** The options of sanitize-html (the server's cleaner) that an allow-list sets. */
export interface SanitizeHtmlListOptions {
  allowedTags: string[];
  nonTextTags: string[];
  allowedAttributes: Record<string, string[]>;
  allowedSchemes: string[];
  allowedSchemesByTag: Record<string, string[]>;
  allowProtocolRelative: false;
  allowedStyles: Record<'*', Record<string, RegExp[]>>;
  disallowedTagsMode: 'discard';
  transformTags: {
    a: (tagName: string, attribs: Attributes) => { tagName: string; attribs: Attributes };
  };
}

const copyValues = <T>(record: Readonly<Record<string, readonly T[]>>): Record<string, T[]> =>
  Object.fromEntries(Object.entries(record).map(([key, values]) => [key, [...values]]));

/**
 * sanitize-html options that apply `list` on the server; the browser applies the same list with
 * DOMPurify (apps/web/src/lib/safe-html.ts), and a parity test holds the two to one result.
 */
export function sanitizeHtmlOptions(list: RichTextAllowList): SanitizeHtmlListOptions {
  return {
    allowedTags: [...list.tags],
    nonTextTags: [...list.droppedWithContent],
    allowedAttributes: copyValues(list.attributes),
    allowedSchemes: [...list.schemes],
    allowedSchemesByTag: copyValues(list.schemesByTag),
    allowProtocolRelative: false,
    allowedStyles: { '*': copyValues(list.styles) },
    disallowedTagsMode: 'discard',
    transformTags: {
      a: (tagName, attribs) => ({ tagName, attribs: linkAttributes(list, attribs) }),
    },
  };
}
