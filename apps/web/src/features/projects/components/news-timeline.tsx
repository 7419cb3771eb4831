import type { ProjectNewsItem } from '@portal/shared/schemas/projects';
import dayjs from 'dayjs';
import { EmptyState } from '../../../components/empty-state';
import { RouteLink } from '../../../components/route-link';
import { paths } from '../../../config/paths';
import { useNewTabLink } from '../../../lib/new-tab';
import { SideListLoading } from './side-list-loading';
import styles from './side-panels.module.css';

interface NewsTimelineProps {
  items: ProjectNewsItem[] | undefined;
  /** Open each article in a new window (/houseDynamic, docs/product/new-build.md). */
  newWindow?: boolean;
  /** Show the source line under the title. */
  showSource?: boolean;
  /** While the items load: a loading line, not 暂无数据. */
  isLoading?: boolean;
}

/** A timeline of project news: month-day, year, title and source (/houseDynamic, docs/product/new-build.md). */
export function NewsTimeline({
  items = [],
  newWindow = false,
  showSource = false,
  isLoading = false,
}: NewsTimelineProps) {
  const newTab = useNewTabLink();
  if (isLoading) return <SideListLoading />;
  if (items.length === 0) return <EmptyState />;
  return (
    <ol className={styles.timeline}>
      {items.map((item) => {
        const time = dayjs(item.time);
        const href = paths.informationAndPolicyDetails.getHref({ id: item.id });
        return (
          <li key={item.id} className={styles.timelineItem}>
            <div className={styles.date}>
              <strong>{time.format('MM-DD')}</strong>
              <span>{time.format('YYYY')}</span>
            </div>
            <div className={styles.timelineBody}>
              {newWindow && newTab.target ? (
                <a href={href} {...newTab}>
                  {item.title}
                </a>
              ) : (
                <RouteLink routeKey="informationAndPolicyDetails" href={href}>
                  {item.title}
                </RouteLink>
              )}
              {showSource && <span className={styles.source}>来源：{item.source ?? '暂无'}</span>}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
