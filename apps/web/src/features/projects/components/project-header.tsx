import type { ProjectDetail } from '@portal/shared/schemas/projects';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { BreadcrumbTrail } from '../../../components/breadcrumb-trail';
import { ShareButton } from '../../../components/share-button';
import { SiteQrCode } from '../../../components/site-qr-code';
import { paths } from '../../../config/paths';
import { FavouriteButton } from './favourite-button';
import { GroupBuyPromotion } from './group-buy-promotion';
import styles from './project-header.module.css';
import { ProjectTabs, type ProjectTabKey } from './project-tabs';
import { SubscribeButton } from './subscribe-button';
import { TradeinPolicy } from './tradein-policy';

interface ProjectHeaderProps {
  project: ProjectDetail;
  section: string;
  active: ProjectTabKey;
  /** More buttons next to 收藏 (the 对比 button of the project home page). */
  extraActions?: ReactNode;
}

/**
 * The shared header of the project pages (docs/product/new-build.md): breadcrumb, mini-programme QR, names, trade-in policy, follower count, favourite
 * toggle, 分享, group-buy promotion and the six tabs.
 */
export function ProjectHeader({ project, section, active, extraActions }: ProjectHeaderProps) {
  const location = useLocation();
  return (
    <header className={styles.header}>
      <BreadcrumbTrail
        crumbs={[
          { label: '首页', href: paths.home.path },
          { label: '新房', href: paths.newHouse.path },
          { label: project.publishName, href: paths.houseHome.getHref({ id: project.id }) },
          { label: section },
        ]}
      />
      <div className={styles.summary}>
        <div className={styles.qr}>
          <SiteQrCode
            path={`${location.pathname}${location.search}`}
            size={84}
            caption="微信扫码看房"
          />
        </div>
        <div className={styles.names}>
          <h1 className={styles.title}>{project.publishName}</h1>
          <p className={styles.filing}>备案名：{project.projectName}</p>
          <p className={styles.followers}>
            关注 <strong>{project.collectNumber ?? 0}</strong> 人
          </p>
        </div>
        {project.tradein && <TradeinPolicy content={project.tradeinContent ?? ''} />}
        <div className={styles.actions}>
          <FavouriteButton projectId={project.id} collected={project.collected} />
          <SubscribeButton projectId={project.id} />
          <ShareButton
            title={`${project.publishName} - 新房`}
            text={project.projectAddress || undefined}
          />
          {extraActions}
        </div>
      </div>
      {project.groupBuy && <GroupBuyPromotion projectId={project.id} />}
      <ProjectTabs projectId={project.id} active={active} />
    </header>
  );
}
