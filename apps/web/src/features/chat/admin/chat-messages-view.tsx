import type { ChatMessage } from '@portal/shared/schemas/chat';
import { Empty } from 'antd';
import dayjs from 'dayjs';
import { toOssUrl } from '../../../lib/oss-url';
import styles from './chat-admin.module.css';

interface ChatMessagesViewProps {
  messages: ChatMessage[];
  /** Whether a sender's messages show on the right (平台客服, or the reporter). */
  isRight: (senderId: number) => boolean;
  nameOf: (senderId: number) => string;
}

/** A read-only thread for the console: text as text, pictures as thumbnails. */
export function ChatMessagesView({ messages, isRight, nameOf }: ChatMessagesViewProps) {
  if (messages.length === 0) return <Empty description="暂无消息" />;
  return (
    <ol className={styles.thread} aria-label="消息记录">
      {messages.map((message) => (
        <li key={message.id} className={isRight(message.senderId) ? styles.right : styles.left}>
          <span className={styles.meta}>
            {nameOf(message.senderId)} · {dayjs(message.createdAt).format('MM-DD HH:mm')}
          </span>
          {message.type === 'image' ? (
            <img className={styles.picture} src={toOssUrl(message.body)} alt="图片消息" />
          ) : (
            <span className={styles.bubble}>{message.body}</span>
          )}
        </li>
      ))}
    </ol>
  );
}
