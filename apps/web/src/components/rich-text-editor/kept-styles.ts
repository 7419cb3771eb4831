import { filterStyle, type RichTextAllowList } from '@portal/shared/html/allow-lists';
import { Extension, Mark } from '@tiptap/core';

/** A `style` attribute reduced to the declarations the list allows (absent when none are). */
function styleAttribute(list: RichTextAllowList) {
  return {
    default: null,
    parseHTML: (element: HTMLElement) =>
      filterStyle(list, element.getAttribute('style') ?? '') || null,
    renderHTML: (attributes: Record<string, unknown>) =>
      typeof attributes.style === 'string' ? { style: attributes.style } : {},
  };
}

/**
 * Paragraphs and headings keep the inline styles the list allows (alignment, first-line indent,
 * colour, weight), so an article written elsewhere and pasted in, or a seeded one with its
 * right-aligned signature line, is saved again as it was.
 */
export function blockStyles(list: RichTextAllowList) {
  return Extension.create({
    name: 'blockStyles',
    addGlobalAttributes: () => [
      { types: ['paragraph', 'heading'], attributes: { style: styleAttribute(list) } },
    ],
  });
}

/** Spans of text with an allowed style (a coloured phrase) stay spans with that style. */
export function inlineStyles(list: RichTextAllowList) {
  return Mark.create({
    name: 'inlineStyle',
    addAttributes: () => ({ style: styleAttribute(list) }),
    parseHTML: () => [
      {
        tag: 'span[style]',
        getAttrs: (element) =>
          filterStyle(list, element.getAttribute('style') ?? '') ? null : false,
      },
    ],
    renderHTML: ({ HTMLAttributes }) => ['span', HTMLAttributes, 0],
  });
}
