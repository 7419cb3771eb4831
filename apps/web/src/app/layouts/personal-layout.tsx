import { UserOutlined } from '@ant-design/icons';
import { Avatar } from 'antd';
import { useLayoutEffect, useRef } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { findPathKey, paths } from '../../config/paths';
import { getDisplayName, useAuth } from '../../lib/auth-store';
import { useCurrentUser } from '../../lib/current-user';
import { toOssUrl } from '../../lib/oss-url';
import { useIsPhone } from '../../lib/use-media-query';
import styles from './personal-layout.module.css';
import { PERSONAL_MENU } from './personal-menu';
import { UnreadBadge, useUnreadCount } from './unread-badge';

/** Avatar (or the default one) and the display name (docs/product/accounts.md), above every personal page. */
function PersonalHeader() {
  useCurrentUser();
  const user = useAuth((state) => state.user);
  const avatar = toOssUrl(user?.avatar);
  const isPhone = useIsPhone();
  return (
    <section className={styles.header} aria-label="个人信息">
      <Avatar
        size={isPhone ? 48 : 72}
        src={avatar || undefined}
        icon={<UserOutlined aria-hidden />}
        alt="头像"
      />
      <div>
        <div className={styles.name} data-testid="personal-name">
          {getDisplayName(user)}
        </div>
        <div className={styles.hint}>欢迎来到个人中心</div>
      </div>
    </section>
  );
}

/**
 * The four-group menu; the current item is highlighted and clicking it reloads the page. On a
 * phone the menu is one sideways-scrolling strip of tabs above the page, scrolled so that the
 * current item shows.
 */
function PersonalMenu() {
  const { pathname } = useLocation();
  const currentKey = findPathKey(pathname);
  const menuRef = useRef<HTMLElement>(null);
  const isPhone = useIsPhone();
  const unread = useUnreadCount();
  useLayoutEffect(() => {
    const menu = menuRef.current;
    const active = menu?.querySelector<HTMLElement>('[aria-current="page"]');
    if (menu && active) menu.scrollLeft = stripOffsetFor(menu, active);
  }, [currentKey, isPhone]);
  return (
    <nav ref={menuRef} className={styles.menu} aria-label="个人中心菜单">
      {PERSONAL_MENU.map((group) => {
        return (
          <div key={group.title} className={styles.group}>
            <div className={styles.groupTitle}>{group.title}</div>
            {group.items.map((item) => {
              const isActive =
                item.key === currentKey ||
                (currentKey !== undefined && (item.activeFor ?? []).includes(currentKey));
              return (
                <Link
                  key={item.key}
                  to={paths[item.key].path}
                  className={isActive ? `${styles.item} ${styles.active}` : styles.item}
                  aria-current={isActive ? 'page' : undefined}
                  onClick={(event) => {
                    if (item.key !== currentKey) return;
                    event.preventDefault();
                    window.location.reload();
                  }}
                >
                  {item.label}
                  {item.key === 'myNotice' && <UnreadBadge count={unread} />}
                </Link>
              );
            })}
          </div>
        );
      })}
    </nav>
  );
}

/**
 * How far a sideways-scrolling menu strip scrolls so that `item` sits in its middle (0 when the
 * strip does not scroll, as on wide screens where the menu is a column).
 */
export function stripOffsetFor(
  strip: Pick<HTMLElement, 'scrollWidth' | 'clientWidth'>,
  item: Pick<HTMLElement, 'offsetLeft' | 'offsetWidth'>,
): number {
  const room = strip.scrollWidth - strip.clientWidth;
  if (room <= 0) return 0;
  const centred = item.offsetLeft - (strip.clientWidth - item.offsetWidth) / 2;
  return Math.min(room, Math.max(0, Math.round(centred)));
}

/**
 * The personal centre (docs/product/accounts.md): shared header and menu around the page. Signed-out visitors
 * are sent to /login with the page to come back to.
 */
export function PersonalLayout() {
  const isLoggedIn = useAuth((state) => state.isLoggedIn);
  const location = useLocation();
  if (!isLoggedIn) {
    const redirect = `${location.pathname}${location.search}`;
    return <Navigate to={paths.login.getHref({ redirect })} replace />;
  }
  return (
    <div className={styles.layout}>
      <PersonalHeader />
      <div className={styles.body}>
        <PersonalMenu />
        <div className={styles.content}>
          <Outlet />
        </div>
      </div>
    </div>
  );
}
