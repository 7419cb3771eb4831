import type { RichTextAllowList } from '@portal/shared/html/allow-lists';
import type { Extensions } from '@tiptap/core';
import Bold from '@tiptap/extension-bold';
import Image from '@tiptap/extension-image';
import Italic from '@tiptap/extension-italic';
import { TableKit } from '@tiptap/extension-table';
import { Placeholder } from '@tiptap/extensions';
import StarterKit from '@tiptap/starter-kit';
import { blockStyles, inlineStyles } from './kept-styles';

type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;
const HEADING_LEVELS: HeadingLevel[] = [1, 2, 3, 4, 5, 6];

/** Bold and italic written as <b> and <i>, as the stored texts have always had them. */
const BoldAsB = Bold.extend({ renderHTML: ({ HTMLAttributes }) => ['b', HTMLAttributes, 0] });
const ItalicAsI = Italic.extend({ renderHTML: ({ HTMLAttributes }) => ['i', HTMLAttributes, 0] });

/**
 * The editor's document model, made from the allow-list its text is saved under: what the list
 * keeps (headings, lists, quotes, pictures, tables, allowed styles…) can be loaded, edited and saved
 * again without loss, and nothing the list would strip can be typed in.
 */
export function editorExtensions(list: RichTextAllowList, placeholder?: string): Extensions {
  const allows = (...tags: string[]) => tags.every((tag) => list.tags.includes(tag));
  const levels = HEADING_LEVELS.filter((level) => allows(`h${level}`));
  const extensions: Extensions = [
    StarterKit.configure({
      bold: false,
      italic: false,
      heading: levels.length > 0 ? { levels } : false,
      bulletList: allows('ul', 'li') ? {} : false,
      orderedList: allows('ol', 'li') ? {} : false,
      listItem: allows('li') ? {} : false,
      listKeymap: allows('li') ? {} : false,
      blockquote: allows('blockquote') ? {} : false,
      code: allows('code') ? {} : false,
      codeBlock: allows('pre', 'code') ? {} : false,
      horizontalRule: allows('hr') ? {} : false,
      underline: allows('u') ? {} : false,
      strike: allows('s') ? {} : false,
      // Links keep the target they had; the list's link rules are applied when the text is saved.
      link: allows('a')
        ? {
            openOnClick: false,
            autolink: false,
            HTMLAttributes: { target: null, rel: null, class: null },
          }
        : false,
    }),
  ];
  if (allows('b')) extensions.push(BoldAsB);
  if (allows('i')) extensions.push(ItalicAsI);
  if (allows('img')) extensions.push(Image.configure({ inline: true, allowBase64: true }));
  if (allows('table', 'tr', 'td', 'th'))
    extensions.push(TableKit.configure({ table: { resizable: false } }));
  if (Object.keys(list.styles).length > 0) {
    extensions.push(blockStyles(list), inlineStyles(list));
  }
  if (placeholder) extensions.push(Placeholder.configure({ placeholder }));
  return extensions;
}
