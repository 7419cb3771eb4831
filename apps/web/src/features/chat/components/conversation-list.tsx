import { UserOutlined } from '@ant-design/icons';
import type { ChatConversation } from '@portal/shared/schemas/chat';
import { Avatar, Badge } from 'antd';
import dayjs from 'dayjs';
import { toOssUrl } from '../../../lib/oss-url';
import styles from './chat.module.css';

/** Today: HH:mm; this year: MM-DD; otherwise YYYY-MM-DD. */
export function formatChatTime(iso: string, now: Date = new Date()): string {
  const time = dayjs(iso);
  if (time.isSame(now, 'day')) return time.format('HH:mm');
  if (time.isSame(now, 'year')) return time.format('MM-DD');
  return time.format('YYYY-MM-DD');
}

function snippetOf(conversation: ChatConversation): string {
  const last = conversation.lastMessage;
  if (!last) return '暂无消息';
  return last.type === 'image' ? '[图片]' : last.body;
}

interface ConversationListProps {
  conversations: ChatConversation[];
  activeId: number | null;
  onSelect: (id: number) => void;
}

/** The left column: each conversation with its peer, last message, time and unread count. */
export function ConversationList({ conversations, activeId, onSelect }: ConversationListProps) {
  if (conversations.length === 0) {
    return <div className={styles.empty}>暂无会话</div>;
  }
  return (
    <ul className={styles.conversations} aria-label="会话列表">
      {conversations.map((conversation) => (
        <li key={conversation.id}>
          <button
            type="button"
            className={
              conversation.id === activeId
                ? `${styles.conversation} ${styles.conversationActive}`
                : styles.conversation
            }
            aria-current={conversation.id === activeId ? 'true' : undefined}
            onClick={() => onSelect(conversation.id)}
          >
            <Badge count={conversation.unread} size="small" overflowCount={99}>
              <Avatar
                src={toOssUrl(conversation.peer.avatar) || undefined}
                icon={<UserOutlined aria-hidden />}
                alt=""
              />
            </Badge>
            <span className={styles.conversationBody}>
              <span className={styles.conversationTop}>
                <span className={styles.peerName}>{conversation.peer.name}</span>
                <span className={styles.time}>{formatChatTime(conversation.updatedAt)}</span>
              </span>
              <span className={styles.snippet}>{snippetOf(conversation)}</span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
