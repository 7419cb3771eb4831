import { PictureOutlined } from '@ant-design/icons';
import { CHAT_LIMITS } from '@portal/shared/constants/chat';
import { Button, Input } from 'antd';
import useApp from 'antd/es/app/useApp';
import { type ChangeEvent, type KeyboardEvent, useRef, useState } from 'react';
import styles from './chat.module.css';

interface ComposerProps {
  disabled: boolean;
  onSend: (text: string) => void;
  onPicture: (file: File) => Promise<void>;
}

const PICTURE_TYPES = ['image/jpeg', 'image/png'];

/** Text box (Enter sends, Shift+Enter breaks the line), 图片 and 发送. */
export function Composer({ disabled, onSend, onPicture }: ComposerProps) {
  const [text, setText] = useState('');
  const [isUploading, setUploading] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const { message } = useApp();

  const send = () => {
    if (!text.trim()) {
      message.warning('不能发送空白消息');
      return;
    }
    onSend(text);
    setText('');
  };

  const handleKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!PICTURE_TYPES.includes(file.type)) {
      message.error('只能发送 JPG 或 PNG 图片');
      return;
    }
    if (file.size > CHAT_LIMITS.maxImageBytes) {
      message.error('图片不能超过5MB');
      return;
    }
    setUploading(true);
    try {
      await onPicture(file);
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className={styles.composer}>
      <div className={styles.tools}>
        <Button
          size="small"
          icon={<PictureOutlined />}
          disabled={disabled}
          loading={isUploading}
          onClick={() => fileRef.current?.click()}
        >
          图片
        </Button>
        <input
          ref={fileRef}
          className={styles.hiddenInput}
          type="file"
          accept="image/jpeg,image/png"
          aria-label="选择图片"
          onChange={(event) => void handleFile(event)}
        />
      </div>
      <Input.TextArea
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={handleKey}
        placeholder="请输入消息，Enter 发送，Shift+Enter 换行"
        maxLength={CHAT_LIMITS.maxTextLength}
        autoSize={{ minRows: 3, maxRows: 5 }}
        disabled={disabled}
        aria-label="消息内容"
      />
      <div className={styles.actions}>
        <span className={styles.hint}>
          {text.length}/{CHAT_LIMITS.maxTextLength}
        </span>
        <Button type="primary" onClick={send} disabled={disabled}>
          发送
        </Button>
      </div>
    </div>
  );
}
