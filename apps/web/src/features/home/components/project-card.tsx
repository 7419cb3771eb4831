import { formatUnitPrice } from '@portal/shared/format';
import type { ProjectCard as ProjectCardData } from '@portal/shared/schemas/home';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { RouteLink } from '../../../components/route-link';
import { paths } from '../../../config/paths';
import styles from './project-card.module.css';

interface ProjectCardProps {
  project: ProjectCardData;
  /** `grid` shows address and both prices; `compact` the purposes and average price. */
  variant?: 'grid' | 'compact';
}

/** A project card of the home blocks and the pop-up; opens houseHome with the id (docs/product/content.md). */
export function ProjectCard({ project, variant = 'grid' }: ProjectCardProps) {
  const href = paths.houseHome.getHref({ id: project.id });
  return (
    <RouteLink routeKey="houseHome" href={href} className={styles.card}>
      <span className={styles.cover}>
        <ImageWithFallback src={project.coverUrl} alt={project.publishName} />
        {project.groupBuy && <span className={styles.groupBuy}>团购</span>}
      </span>
      <span className={styles.body}>
        <span className={styles.titleRow}>
          <span className={styles.name} title={project.publishName}>
            {project.publishName}
          </span>
          <span className={styles.onSale}>在售</span>
        </span>
        {variant === 'grid' ? (
          <>
            <span className={styles.address} title={project.projectAddress}>
              {project.projectAddress}
            </span>
            <span className={styles.prices}>
              <span className={styles.price}>{formatUnitPrice(project.platformPrice)}</span>
              {project.currentPrice > 0 && project.currentPrice !== project.platformPrice && (
                <span className={styles.oldPrice}>{formatUnitPrice(project.currentPrice)}</span>
              )}
            </span>
          </>
        ) : (
          <>
            <span className={styles.address}>{project.propertiesStr || '住宅'}</span>
            <span className={styles.prices}>
              均价 <span className={styles.price}>{formatUnitPrice(project.platformPrice)}</span>
            </span>
          </>
        )}
      </span>
    </RouteLink>
  );
}
