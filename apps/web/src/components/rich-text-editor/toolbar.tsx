import { FileAddOutlined, LinkOutlined, PictureOutlined } from '@ant-design/icons';
import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import { Button, Tooltip, Upload } from 'antd';
import { useState } from 'react';
import styles from './rich-text-editor.module.css';
import { addLink, FORMAT_TOOLS, type RichTextTool, supports, type UploadedFile } from './tools';

export type { RichTextTool, UploadedFile } from './tools';

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
        available.map((tool) => [tool, FORMAT_TOOLS[tool]?.isActive?.(current) ?? false]),
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
            aria-label={format.text ? undefined : format.label}
            aria-pressed={format.isActive ? (active?.[tool] ?? false) : undefined}
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
