import { DeleteOutlined } from '@ant-design/icons';
import { NEWS_TYPE_LABEL, type NewsType } from '@portal/shared/constants/news';
import { Button, Popconfirm, Spin } from 'antd';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { PaginationBar } from '../../../components/pagination-bar';
import { RouteLink } from '../../../components/route-link';
import { paths } from '../../../config/paths';
import { useFavouriteNews } from '../api/news-api';
import { useToggleNewsFavourite } from '../api/toggle-news-favourite';
import own from './favourite-news-list.module.css';
import styles from './news.module.css';

/** The type filter of /myFavNews: 全部, then 政策公示, 房产资讯, 楼盘动态 (docs/product/content.md). */
export const FAVOURITE_NEWS_FILTERS: ReadonlyArray<{ value: NewsType | undefined; label: string }> =
  [
    { value: undefined, label: '全部' },
    { value: 1, label: NEWS_TYPE_LABEL[1] },
    { value: 2, label: NEWS_TYPE_LABEL[2] },
    { value: 3, label: NEWS_TYPE_LABEL[3] },
  ];

/** 我的资讯: the caller's favourite articles with the type filter and a delete per row. */
export function FavouriteNewsList() {
  const [newsType, setNewsType] = useState<NewsType | undefined>(undefined);
  const [page, setPage] = useState(1);
  const { data, isPending, isError } = useFavouriteNews(newsType, page);
  const toggle = useToggleNewsFavourite();
  const filtersRef = useRef<HTMLDivElement>(null);
  const items = isError ? [] : (data?.list ?? []);
  const total = isError ? 0 : (data?.total ?? 0);

  const handleDelete = (id: number) => {
    toggle.mutate(
      { id, collected: false },
      {
        onSuccess: () => {
          // The deleted row took the focus with it: hand it to the selected type tab.
          filtersRef.current?.querySelector<HTMLElement>('[aria-selected="true"]')?.focus();
          if (items.length === 1 && page > 1) setPage(page - 1);
        },
      },
    );
  };

  return (
    <div className={styles.favourites}>
      <div
        ref={filtersRef}
        className={`${styles.filterRow} ${own.filters}`}
        role="tablist"
        aria-label="资讯类型"
      >
        {FAVOURITE_NEWS_FILTERS.map((filter) => (
          <Button
            key={filter.label}
            role="tab"
            aria-selected={filter.value === newsType}
            type={filter.value === newsType ? 'primary' : 'default'}
            onClick={() => {
              setNewsType(filter.value);
              setPage(1);
            }}
          >
            {filter.label}
          </Button>
        ))}
      </div>
      {isPending ? (
        <Spin className={styles.spin} />
      ) : items.length === 0 ? (
        <EmptyState />
      ) : (
        <ul className={styles.list} data-testid="favourite-news">
          {items.map((item) => (
            <li key={item.id} className={`${styles.row} ${own.row}`}>
              <RouteLink
                routeKey="informationAndPolicyDetails"
                href={paths.informationAndPolicyDetails.getHref({ id: item.id })}
                className={`${styles.rowTitle} ${own.title}`}
              >
                {item.title}
              </RouteLink>
              <span className={styles.typeLabel}>
                {NEWS_TYPE_LABEL[item.newsType as NewsType] ?? ''}
              </span>
              <time className={`${styles.rowTime} ${own.time}`} dateTime={item.modifiedTime}>
                {dayjs(item.modifiedTime).format('YYYY-MM-DD')}
              </time>
              <Popconfirm title="确定取消收藏该资讯吗？" onConfirm={() => handleDelete(item.id)}>
                <Button
                  type="text"
                  danger
                  className={own.remove}
                  icon={<DeleteOutlined />}
                  aria-label="删除"
                />
              </Popconfirm>
            </li>
          ))}
        </ul>
      )}
      <PaginationBar current={page} total={total} pageSize={10} onChange={setPage} />
    </div>
  );
}
