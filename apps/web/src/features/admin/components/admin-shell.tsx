import { API_CODE } from '@portal/shared/api-code';
import { Button, Layout, Menu, Result, Spin } from 'antd';
import { type ReactNode, useState } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { findPathKey, paths } from '../../../config/paths';
import type { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-store';
import { useIsPhone } from '../../../lib/use-media-query';
import { ADMIN_MENU } from '../admin-menu';
import { useAdminSession } from '../api/session';
import styles from './admin-shell.module.css';

function SideMenu() {
  const { pathname } = useLocation();
  const current = findPathKey(pathname);
  const selected = ADMIN_MENU.find(
    (item) => item.key === current || (current && item.activeFor?.includes(current)),
  );
  return (
    <Menu
      mode="inline"
      theme="dark"
      selectedKeys={selected ? [selected.key] : []}
      items={ADMIN_MENU.map((item) => ({
        key: item.key,
        label: <Link to={paths[item.key].path}>{item.label}</Link>,
      }))}
    />
  );
}

function Forbidden() {
  return (
    <Result
      status="403"
      title="403"
      subTitle="抱歉，您没有权限访问运营后台"
      extra={
        <Button type="primary" href={paths.home.getHref()}>
          返回首页
        </Button>
      }
    />
  );
}

/**
 * The operator console frame: side menu, top bar and the page. Signed-out visitors go to /login
 * and come back; a signed-in citizen sees the 403 page. The server checks every call anyway.
 * On a phone the side menu waits behind a 菜单 button and opens over the page, which keeps the
 * window's whole width; choosing a page closes it.
 */
export function AdminShell({ onLogout }: { onLogout: () => void }) {
  const token = useAuth((state) => state.session);
  const location = useLocation();
  const isPhone = useIsPhone();
  // Open on the page where it was opened: choosing another page closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const isMenuOpen = openOn === location.pathname;
  const session = useAdminSession(token);
  const code = (session.error as ApiError | null)?.code;
  if (!token || code === API_CODE.INVALID_SESSION) {
    const redirect = `${location.pathname}${location.search}`;
    return <Navigate to={paths.login.getHref({ redirect })} replace />;
  }
  let body: ReactNode;
  if (session.isPending) body = <Spin className={styles.loading} />;
  else if (session.isError) {
    body =
      code === API_CODE.FORBIDDEN ? (
        <Forbidden />
      ) : (
        <Result status="error" title="加载失败" subTitle={session.error.message} />
      );
  } else body = null;
  if (body) return <div className={styles.bare}>{body}</div>;
  const operator = session.data;
  return (
    <Layout className={styles.root}>
      <Layout.Sider
        id="admin-side-menu"
        width={200}
        collapsed={isPhone && !isMenuOpen}
        collapsedWidth={0}
        trigger={null}
        className={isPhone ? `${styles.sider} ${styles.siderOver}` : styles.sider}
      >
        <div className={styles.brand}>运营后台</div>
        <SideMenu />
      </Layout.Sider>
      <Layout>
        <Layout.Header className={styles.header}>
          {isPhone && (
            <Button
              aria-expanded={isMenuOpen}
              aria-controls="admin-side-menu"
              onClick={() => setOpenOn(isMenuOpen ? null : location.pathname)}
            >
              {isMenuOpen ? '收起菜单' : '菜单'}
            </Button>
          )}
          <span className={styles.operator}>
            运营人员 {operator?.nickname ?? ''} {operator?.phone ?? ''}
          </span>
          <Link to={paths.home.getHref()}>返回网站</Link>
          <Button type="link" onClick={onLogout}>
            退出登录
          </Button>
        </Layout.Header>
        <Layout.Content className={styles.content}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
