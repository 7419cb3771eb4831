import { NEWS_LIMITS, NEWS_TYPE_LABEL, type NewsType } from '@portal/shared/constants/news';
import { RouteLink } from '../../../components/route-link';
import { SectionPanel } from '../../../components/section-panel';
import { paths } from '../../../config/paths';
import { useHomeNews } from '../api/get-home-content';
import { HomeEmptyState as EmptyState } from './home-empty-state';
import styles from './home-news.module.css';

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** MM-DD of a timestamp in local time (the home lists show no year); empty when unreadable. */
export function monthDay(timestamp: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return '';
  return `${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;
}

/** One home news list: the newest 8 articles of a type and 更多 to the list page with `type`. */
export function NewsColumn({ newsType }: { newsType: NewsType }) {
  const { data, isPending } = useHomeNews(newsType, NEWS_LIMITS.homeListSize);
  const items = data?.list ?? [];
  return (
    <SectionPanel
      title={NEWS_TYPE_LABEL[newsType]}
      className={styles.column}
      extra={
        <RouteLink
          routeKey="informationAndPolicyPage"
          href={paths.informationAndPolicyPage.getHref({ type: String(newsType) })}
          className={styles.more}
        >
          更多 &gt;
        </RouteLink>
      }
    >
      {items.length === 0 ? (
        !isPending && <EmptyState />
      ) : (
        <ul className={styles.list}>
          {items.map((item) => (
            <li key={item.id} className={styles.item}>
              <RouteLink
                routeKey="informationAndPolicyDetails"
                href={paths.informationAndPolicyDetails.getHref({ id: item.id })}
                className={styles.title}
              >
                {item.title}
              </RouteLink>
              <time className={styles.time} dateTime={item.modifiedTime}>
                {monthDay(item.modifiedTime)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </SectionPanel>
  );
}
