import {
  BankOutlined,
  HomeOutlined,
  MessageOutlined,
  ShopOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { MouseEvent, ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { NAV_ITEMS } from '../../config/navigation';
import { findPathKey, type PathKey, paths } from '../../config/paths';
import styles from './bottom-tab-bar.module.css';
import { PERSONAL_MENU } from './personal-menu';
import { UnreadBadge, useUnreadCount } from './unread-badge';

interface Tab {
  label: string;
  routeKey: PathKey;
  href: string;
  icon: ReactNode;
  /** Other pages under this tab (highlight it). */
  activeFor: readonly PathKey[];
}

const activeForOf = (routeKey: PathKey): readonly PathKey[] =>
  NAV_ITEMS.find((item) => item.routeKey === routeKey)?.activeFor ?? [];

/** Every page of the personal centre but 我的消息 belongs to 我的. */
const PERSONAL_KEYS: readonly PathKey[] = PERSONAL_MENU.flatMap((group) =>
  group.items.flatMap((item) => [item.key, ...(item.activeFor ?? [])]),
).filter((key) => key !== 'myNotice');

const TABS: readonly Tab[] = [
  {
    label: '首页',
    routeKey: 'home',
    href: paths.home.getHref(),
    icon: <HomeOutlined aria-hidden="true" />,
    activeFor: activeForOf('home'),
  },
  {
    label: '新房',
    routeKey: 'newHouse',
    href: paths.newHouse.getHref({}),
    icon: <BankOutlined aria-hidden="true" />,
    activeFor: activeForOf('newHouse'),
  },
  {
    label: '二手房',
    routeKey: 'secondhandhouse',
    href: paths.secondhandhouse.getHref({}),
    icon: <ShopOutlined aria-hidden="true" />,
    activeFor: activeForOf('secondhandhouse'),
  },
  {
    label: '消息',
    routeKey: 'myNotice',
    href: paths.myNotice.getHref(),
    icon: <MessageOutlined aria-hidden="true" />,
    activeFor: [],
  },
  {
    label: '我的',
    routeKey: 'myInfomation',
    href: paths.myInfomation.getHref(),
    icon: <UserOutlined aria-hidden="true" />,
    activeFor: PERSONAL_KEYS,
  },
];

/** The tab a page belongs to, if any. */
export function tabOf(pathname: string): PathKey | null {
  const key = findPathKey(pathname);
  if (!key) return null;
  const tab = TABS.find((each) => each.routeKey === key || each.activeFor.includes(key));
  return tab?.routeKey ?? null;
}

/**
 * The phone's bottom tab bar, 首页 / 新房 / 二手房 / 消息 / 我的 (docs/decisions/0054-phone-navigation-and-floating-buttons.md).
 * Drawn on every width and shown by CSS below 768 px only, so server and browser draw the same;
 * it steps aside while a page holds a bar of its own at the bottom (`useFixedBottomBar`). 消息
 * carries the unread count; a visitor's 消息 and 我的 lead to sign-in and back. Tapping the tab
 * of the page one is on scrolls it back to the top (the phones' 回到顶部).
 */
export function BottomTabBar() {
  const { pathname } = useLocation();
  const unread = useUnreadCount();
  const current = tabOf(pathname);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>, tab: Tab) => {
    if (findPathKey(pathname) !== tab.routeKey) return;
    event.preventDefault();
    window.scrollTo({ top: 0, behavior: 'smooth' });
    document.querySelector<HTMLElement>('main[tabindex]')?.focus({ preventScroll: true });
  };
  return (
    <nav className={styles.bar} aria-label="底部导航" data-bottom-tab-bar="">
      <ul className={styles.list}>
        {TABS.map((tab) => {
          const isCurrent = current === tab.routeKey;
          return (
            <li key={tab.routeKey} className={styles.item}>
              <Link
                to={tab.href}
                className={isCurrent ? `${styles.tab} ${styles.current}` : styles.tab}
                aria-current={isCurrent ? 'page' : undefined}
                onClick={(event) => handleClick(event, tab)}
              >
                <span className={styles.icon}>
                  {tab.icon}
                  {tab.routeKey === 'myNotice' && (
                    <span className={styles.badge}>
                      <UnreadBadge count={unread} />
                    </span>
                  )}
                </span>
                <span className={styles.label}>{tab.label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
