import {
  BoldOutlined,
  FileAddOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { App, Button, Space, Tooltip, Upload } from 'antd';
import { useEffect, useRef } from 'react';
import { toSafeHtml } from '../../../lib/safe-html';
import { uploadErrorText, uploadFile } from '../api/upload';
import styles from './rich-text-editor.module.css';

interface RichTextEditorProps {
  /** HTML; read once when `resetKey` changes (the editor is uncontrolled while typing). */
  value: string;
  resetKey: string | number;
  onChange: (html: string) => void;
  /** A short box with text tools only (replies): no pictures or attachments. */
  compact?: boolean;
  /** Accessible name of the editing area. */
  label?: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A small rich-text editor for articles: bold, headings, lists, links, pictures and attachment
 * links. The HTML it produces is sanitised again on the server before it is stored.
 */
export function RichTextEditor({
  value,
  resetKey,
  onChange,
  compact = false,
  label = '文章内容',
}: RichTextEditorProps) {
  const { message } = App.useApp();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // The stored HTML was cleaned on the server; it is cleaned again before it becomes live
    // markup here, so no handler in it can run in the operator's session.
    if (ref.current) ref.current.innerHTML = toSafeHtml(value);
    // Only a new article (resetKey) replaces the text being edited.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resetKey]);

  const emit = () => onChange(ref.current?.innerHTML ?? '');
  const exec = (command: string, argument?: string) => {
    ref.current?.focus();
    document.execCommand(command, false, argument);
    emit();
  };
  const insertHtml = (html: string) => exec('insertHTML', html);

  const handleUpload = async (file: File, kind: 'image' | 'document') => {
    const saved = await uploadFile('/api/admin/uploads', file, { kind }, { toast: false }).catch(
      (error: unknown) => {
        message.error(uploadErrorText(error));
        return null;
      },
    );
    if (!saved) return;
    if (kind === 'image')
      insertHtml(`<p><img src="${saved.url}" alt="${escapeHtml(saved.originalName)}"></p>`);
    else
      insertHtml(
        `<p>附件：<a href="${saved.url}" target="_blank">${escapeHtml(saved.originalName)}</a></p>`,
      );
  };

  return (
    <div className={styles.editor}>
      <Space className={styles.toolbar} wrap>
        <Tooltip title="加粗">
          <Button
            size="small"
            icon={<BoldOutlined />}
            onClick={() => exec('bold')}
            aria-label="加粗"
          />
        </Tooltip>
        <Button size="small" onClick={() => exec('formatBlock', 'h3')}>
          小标题
        </Button>
        <Button size="small" onClick={() => exec('formatBlock', 'p')}>
          正文
        </Button>
        <Button
          size="small"
          icon={<OrderedListOutlined />}
          onClick={() => exec('insertOrderedList')}
          aria-label="编号列表"
        />
        <Button
          size="small"
          icon={<UnorderedListOutlined />}
          onClick={() => exec('insertUnorderedList')}
          aria-label="项目符号列表"
        />
        <Button
          size="small"
          icon={<LinkOutlined />}
          onClick={() => {
            const url = window.prompt('链接地址（http:// 或 https:// 开头）');
            if (url && /^https?:\/\//i.test(url)) exec('createLink', url);
          }}
        >
          链接
        </Button>
        {!compact && (
          <>
            <Upload
              accept="image/*"
              showUploadList={false}
              beforeUpload={(file) => {
                void handleUpload(file, 'image');
                return false;
              }}
            >
              <Button size="small" icon={<PictureOutlined />}>
                插入图片
              </Button>
            </Upload>
            <Upload
              accept=".pdf,.doc,.docx,.xls,.xlsx"
              showUploadList={false}
              beforeUpload={(file) => {
                void handleUpload(file, 'document');
                return false;
              }}
            >
              <Button size="small" icon={<FileAddOutlined />}>
                插入附件
              </Button>
            </Upload>
          </>
        )}
      </Space>
      <div
        ref={ref}
        className={compact ? `${styles.area} ${styles.compact}` : styles.area}
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        onInput={emit}
        onBlur={emit}
      />
    </div>
  );
}
