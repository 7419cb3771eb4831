import { MessageOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Modal } from 'antd';
import { useEffect } from 'react';
import { paths, withQuery } from '../../../config/paths';
import { useAuth } from '../../../lib/auth-store';
import { closeChat, openChat, type ChatTarget, useChatLauncher } from '../../../lib/chat-launcher';
import { chatUnreadKeyOf, chatUnreadQueryKey, useChatUnread } from '../api/chat-api';
import { useLiveUnread } from '../hooks/use-live-unread';
import styles from './chat-dialog.module.css';

/** The embedded page's address with its parameters (docs/product/content.md, 房聊). */
export function chatFrameSrc(
  userId: string | number | undefined,
  origin: string,
  target: ChatTarget | null,
): string {
  return withQuery(paths.chat.path, {
    userId,
    origin,
    targetId: target?.targetId,
    targetName: target?.targetName,
    targetAvatar: target?.targetAvatar,
    listingId: target?.listingId,
    service: target?.service ? 1 : undefined,
  });
}

/**
 * The 房聊 dialog of the site shell: the /chat page in a frame, filling the whole screen of a
 * phone. Rendered once by the top bar; opened with `openChat()` from anywhere.
 */
export function ChatDialog() {
  const { isOpen, target, userId, openCount } = useChatLauncher();
  const isLoggedIn = useAuth((state) => state.isLoggedIn);
  const token = useAuth((state) => state.session);
  const queryClient = useQueryClient();

  // The frame reports its unread total as soon as it reads a conversation.
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const data = event.data as { type?: unknown; unread?: unknown } | null;
      if (data?.type !== 'portal-chat:unread' || typeof data.unread !== 'number') return;
      queryClient.setQueryData(chatUnreadKeyOf(token), { unread: data.unread });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [queryClient, token]);

  useEffect(() => {
    if (!isLoggedIn) closeChat();
  }, [isLoggedIn]);

  const handleClose = () => {
    closeChat();
    void queryClient.invalidateQueries({ queryKey: chatUnreadQueryKey });
  };

  return (
    <Modal
      open={isOpen && isLoggedIn}
      title="房聊"
      width={960}
      footer={null}
      onCancel={handleClose}
      destroyOnHidden
      centered
      rootClassName={styles.dialog}
      styles={{ body: { padding: 0 } }}
    >
      <iframe
        key={openCount}
        className={styles.frame}
        title="房聊"
        src={chatFrameSrc(userId, window.location.origin, target)}
      />
    </Modal>
  );
}

/** The top-bar 房聊 entry with the unread badge, updated live by the badge socket. */
export function ChatEntry({ className }: { className?: string }) {
  const { data } = useChatUnread();
  useLiveUnread();
  const unread = data?.unread ?? 0;
  return (
    <button
      type="button"
      className={className}
      onClick={() => openChat()}
      aria-label={unread > 0 ? `房聊，${unread}条未读` : '房聊'}
    >
      <Badge
        count={unread}
        size="small"
        overflowCount={99}
        offset={[6, -2]}
        data-testid="chat-unread"
      >
        <span className={styles.entryLabel}>
          <MessageOutlined /> 房聊
        </span>
      </Badge>
    </button>
  );
}
