import { NEWS_LIMITS, NEWS_TYPE_LABEL, type NewsType } from '@portal/shared/constants/news';
import dayjs from 'dayjs';
import { EmptyState } from '../../../components/empty-state';
import { RouteLink } from '../../../components/route-link';
import { SectionPanel } from '../../../components/section-panel';
import { paths } from '../../../config/paths';
import { useHomeNews } from '../api/get-home-content';
import styles from './home-news.module.css';

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
                {dayjs(item.modifiedTime).format('MM-DD')}
              </time>
            </li>
          ))}
        </ul>
      )}
    </SectionPanel>
  );
}
