import type { RichTextAllowList } from '@portal/shared/html/allow-lists';
import type { Editor } from '@tiptap/core';
import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { toSafeHtml } from '../../lib/safe-html';
import { editorExtensions } from './extensions';
import styles from './rich-text-editor.module.css';
import { EditorToolbar, type RichTextTool, type UploadedFile } from './toolbar';

export type { RichTextTool, UploadedFile } from './toolbar';

export interface RichTextEditorProps {
  /** HTML. A value from outside (another record, a form reset) replaces the text. */
  value?: string;
  /** The cleaned HTML after every edit; '' while the editor holds no text or picture. */
  onChange?: (html: string) => void;
  onBlur?: () => void;
  /** What the text may contain: its starting value and every saved value are cleaned with it. */
  allowList: RichTextAllowList;
  /** The toolbar's tools, in order. */
  tools: readonly RichTextTool[];
  /** Accessible name of the writing area. */
  label: string;
  placeholder?: string;
  id?: string;
  'aria-invalid'?: boolean;
  /** Height of the empty writing area, px. */
  minHeight?: number;
  /** Stores a picture or document for the `image` and `attachment` tools. */
  onUpload?: (file: File, kind: 'image' | 'document') => Promise<UploadedFile | null>;
}

function hasPicture(editor: Editor): boolean {
  let found = false;
  editor.state.doc.descendants((node) => {
    if (node.type.name === 'image') found = true;
    return !found;
  });
  return found;
}

/**
 * What the form receives: '' for an empty text, else the editor's HTML cleaned by the list,
 * without the empty paragraph the editor keeps after a closing list or table for the caret.
 */
function savedHtml(editor: Editor, list: RichTextAllowList): string {
  const isBlank = editor.state.doc.textContent.trim() === '' && !hasPicture(editor);
  return isBlank ? '' : toSafeHtml(editor.getHTML().replace(/(<p><\/p>)+$/, ''), list);
}

/**
 * The one rich-text editor of the site (Tiptap): articles and replies in the operator console,
 * questions on the public interaction page. Its document model is made from the allow-list the
 * text is stored under, and what it hands to the form is cleaned with that list again, as the
 * server does when it saves (docs/decisions/0023-rich-text.md). Works as an antd form control.
 */
export function RichTextEditor({
  value = '',
  onChange,
  onBlur,
  allowList,
  tools,
  label,
  placeholder,
  id,
  'aria-invalid': invalid,
  minHeight = 180,
  onUpload,
}: RichTextEditorProps) {
  const shown = useRef(value);
  const [content] = useState(() => toSafeHtml(value, allowList));
  const extensions = useMemo(
    () => editorExtensions(allowList, placeholder),
    [allowList, placeholder],
  );
  const editorProps = useMemo(
    () => ({
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        class: styles.area ?? '',
        style: `min-height:${minHeight}px`,
        ...(id ? { id } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
      },
    }),
    [label, minHeight, id, invalid],
  );
  const editor = useEditor({
    extensions,
    content,
    editorProps,
    onUpdate: ({ editor: current }) => {
      const html = savedHtml(current, allowList);
      shown.current = html;
      onChange?.(html);
    },
    onBlur: () => onBlur?.(),
  });

  useEffect(() => {
    if (!editor || value === shown.current) return;
    shown.current = value;
    // Stored HTML becomes live markup in the page here, so it is cleaned before it is loaded.
    editor.commands.setContent(toSafeHtml(value, allowList), { emitUpdate: false });
  }, [editor, value, allowList]);

  return (
    <div className={invalid ? `${styles.editor} ${styles.invalid}` : styles.editor}>
      {editor && !editor.isDestroyed && (
        <EditorToolbar editor={editor} tools={tools} onUpload={onUpload} />
      )}
      <EditorContent editor={editor} />
    </div>
  );
}
