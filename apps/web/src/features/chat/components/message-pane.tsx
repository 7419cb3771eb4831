import { UserOutlined } from '@ant-design/icons';
import type { ChatMessage, ChatPeer } from '@portal/shared/schemas/chat';
import { Avatar, Button, Image } from 'antd';
import dayjs from 'dayjs';
import { useLayoutEffect, useRef, useState } from 'react';
import { toOssUrl } from '../../../lib/oss-url';
import { type PendingMessage, receiptOf } from '../chat-state';
import styles from './chat.module.css';

interface MessagePaneProps {
  meId: number;
  meAvatar: string | null;
  peer: ChatPeer;
  messages: ChatMessage[];
  pending: PendingMessage[];
  hasMore: boolean;
  onLoadOlder: () => Promise<void>;
  onRetry: (clientId: string) => void;
}

/** Distance from the bottom within which new messages keep the view pinned to the end. */
const PIN_DISTANCE_PX = 80;

/** The thread: messages oldest first, 查看更多消息 paging upward, receipts under my messages. */
export function MessagePane(props: MessagePaneProps) {
  const { meId, meAvatar, peer, messages, pending, hasMore, onLoadOlder, onRetry } = props;
  const listRef = useRef<HTMLDivElement>(null);
  const [isLoadingOlder, setLoadingOlder] = useState(false);
  const previous = useRef({ firstId: 0, lastKey: '', height: 0, pinned: true });

  // Keep the reading position when older messages are put above; follow new ones at the end.
  const firstId = messages[0]?.id ?? 0;
  const lastKey = `${messages.at(-1)?.id ?? 0}:${pending.length}`;
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const before = previous.current;
    let pinned = before.pinned;
    if (before.firstId !== 0 && firstId < before.firstId && before.lastKey === lastKey) {
      list.scrollTop += list.scrollHeight - before.height;
    } else if (before.pinned || before.lastKey === '') {
      list.scrollTop = list.scrollHeight;
      pinned = true;
    }
    previous.current = { firstId, lastKey, height: list.scrollHeight, pinned };
  }, [firstId, lastKey]);

  const handleScroll = () => {
    const list = listRef.current;
    if (!list) return;
    previous.current.pinned =
      list.scrollHeight - list.scrollTop - list.clientHeight < PIN_DISTANCE_PX;
    previous.current.height = list.scrollHeight;
    if (list.scrollTop === 0 && hasMore && !isLoadingOlder) void loadOlder();
  };

  const loadOlder = async () => {
    setLoadingOlder(true);
    if (listRef.current) previous.current.height = listRef.current.scrollHeight;
    try {
      await onLoadOlder();
    } finally {
      setLoadingOlder(false);
    }
  };

  // A picture that finishes loading grows the list: stay at the end if the reader was there.
  const keepPinned = () => {
    const list = listRef.current;
    if (list && previous.current.pinned) list.scrollTop = list.scrollHeight;
  };

  const avatarOf = (mine: boolean) => (
    <Avatar
      src={toOssUrl(mine ? meAvatar : peer.avatar) || undefined}
      icon={<UserOutlined aria-hidden />}
      alt=""
    />
  );

  return (
    <div
      className={styles.messages}
      ref={listRef}
      onScroll={handleScroll}
      data-testid="chat-messages"
      // A scrolling box reachable by keyboard, read as the conversation's running log.
      role="log"
      aria-label="消息记录"
      tabIndex={0}
    >
      <div className={styles.older}>
        {hasMore ? (
          <Button
            size="small"
            type="link"
            loading={isLoadingOlder}
            onClick={() => void loadOlder()}
          >
            查看更多消息
          </Button>
        ) : messages.length > 0 ? (
          <span className={styles.hint}>没有更早的消息了</span>
        ) : (
          <span className={styles.hint}>还没有消息，打个招呼吧</span>
        )}
      </div>
      {messages.map((message) => {
        const mine = message.senderId === meId;
        return (
          <div
            key={message.id}
            className={mine ? `${styles.row} ${styles.rowMine}` : styles.row}
            data-testid={mine ? 'chat-message-mine' : 'chat-message-peer'}
          >
            {avatarOf(mine)}
            <div className={styles.bubbleWrap}>
              {message.type === 'image' ? (
                <Image
                  onLoad={keepPinned}
                  className={styles.picture}
                  src={toOssUrl(message.body)}
                  alt="图片消息"
                  width={200}
                />
              ) : (
                <div className={styles.bubble}>{message.body}</div>
              )}
              <div className={styles.meta}>
                <time dateTime={message.createdAt}>
                  {dayjs(message.createdAt).format('MM-DD HH:mm')}
                </time>
                {mine && (
                  <>
                    {' · '}
                    <span data-testid="chat-receipt">{receiptOf(message)}</span>
                  </>
                )}
              </div>
            </div>
          </div>
        );
      })}
      {pending.map((item) => (
        <div key={item.clientId} className={`${styles.row} ${styles.rowMine}`}>
          {avatarOf(true)}
          <div className={styles.bubbleWrap}>
            <div className={styles.bubble}>{item.text}</div>
            <div className={styles.meta}>
              {item.state === 'sending' ? (
                '发送中…'
              ) : (
                <span className={styles.failed}>
                  发送失败{' '}
                  <Button size="small" type="link" danger onClick={() => onRetry(item.clientId)}>
                    重发
                  </Button>
                </span>
              )}
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}
