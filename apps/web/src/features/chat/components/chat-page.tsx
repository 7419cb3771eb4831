import { UserOutlined } from '@ant-design/icons';
import { Avatar, Button } from 'antd';
import { useLayoutEffect } from 'react';
import { useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth-store';
import { toOssUrl } from '../../../lib/oss-url';
import { peerFromParams } from '../chat-state';
import { useChat } from '../hooks/use-chat';
import styles from './chat.module.css';
import { Composer } from './composer';
import { ConversationList } from './conversation-list';
import { MessagePane } from './message-pane';

const STATUS_TEXT = { connecting: '连接中…', online: '在线', offline: '连接已断开，正在重连…' };

function positiveInt(value: string | null): number | undefined {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : undefined;
}

/**
 * The embedded 房聊 page (spec 1 §2): `userId`, `origin` and optionally `targetId`,
 * `targetName` and `targetAvatar` in the query. The identity is the session's, never the query's;
 * `origin` is only used to post the unread total to the embedding page when it is this site.
 */
function ChatWorkspace() {
  const [params] = useSearchParams();
  const targetId = positiveInt(params.get('targetId'));
  const origin = params.get('origin');
  const parentOrigin = origin === window.location.origin ? origin : undefined;
  const { state, select, sendText, retry, sendPicture, loadOlder } = useChat({
    targetId,
    parentOrigin,
  });
  const me = useAuth((auth) => auth.user);

  const active = state.conversations.find((c) => c.id === state.activeId);
  const peer =
    active?.peer ??
    (targetId
      ? peerFromParams(targetId, params.get('targetName'), params.get('targetAvatar'))
      : null);
  const thread = state.activeId === null ? undefined : state.threads[state.activeId];
  const pending = state.pending.filter((p) => p.conversationId === state.activeId);

  return (
    <div className={styles.page}>
      <aside className={styles.sidebar}>
        <div className={styles.sidebarTitle}>
          <span>房聊</span>
          <span
            className={
              state.status === 'online' ? `${styles.status} ${styles.statusOnline}` : styles.status
            }
            data-testid="chat-status"
          >
            {STATUS_TEXT[state.status]}
          </span>
        </div>
        <ConversationList
          conversations={state.conversations}
          activeId={state.activeId}
          onSelect={(id) => void select(id)}
        />
      </aside>
      <section className={styles.main} aria-label="聊天窗口">
        {peer && state.meId !== null ? (
          <>
            <header className={styles.header}>
              <Avatar src={toOssUrl(peer.avatar) || undefined} icon={<UserOutlined />} alt="" />
              <span data-testid="chat-peer-name">{peer.name}</span>
            </header>
            <MessagePane
              key={state.activeId ?? 'none'}
              meId={state.meId}
              meAvatar={me?.avatar ?? null}
              peer={peer}
              messages={thread?.messages ?? []}
              pending={pending}
              hasMore={thread?.hasMore ?? false}
              onLoadOlder={loadOlder}
              onRetry={retry}
            />
            <Composer disabled={!active} onSend={sendText} onPicture={sendPicture} />
          </>
        ) : (
          <div className={styles.empty}>选择左侧会话开始房聊</div>
        )}
      </section>
    </div>
  );
}

/** The site's pages keep a desktop minimum width; the framed chat page fits its frame instead. */
function useFitToFrame() {
  useLayoutEffect(() => {
    const elements = [document.documentElement, document.body];
    const before = elements.map((element) => element.style.minWidth);
    elements.forEach((element) => (element.style.minWidth = '0'));
    return () => elements.forEach((element, i) => (element.style.minWidth = before[i] ?? ''));
  }, []);
}

/** /chat: the chat workspace, or a sign-in hint when the session is missing. */
export function ChatPage() {
  const isLoggedIn = useAuth((auth) => auth.isLoggedIn);
  useFitToFrame();
  if (!isLoggedIn) {
    return (
      <div className={styles.page}>
        <div className={styles.empty}>
          <div style={{ textAlign: 'center' }}>
            <p>登录后才能使用房聊</p>
            <Button type="primary" href={paths.login.getHref({})} target="_top">
              去登录
            </Button>
          </div>
        </div>
      </div>
    );
  }
  return <ChatWorkspace />;
}
