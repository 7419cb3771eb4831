import type { ReactNode } from 'react';
import { BreadcrumbTrail } from '../../../components/breadcrumb-trail';
import { paths } from '../../../config/paths';
import styles from './registry.module.css';

interface RegistryPageProps {
  title: string;
  children: ReactNode;
}

/** The frame of a public query page: breadcrumb, title, content and the reference-only note. */
export function RegistryPage({ title, children }: RegistryPageProps) {
  return (
    <div className={styles.page}>
      <BreadcrumbTrail
        isIsland={false}
        crumbs={[{ label: '首页', href: paths.home.path }, { label: '便民查询' }, { label: title }]}
      />
      <h1 className={styles.title}>{title}</h1>
      {children}
      <p className={styles.note}>以上信息仅供参考，具体以相关主管部门公布的信息为准。</p>
    </div>
  );
}
