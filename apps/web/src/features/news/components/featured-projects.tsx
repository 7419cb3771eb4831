import { formatUnitPrice } from '@portal/shared/format';
import { EmptyState } from '../../../components/empty-state';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { RouteLink } from '../../../components/route-link';
import { SectionPanel } from '../../../components/section-panel';
import { paths } from '../../../config/paths';
import { useFeaturedProjects } from '../api/news-api';
import styles from './news.module.css';

/** 推荐楼盘 beside an article: up to 10 projects, each opening its detail page. */
export function FeaturedProjects() {
  const { data: projects = [], isPending } = useFeaturedProjects();
  return (
    <SectionPanel title="推荐楼盘">
      {projects.length === 0 ? (
        !isPending && <EmptyState />
      ) : (
        <ul className={styles.featured}>
          {projects.slice(0, 10).map((project) => (
            <li key={project.id}>
              <RouteLink
                routeKey="houseDetails"
                href={paths.houseDetails.getHref({ id: project.id })}
                className={styles.featuredItem}
              >
                <ImageWithFallback src={project.coverUrl} alt={project.publishName} />
                <span className={styles.featuredText}>
                  <span className={styles.featuredName}>{project.publishName}</span>
                  <span className={styles.featuredPrice}>
                    {formatUnitPrice(project.platformPrice)}
                  </span>
                </span>
              </RouteLink>
            </li>
          ))}
        </ul>
      )}
    </SectionPanel>
  );
}
