import { CustomerServiceOutlined, LeftOutlined, UserOutlined } from '@ant-design/icons';
import { LISTING_TYPE } from '@portal/shared/constants/listings';
import type { ChatListing } from '@portal/shared/schemas/chat';
import { Alert, Avatar, Button } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth-store';
import { toOssUrl } from '../../../lib/oss-url';
import { useIsPhone } from '../../../lib/use-media-query';
import { peerFromParams } from '../chat-state';
import { useChat } from '../hooks/use-chat';
import { useChatScreen } from '../hooks/use-chat-screen';
import { ChatSafety, sendBlockedReason } from './chat-safety';
import styles from './chat.module.css';
import { Composer } from './composer';
import { ConversationList } from './conversation-list';
import { MessagePane } from './message-pane';

const STATUS_TEXT = {
  connecting: '连接中…',
  online: '在线',
  offline: '连接已断开，正在重连…',
  unauthorised: '登录已失效',
};

const SESSION_ENDED = '登录已失效，请重新登录';

function positiveInt(value: string | null): number | undefined {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : undefined;
}

/**
 * The embedded 房聊 page (docs/product/content.md): `userId`, `origin` and optionally `targetId`,
 * `targetName` and `targetAvatar` in the query, with `listingId` (a listing's 房聊 button) or
 * `service=1` (平台客服) saying which conversation to start. The identity is the session's, never
 * the query's; a user id alone starts nothing (docs/product/listings.md). `origin` is only used
 * to post the unread total to the embedding page when it is this site. A wide frame shows the
 * list beside the conversation; a phone shows one of them at a time, the conversation with a
 * 返回 to the list.
 */
function ChatWorkspace() {
  const [params] = useSearchParams();
  const targetId = positiveInt(params.get('targetId'));
  const listingId = positiveInt(params.get('listingId'));
  const service = params.get('service') === '1';
  const origin = params.get('origin');
  const parentOrigin = origin === window.location.origin ? origin : undefined;
  const isPhone = useIsPhone();
  const { state, select, sendText, retry, sendPicture, loadOlder, refresh, openService } = useChat({
    listingId,
    service,
    targetId,
    parentOrigin,
    selectNewest: !isPhone,
  });
  const { screen, open, back } = useChatScreen(state.activeId, (id) => void select(id));
  const me = useAuth((auth) => auth.user);

  const active = state.conversations.find((c) => c.id === state.activeId);
  const peer =
    active?.peer ??
    (targetId && listingId
      ? peerFromParams(targetId, params.get('targetName'), params.get('targetAvatar'))
      : null);
  const blockedReason = sendBlockedReason(active);
  const thread = state.activeId === null ? undefined : state.threads[state.activeId];
  const pending = state.pending.filter((p) => p.conversationId === state.activeId);

  if (state.status === 'unauthorised')
    return <SignInPrompt text="登录已失效，请重新登录" action="重新登录" />;
  return (
    <div className={styles.page} data-screen={screen}>
      <aside className={styles.sidebar}>
        <div className={styles.sidebarTitle}>
          <h1 className={styles.heading}>房聊</h1>
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
          onSelect={open}
        />
        <Button
          className={styles.serviceEntry}
          icon={<CustomerServiceOutlined />}
          onClick={() =>
            void openService().then((id) => {
              if (id !== undefined) open(id);
            })
          }
        >
          联系平台客服
        </Button>
      </aside>
      <section className={styles.main} aria-label="聊天窗口">
        {peer && state.meId !== null ? (
          <>
            <header className={styles.header}>
              <Button
                type="text"
                className={styles.back}
                icon={<LeftOutlined aria-hidden />}
                aria-label="返回会话列表"
                onClick={back}
              />
              <Avatar
                src={toOssUrl(peer.avatar) || undefined}
                icon={<UserOutlined aria-hidden />}
                alt=""
              />
              <span className={styles.headerName} data-testid="chat-peer-name">
                {peer.name}
              </span>
              {active?.listing && <ListingLink listing={active.listing} />}
              {active && (
                <span className={styles.headerActions}>
                  <ChatSafety conversation={active} onChanged={() => void refresh(active.id)} />
                </span>
              )}
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
            {blockedReason && (
              <Alert type="warning" showIcon title={blockedReason} data-testid="chat-closed" />
            )}
            <Composer
              disabled={!active || blockedReason !== null}
              onSend={sendText}
              onPicture={sendPicture}
            />
          </>
        ) : (
          <div className={styles.empty}>选择左侧会话开始房聊</div>
        )}
      </section>
    </div>
  );
}

/** The listing the conversation is about, opened in the whole window. */
function ListingLink({ listing }: { listing: ChatListing }) {
  const href =
    listing.type === LISTING_TYPE.SALE
      ? paths.detailscs.getHref({ id: listing.id })
      : paths.detailscz.getHref({ id: listing.id });
  return (
    <a className={styles.listing} href={href} target="_top" data-testid="chat-listing">
      房源：{listing.title}
    </a>
  );
}

/** A hint with the way to the login page (in the whole window, not the frame). */
function SignInPrompt({ text, action }: { text: string; action: string }) {
  return (
    <div className={styles.page}>
      <div className={styles.empty}>
        <div style={{ textAlign: 'center' }}>
          <p>{text}</p>
          <Button type="primary" href={paths.login.getHref({})} target="_top">
            {action}
          </Button>
        </div>
      </div>
    </div>
  );
}

/** /chat: the chat workspace, or a sign-in hint when the session is missing or has ended. */
export function ChatPage() {
  const isLoggedIn = useAuth((auth) => auth.isLoggedIn);
  const [wasLoggedIn] = useState(isLoggedIn);
  if (isLoggedIn) return <ChatWorkspace />;
  return wasLoggedIn ? (
    <SignInPrompt text={SESSION_ENDED} action="重新登录" />
  ) : (
    <SignInPrompt text="登录后才能使用房聊" action="去登录" />
  );
}
