import {
  BoldOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { ChainedCommands, Editor } from '@tiptap/core';
import type { ReactNode } from 'react';

export type RichTextTool =
  | 'bold'
  | 'italic'
  | 'heading'
  | 'paragraph'
  | 'orderedList'
  | 'bulletList'
  | 'link'
  | 'image'
  | 'attachment';

/** A stored file: its public address and the name to show. */
export interface UploadedFile {
  url: string;
  name: string;
}

/** One formatting button of the toolbar. */
export interface FormatTool {
  label: string;
  icon?: ReactNode;
  /** Shown beside the icon (or alone) on the button. */
  text?: string;
  run: (chain: ChainedCommands) => ChainedCommands;
  /** The format the caret is in, shown as a pressed button; absent for plain commands. */
  isActive?: (editor: Editor) => boolean;
}

/** The formatting tools: their Chinese label, look and the editor command each runs. */
export const FORMAT_TOOLS: Partial<Record<RichTextTool, FormatTool>> = {
  bold: {
    label: '加粗',
    icon: <BoldOutlined />,
    run: (chain) => chain.toggleBold(),
    isActive: (editor) => editor.isActive('bold'),
  },
  italic: {
    label: '斜体',
    icon: <ItalicOutlined />,
    run: (chain) => chain.toggleItalic(),
    isActive: (editor) => editor.isActive('italic'),
  },
  heading: {
    label: '小标题',
    text: '小标题',
    run: (chain) => chain.setHeading({ level: 3 }),
    isActive: (editor) => editor.isActive('heading', { level: 3 }),
  },
  paragraph: {
    label: '正文',
    text: '正文',
    run: (chain) => chain.setParagraph(),
  },
  orderedList: {
    label: '编号列表',
    icon: <OrderedListOutlined />,
    run: (chain) => chain.toggleOrderedList(),
    isActive: (editor) => editor.isActive('orderedList'),
  },
  bulletList: {
    label: '项目符号列表',
    icon: <UnorderedListOutlined />,
    run: (chain) => chain.toggleBulletList(),
    isActive: (editor) => editor.isActive('bulletList'),
  },
};

/** Whether the editor's document model has what `tool` makes (it follows the allow-list). */
export function supports(editor: Editor, tool: RichTextTool): boolean {
  // A destroyed editor (unmounted, or replaced while React re-renders) has no schema any more.
  if (editor.isDestroyed) return false;
  const { nodes, marks } = editor.schema;
  const needs: Partial<Record<RichTextTool, boolean>> = {
    bold: Boolean(marks.bold),
    italic: Boolean(marks.italic),
    heading: Boolean(nodes.heading),
    orderedList: Boolean(nodes.orderedList),
    bulletList: Boolean(nodes.bulletList),
    link: Boolean(marks.link),
    image: Boolean(nodes.image),
    attachment: Boolean(marks.link),
  };
  return needs[tool] ?? true;
}

const LINK_PROMPT = '链接地址（http:// 或 https:// 开头）';

/** Makes the selection a link, or inserts the address as a link where nothing is selected. */
export function addLink(editor: Editor): void {
  const href = window.prompt(LINK_PROMPT)?.trim();
  if (!href || !/^https?:\/\//i.test(href)) return;
  const chain = editor.chain().focus();
  if (editor.state.selection.empty) {
    chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] });
  } else chain.extendMarkRange('link').setLink({ href });
  chain.run();
}
