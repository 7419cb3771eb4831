import { Suspense } from 'react';
import { lazyNamed } from '../../lib/deferred';
import type { RichTextEditorProps } from './rich-text-editor';
import styles from './rich-text-editor.module.css';

export type { RichTextEditorProps, RichTextTool, UploadedFile } from './rich-text-editor';

const Editor = lazyNamed(() => import('./rich-text-editor'), 'RichTextEditor');

/** Height of the toolbar above the writing area, px. */
const TOOLBAR_HEIGHT = 42;

/**
 * The site's rich-text editor (./rich-text-editor.tsx) with its code (Tiptap) loaded when a page
 * first shows it, so the form around it paints without waiting; an empty box of the same size
 * stands in meanwhile.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  const fallback = (
    <div
      className={styles.editor}
      style={{ minHeight: (props.minHeight ?? 180) + TOOLBAR_HEIGHT }}
      aria-busy="true"
    />
  );
  return (
    <Suspense fallback={fallback}>
      <Editor {...props} />
    </Suspense>
  );
}
