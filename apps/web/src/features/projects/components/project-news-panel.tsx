import type { ProjectNewsItem } from '@portal/shared/schemas/projects';
import dayjs from 'dayjs';
import { EmptyState } from '../../../components/empty-state';
import { RouteLink } from '../../../components/route-link';
import { SectionPanel } from '../../../components/section-panel';
import { paths } from '../../../config/paths';
import styles from './project-sections.module.css';

interface ProjectNewsPanelProps {
  projectId: number;
  items: ProjectNewsItem[];
  /** How many items to show (2 on /houseHome). */
  limit: number;
}

/** The first project news items with a link to /houseDynamic. */
export function ProjectNewsPanel({ projectId, items, limit }: ProjectNewsPanelProps) {
  return (
    <SectionPanel
      title="楼盘动态"
      extra={
        <RouteLink routeKey="houseDynamic" href={paths.houseDynamic.getHref({ id: projectId })}>
          更多动态
        </RouteLink>
      }
    >
      {items.length === 0 ? (
        <EmptyState />
      ) : (
        <ul className={styles.newsList}>
          {items.slice(0, limit).map((item) => (
            <li key={item.id}>
              <RouteLink
                routeKey="informationAndPolicyDetails"
                href={paths.informationAndPolicyDetails.getHref({ id: item.id })}
              >
                {item.title}
              </RouteLink>
              <time dateTime={item.time}>{dayjs(item.time).format('YYYY-MM-DD')}</time>
            </li>
          ))}
        </ul>
      )}
    </SectionPanel>
  );
}
