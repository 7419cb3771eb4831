import type { CurrentUser } from '@portal/shared/schemas/auth';
import type { ReactNode } from 'react';
import { BreadcrumbTrail } from '../../../components/breadcrumb-trail';
import { LoadingMask } from '../../../components/loading-mask';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/current-user';
import styles from './account-page.module.css';

interface AccountPageProps {
  title: string;
  /** Breadcrumb after 首页, e.g. 安全设置 > 修改密码 (docs/product/accounts.md). */
  trail?: ReadonlyArray<{ label: string; href?: string }>;
  children: (user: CurrentUser) => ReactNode;
}

/** A personal-centre page that needs the current user: breadcrumb, title, then the body. */
export function AccountPage({ title, trail, children }: AccountPageProps) {
  const { data: user } = useCurrentUser();
  return (
    <>
      {trail && (
        <BreadcrumbTrail
          className={styles.breadcrumb}
          crumbs={[{ label: '首页', href: paths.home.getHref() }, ...trail]}
        />
      )}
      <h1 className={styles.title}>{title}</h1>
      {user ? children(user) : <LoadingMask />}
    </>
  );
}
