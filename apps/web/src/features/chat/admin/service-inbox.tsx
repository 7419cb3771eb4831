import { CHAT_LIMITS } from '@portal/shared/constants/chat';
import type { ChatConversation } from '@portal/shared/schemas/chat';
import { Badge, Button, Empty, Input, List, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import {
  useMarkServiceRead,
  useServiceConversations,
  useServiceMessages,
  useServiceReply,
} from './api';
import styles from './chat-admin.module.css';
import { ChatMessagesView } from './chat-messages-view';

/**
 * The service channel's inbox: citizens' conversations with 平台客服, newest first with unread
 * counts; any operator reads one and answers as 平台客服 (the audit log records who).
 */
export function ServiceInbox() {
  const { data: conversations = [], isPending } = useServiceConversations();
  const [active, setActive] = useState<ChatConversation | null>(null);
  const { data: history } = useServiceMessages(active?.id ?? null);
  const reply = useServiceReply();
  const markRead = useMarkServiceRead();
  const [text, setText] = useState('');

  const open = (conversation: ChatConversation) => {
    setActive(conversation);
    if (conversation.unread > 0) markRead.mutate(conversation.id);
  };
  const send = async () => {
    if (!active || !text.trim()) return;
    const done = await reply.mutateAsync({ id: active.id, text }).then(
      () => true,
      () => false,
    );
    if (done) setText('');
  };

  return (
    <div className={styles.inbox}>
      <List<ChatConversation>
        className={styles.list}
        loading={isPending}
        dataSource={conversations}
        locale={{ emptyText: '暂无客服会话' }}
        renderItem={(conversation) => (
          <List.Item
            onClick={() => open(conversation)}
            style={{
              cursor: 'pointer',
              padding: '10px 12px',
              background: conversation.id === active?.id ? '#e2ecfb' : undefined,
            }}
          >
            <List.Item.Meta
              title={
                <Space>
                  <span>{conversation.peer.name}</span>
                  <Badge count={conversation.unread} size="small" />
                </Space>
              }
              description={
                <Typography.Text type="secondary" ellipsis>
                  {conversation.lastMessage?.type === 'image'
                    ? '[图片]'
                    : (conversation.lastMessage?.body ?? '')}{' '}
                  · {dayjs(conversation.updatedAt).format('MM-DD HH:mm')}
                </Typography.Text>
              }
            />
          </List.Item>
        )}
      />
      <section className={styles.pane} aria-label="客服会话">
        {active ? (
          <>
            <strong>与 {active.peer.name} 的会话</strong>
            <ChatMessagesView
              messages={history?.messages ?? []}
              isRight={(id) => id !== active.peer.id}
              nameOf={(id) => (id === active.peer.id ? active.peer.name : '平台客服')}
            />
            <Input.TextArea
              rows={3}
              value={text}
              maxLength={CHAT_LIMITS.maxTextLength}
              onChange={(event) => setText(event.target.value)}
              aria-label="回复内容"
              placeholder="以平台客服身份回复"
            />
            <div style={{ textAlign: 'right' }}>
              <Button type="primary" loading={reply.isPending} onClick={() => void send()}>
                发送
              </Button>
            </div>
          </>
        ) : (
          <Empty description="选择左侧会话查看和回复" />
        )}
      </section>
    </div>
  );
}
