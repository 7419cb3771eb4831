import { MobileOutlined, SoundOutlined } from '@ant-design/icons';
import { Suspense } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { CareModeSwitch } from '../../features/care/components/care-mode-switch';
import { useAuth } from '../../lib/auth-store';
import { openChat } from '../../lib/chat-launcher';
import { lazyNamed, useOverlayArming } from '../../lib/deferred';
import { setReadAloudOpen } from '../../lib/read-aloud-launcher';
import styles from './top-bar.module.css';

// What only signed-in users see loads after sign-in, as separate chunks.
const loadChatDialog = () => import('../../features/chat/components/chat-dialog');
const ChatDialog = lazyNamed(loadChatDialog, 'ChatDialog');
const ChatEntry = lazyNamed(loadChatDialog, 'ChatEntry');
const UserMenu = lazyNamed(() => import('./user-menu'), 'UserMenu');
const loadOverlays = () => import('./shell-overlays');
const MiniProgramPopover = lazyNamed(loadOverlays, 'MiniProgramPopover');

/** 小程序 with its QR card on hover or click; the pop-over code loads on first use. */
function MiniProgramEntry() {
  const { isArmed, handlers, shouldStartOpen } = useOverlayArming(loadOverlays);
  const trigger = (
    <button type="button" className={styles.action} {...handlers}>
      <MobileOutlined /> 小程序
    </button>
  );
  if (!isArmed) return trigger;
  return (
    <Suspense fallback={trigger}>
      <MiniProgramPopover startOpen={shouldStartOpen()}>{trigger}</MiniProgramPopover>
    </Suspense>
  );
}

/** The thin bar above the header: greeting, 小程序 QR and the sign-in or user menu. */
export function TopBar({ siteTitle }: { siteTitle: string }) {
  const isLoggedIn = useAuth((state) => state.isLoggedIn);
  return (
    <div className={styles.bar}>
      <div className={styles.inner}>
        <span className={styles.greeting}>您好，欢迎访问{siteTitle}！</span>
        <div className={styles.actions}>
          <CareModeSwitch className={`${styles.action} ${styles.care}`} />
          <button type="button" className={styles.action} onClick={() => setReadAloudOpen(true)}>
            <SoundOutlined aria-hidden="true" /> 读屏
          </button>
          <MiniProgramEntry />
          {isLoggedIn ? (
            <Suspense fallback={null}>
              <ChatEntry className={styles.action} />
              <UserMenu onOpenChat={() => openChat()} />
            </Suspense>
          ) : (
            <>
              <Link className={styles.action} to={paths.login.getHref({})}>
                登录
              </Link>
              <Link className={styles.action} to={paths.register.getHref()}>
                注册
              </Link>
            </>
          )}
        </div>
      </div>
      {isLoggedIn && (
        <Suspense fallback={null}>
          <ChatDialog />
        </Suspense>
      )}
    </div>
  );
}
