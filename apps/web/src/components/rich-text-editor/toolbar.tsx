import {
  BoldOutlined,
  FileAddOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { ChainedCommands, Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import { Button, Tooltip, Upload } from 'antd';
import { type ReactNode, useState } from 'react';
import styles from './rich-text-editor.module.css';

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

interface FormatTool {
  label: string;
  icon?: ReactNode;
  /** Shown beside the icon (or alone) on the button. */
  text?: string;
  run: (chain: ChainedCommands) => ChainedCommands;
  isActive: (editor: Editor) => boolean;
}

const FORMAT_TOOLS: Partial<Record<RichTextTool, FormatTool>> = {
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
    isActive: (editor) => editor.isActive('paragraph'),
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
function supports(editor: Editor, tool: RichTextTool): boolean {
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
function addLink(editor: Editor): void {
  const href = window.prompt(LINK_PROMPT)?.trim();
  if (!href || !/^https?:\/\//i.test(href)) return;
  const chain = editor.chain().focus();
  if (editor.state.selection.empty) {
    chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] });
  } else chain.extendMarkRange('link').setLink({ href });
  chain.run();
}

interface EditorToolbarProps {
  editor: Editor;
  tools: readonly RichTextTool[];
  onUpload?: (file: File, kind: 'image' | 'document') => Promise<UploadedFile | null>;
}

/** The editor's tools: formatting buttons (pressed while the caret is in that format) and uploads. */
export function EditorToolbar({ editor, tools, onUpload }: EditorToolbarProps) {
  const [uploading, setUploading] = useState<'image' | 'document' | null>(null);
  const available = tools.filter((tool) => supports(editor, tool));
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      Object.fromEntries(
        available.map((tool) => [tool, FORMAT_TOOLS[tool]?.isActive(current) ?? false]),
      ) as Record<RichTextTool, boolean>,
  });

  const upload = (file: File, kind: 'image' | 'document') => {
    setUploading(kind);
    void (onUpload?.(file, kind) ?? Promise.resolve(null))
      .then((saved) => {
        if (!saved) return;
        const inserted =
          kind === 'image'
            ? { type: 'image', attrs: { src: saved.url, alt: saved.name } }
            : {
                type: 'text',
                text: saved.name,
                marks: [{ type: 'link', attrs: { href: saved.url, target: '_blank' } }],
              };
        const content =
          kind === 'image' ? [inserted] : [{ type: 'text', text: '附件：' }, inserted];
        editor.chain().focus().insertContent({ type: 'paragraph', content }).run();
      })
      .finally(() => setUploading(null));
    return false;
  };

  const uploadButton = (kind: 'image' | 'document') => (
    <Upload
      key={kind}
      accept={kind === 'image' ? 'image/*' : '.pdf,.doc,.docx,.xls,.xlsx'}
      showUploadList={false}
      beforeUpload={(file) => upload(file, kind)}
    >
      <Button
        size="small"
        type="text"
        icon={kind === 'image' ? <PictureOutlined /> : <FileAddOutlined />}
        loading={uploading === kind}
        aria-label={kind === 'image' ? '插入图片' : '插入附件'}
      >
        {kind === 'image' ? '插入图片' : '插入附件'}
      </Button>
    </Upload>
  );

  return (
    <div className={styles.toolbar} role="toolbar" aria-label="格式">
      {available.map((tool) => {
        if (tool === 'image') return uploadButton('image');
        if (tool === 'attachment') return uploadButton('document');
        if (tool === 'link') {
          return (
            <Button
              key={tool}
              size="small"
              type="text"
              icon={<LinkOutlined />}
              aria-label="链接"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => addLink(editor)}
            >
              链接
            </Button>
          );
        }
        const format = FORMAT_TOOLS[tool];
        if (!format) return null;
        const button = (
          <Button
            key={tool}
            size="small"
            type={active?.[tool] ? 'default' : 'text'}
            icon={format.icon}
            aria-label={format.label}
            aria-pressed={active?.[tool] ?? false}
            // Keeps the caret and selection in the text while the button is pressed.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => format.run(editor.chain().focus()).run()}
          >
            {format.text}
          </Button>
        );
        return format.text ? (
          button
        ) : (
          <Tooltip key={tool} title={format.label}>
            {button}
          </Tooltip>
        );
      })}
    </div>
  );
}
