import type { ProjectDetail } from '@portal/shared/schemas/projects';
import { Link, useLocation } from 'react-router';
import { SiteQrCode } from '../../../components/site-qr-code';
import { paths } from '../../../config/paths';
import { FavouriteButton } from './favourite-button';
import { GroupBuyPromotion } from './group-buy-promotion';
import styles from './project-header.module.css';
import { ProjectTabs, type ProjectTabKey } from './project-tabs';

interface ProjectHeaderProps {
  project: ProjectDetail;
  section: string;
  active: ProjectTabKey;
}

/**
 * The shared header of the project pages (spec 1 §3): breadcrumb (drawn like antd's, without
 * its drop-down code), mini-programme QR, names, trade-in policy, follower count, favourite
 * toggle, group-buy promotion and the six tabs.
 */
export function ProjectHeader({ project, section, active }: ProjectHeaderProps) {
  const location = useLocation();
  return (
    <header className={styles.header}>
      <nav className={styles.breadcrumb} aria-label="当前位置">
        <ol>
          <li>
            <Link to={paths.home.path}>首页</Link>
          </li>
          <li>
            <Link to={paths.newHouse.path}>新房</Link>
          </li>
          <li>
            <Link to={paths.houseHome.getHref({ id: project.id })}>{project.publishName}</Link>
          </li>
          <li aria-current="page">{section}</li>
        </ol>
      </nav>
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
        {project.tradein && (
          <section className={styles.tradein} aria-label="以旧换新具体政策">
            <h2>以旧换新具体政策</h2>
            <p>{project.tradeinContent || '暂无'}</p>
          </section>
        )}
        <div className={styles.actions}>
          <FavouriteButton projectId={project.id} collected={project.collected} />
        </div>
      </div>
      {project.groupBuy && <GroupBuyPromotion projectId={project.id} />}
      <ProjectTabs projectId={project.id} active={active} />
    </header>
  );
}
