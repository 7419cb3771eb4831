import {
  CustomerServiceOutlined,
  DownOutlined,
  HomeOutlined,
  SoundOutlined,
} from '@ant-design/icons';
import { Drawer } from 'antd';
import useApp from 'antd/es/app/useApp';
import { Suspense, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { hrefOf, NAV_ITEMS, type NavItem, type NavLink } from '../../config/navigation';
import { findPathKey, paths } from '../../config/paths';
import { logout } from '../../features/auth/api/logout';
import { CareModeSwitch } from '../../features/care/components/care-mode-switch';
import { authStore, getDisplayName, useAuth } from '../../lib/auth-store';
import { useCurrentUser } from '../../lib/current-user';
import { lazyNamed } from '../../lib/deferred';
import { useNewTabLink } from '../../lib/new-tab';
import { setReadAloudOpen } from '../../lib/read-aloud-launcher';
import styles from './menu-drawer.module.css';
import { NavLabel } from './nav-label';
import { SITE_MENU_ID } from './site-header';
import { UnreadBadge, useUnreadCount } from './unread-badge';

const ChatEntry = lazyNamed(
  () => import('../../features/chat/components/chat-dialog'),
  'ChatEntry',
);

interface MenuDrawerProps {
  isOpen: boolean;
  onClose: () => void;
  /** Opens the 智能客服 chat (its floating button is not shown below 992 px). */
  onOpenHelp: () => void;
}

function isActive(item: NavItem, pathname: string): boolean {
  const key = findPathKey(pathname);
  if (!key || !item.routeKey) return false;
  return item.routeKey === key || (item.activeFor ?? []).includes(key);
}

/** One navigation item; one with sub-pages unfolds them with its 展开 button (a tap, no hover). */
function MenuItem({
  item,
  subLinks,
  onNavigate,
}: {
  item: NavItem;
  subLinks: readonly NavLink[];
  onNavigate: () => void;
}) {
  const { pathname } = useLocation();
  const [isExpanded, setExpanded] = useState(false);
  const newTab = useNewTabLink();
  const active = isActive(item, pathname);
  const linkClass = active ? `${styles.link} ${styles.active}` : styles.link;
  if (item.externalUrl) {
    return (
      <li>
        <a className={linkClass} href={item.externalUrl} {...newTab}>
          {item.label}
          {newTab.target && <span className="visually-hidden">（在新窗口打开）</span>}
        </a>
      </li>
    );
  }
  const subListId = `site-menu-${item.routeKey}`;
  return (
    <li>
      <div className={styles.row}>
        <Link
          className={linkClass}
          to={hrefOf(item)}
          aria-current={active ? 'page' : undefined}
          onClick={onNavigate}
        >
          <NavLabel link={item} />
        </Link>
        {subLinks.length > 0 && (
          <button
            type="button"
            className={styles.expand}
            aria-label={`${isExpanded ? '收起' : '展开'}${item.label}`}
            aria-expanded={isExpanded}
            aria-controls={subListId}
            onClick={() => setExpanded((value) => !value)}
          >
            <DownOutlined className={isExpanded ? styles.caretUp : undefined} />
          </button>
        )}
      </div>
      {subLinks.length > 0 && (
        <ul id={subListId} className={styles.subList} hidden={!isExpanded}>
          {subLinks.map((child) => (
            <li key={child.label}>
              <Link className={styles.subLink} to={hrefOf(child)} onClick={onNavigate}>
                {child.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The signed-in user's 个人中心, 我的消息 (with its unread count), 房聊 and 退出, or 登录 and 注册 for a visitor. */
function UserSection({ onNavigate }: { onNavigate: () => void }) {
  const isLoggedIn = useAuth((state) => state.isLoggedIn);
  const user = useAuth((state) => state.user);
  const navigate = useNavigate();
  const { message } = useApp();
  useCurrentUser();
  const unread = useUnreadCount();
  if (!isLoggedIn) {
    return (
      <div className={styles.user}>
        <Link className={styles.userButton} to={paths.login.getHref({})} onClick={onNavigate}>
          登录
        </Link>
        <Link className={styles.userButton} to={paths.register.getHref()} onClick={onNavigate}>
          注册
        </Link>
      </div>
    );
  }
  const handleLogout = () => {
    onNavigate();
    void logout().finally(() => {
      message.success('已退出登录');
      navigate(paths.home.getHref());
    });
  };
  return (
    <div className={styles.user}>
      <p className={styles.greeting}>您好，{getDisplayName(user)}</p>
      <Link className={styles.userButton} to={paths.myInfomation.getHref()} onClick={onNavigate}>
        个人中心
      </Link>
      <Link className={styles.userButton} to={paths.myNotice.getHref()} onClick={onNavigate}>
        我的消息
        <UnreadBadge count={unread} />
      </Link>
      <Suspense fallback={null}>
        <span className={styles.chat} onClickCapture={onNavigate}>
          <ChatEntry className={styles.userButton} />
        </span>
      </Suspense>
      <button type="button" className={styles.userButton} onClick={handleLogout}>
        退出
      </button>
    </div>
  );
}

/**
 * What the floating buttons offer on a desktop, as menu entries below 992 px, where the buttons
 * would cover the page (docs/decisions/0054-phone-navigation-and-floating-buttons.md): the
 * 智能客服 chat and the home page's 推荐房源 (visitors are asked to sign in first).
 */
function ServiceSection({ onClose, onOpenHelp }: { onClose: () => void; onOpenHelp: () => void }) {
  const isLoggedIn = useAuth((state) => state.isLoggedIn);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const openRecommend = () => {
    onClose();
    if (!isLoggedIn) {
      authStore.setLoginDialogOpen(true);
      return;
    }
    const key = findPathKey(pathname);
    if (key !== 'home' && key !== 'root') navigate(paths.home.getHref());
    authStore.setPopupOpen(true);
  };
  return (
    <div className={styles.services}>
      <button
        type="button"
        className={styles.userButton}
        onClick={() => {
          onClose();
          onOpenHelp();
        }}
      >
        <CustomerServiceOutlined aria-hidden="true" className={styles.serviceIcon} />
        智能客服
      </button>
      <button
        type="button"
        className={`${styles.userButton} care-off-only`}
        onClick={openRecommend}
      >
        <HomeOutlined aria-hidden="true" className={styles.serviceIcon} />
        推荐房源
      </button>
      <button
        type="button"
        className={styles.userButton}
        onClick={() => {
          onClose();
          setReadAloudOpen(true);
        }}
      >
        <SoundOutlined aria-hidden="true" className={styles.serviceIcon} />
        读屏
      </button>
      <CareModeSwitch className={styles.userButton} onSwitched={onClose} />
    </div>
  );
}

/**
 * The menu of the compact header (phones and tablets): the user's entries, every item of the top
 * navigation, sub-pages unfolded by a tap, and the floating buttons' services. Any choice closes it.
 */
export function MenuDrawer({ isOpen, onClose, onOpenHelp }: MenuDrawerProps) {
  return (
    <Drawer
      open={isOpen}
      onClose={onClose}
      placement="right"
      size="min(320px, 86vw)"
      title="菜单"
      id={SITE_MENU_ID}
      classNames={{ body: styles.body }}
      closable={{ 'aria-label': '关闭菜单' }}
    >
      <UserSection onNavigate={onClose} />
      <nav aria-label="网站菜单">
        <ul className={styles.list}>
          {NAV_ITEMS.map((item) => (
            <MenuItem
              key={item.label}
              item={item}
              subLinks={item.children ?? []}
              onNavigate={onClose}
            />
          ))}
        </ul>
      </nav>
      <ServiceSection onClose={onClose} onOpenHelp={onOpenHelp} />
    </Drawer>
  );
}
