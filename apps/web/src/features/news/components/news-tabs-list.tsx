import { NEWS_TYPE, NEWS_TYPE_LABEL } from '@portal/shared/constants/news';
import { Spin, Tabs } from 'antd';
import dayjs from 'dayjs';
import { EmptyState } from '../../../components/empty-state';
import { PaginationBar } from '../../../components/pagination-bar';
import { RouteLink } from '../../../components/route-link';
import { paths } from '../../../config/paths';
import { useNewsPage } from '../api/news-api';
import styles from './news.module.css';

/** The two tabs of the list page, 政策公示 first (docs/product/content.md). */
export const NEWS_TABS = [NEWS_TYPE.POLICY, NEWS_TYPE.INFORMATION] as const;
export type NewsTab = (typeof NEWS_TABS)[number];

/** The list's empty text (docs/product/content.md: no content). */
export const NEWS_EMPTY_TEXT = '暂无内容';

interface NewsTabsListProps {
  newsType: NewsTab;
  page: number;
  onChange: (next: { newsType: NewsTab; page: number }) => void;
}

/** 政策公示 / 房产资讯 tabs with 10 titles a page, each with its time, and the pager. */
export function NewsTabsList({ newsType, page, onChange }: NewsTabsListProps) {
  const { data, isPending, isError } = useNewsPage(newsType, page);
  const items = isError ? [] : (data?.list ?? []);

  return (
    <div className={styles.listPanel}>
      <Tabs
        activeKey={String(newsType)}
        onChange={(key) => onChange({ newsType: Number(key) as NewsTab, page: 1 })}
        items={NEWS_TABS.map((type) => ({ key: String(type), label: NEWS_TYPE_LABEL[type] }))}
      />
      <div className={styles.listBody}>
        {isPending ? (
          <Spin className={styles.spin} />
        ) : items.length === 0 ? (
          <EmptyState description={NEWS_EMPTY_TEXT} />
        ) : (
          <ul className={styles.list} data-testid="news-list">
            {items.map((item) => (
              <li key={item.id} className={styles.row}>
                <RouteLink
                  routeKey="informationAndPolicyDetails"
                  href={paths.informationAndPolicyDetails.getHref({ id: item.id })}
                  className={styles.rowTitle}
                >
                  {item.title}
                </RouteLink>
                <time className={styles.rowTime} dateTime={item.modifiedTime}>
                  {dayjs(item.modifiedTime).format('YYYY-MM-DD')}
                </time>
              </li>
            ))}
          </ul>
        )}
      </div>
      <PaginationBar
        current={page}
        total={isError ? 0 : (data?.total ?? 0)}
        pageSize={10}
        onChange={(next) => onChange({ newsType, page: next })}
      />
    </div>
  );
}
