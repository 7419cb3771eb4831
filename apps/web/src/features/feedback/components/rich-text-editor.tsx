import {
  BoldOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import styles from './feedback.module.css';

interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  onBlur?: () => void;
  placeholder?: string;
  id?: string;
  'aria-invalid'?: boolean;
}

const COMMANDS: ReadonlyArray<{ command: string; label: string; icon: ReactNode }> = [
  { command: 'bold', label: '加粗', icon: <BoldOutlined /> },
  { command: 'italic', label: '斜体', icon: <ItalicOutlined /> },
  { command: 'insertUnorderedList', label: '无序列表', icon: <UnorderedListOutlined /> },
  { command: 'insertOrderedList', label: '有序列表', icon: <OrderedListOutlined /> },
];

/**
 * A light rich-text box for the interaction form: bold, italic and lists over a contentEditable
 * area; the value is its HTML (the server sanitises it with an allow-list). Works as an antd
 * form control (`value` / `onChange`).
 */
export function RichTextEditor({
  value = '',
  onChange,
  onBlur,
  placeholder,
  id,
  'aria-invalid': invalid,
}: RichTextEditorProps) {
  const areaRef = useRef<HTMLDivElement>(null);

  // Outside changes (a form reset) replace the content; our own typing does not round-trip.
  useEffect(() => {
    const area = areaRef.current;
    if (area && area.innerHTML !== value) area.innerHTML = value;
  }, [value]);

  const emit = () => {
    const area = areaRef.current;
    if (!area) return;
    const html = area.textContent?.trim() || area.querySelector('li') ? area.innerHTML : '';
    onChange?.(html);
  };

  const run = (command: string) => {
    areaRef.current?.focus();
    document.execCommand(command);
    emit();
  };

  return (
    <div className={invalid ? `${styles.editor} ${styles.editorInvalid}` : styles.editor}>
      <div className={styles.toolbar} role="toolbar" aria-label="格式">
        {COMMANDS.map((item) => (
          <Tooltip key={item.command} title={item.label}>
            <Button
              size="small"
              type="text"
              icon={item.icon}
              aria-label={item.label}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => run(item.command)}
            />
          </Tooltip>
        ))}
      </div>
      <div
        ref={areaRef}
        id={id}
        className={styles.area}
        contentEditable
        role="textbox"
        aria-multiline="true"
        aria-label="内容"
        data-placeholder={placeholder}
        onInput={emit}
        onBlur={onBlur}
        suppressContentEditableWarning
      />
    </div>
  );
}
