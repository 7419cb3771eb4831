import { Button, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { lastPageOf } from '../../../components/pagination-bar';
import { notifySuccess } from '../../../lib/notify';
import { useFavouriteListings, useUnfavouriteListing } from '../api/favourite-listings';
import { formatListingPrice, layoutText } from '../lib/listing-filters';
import styles from './favourite-listings.module.css';
import { listingHref } from './listing-list-item';

const PAGE_SIZE = 10;

/**
 * The caller's favourite second-hand listings, 10 a page. A listing that was sold, withdrawn or
 * taken down keeps its row, marked so, until the follower removes it.
 */
export function FavouriteListings() {
  const [page, setPage] = useState(1);
  const { data, isPending } = useFavouriteListings(page);
  const remove = useUnfavouriteListing();
  const total = data?.total ?? 0;
  const last = lastPageOf(total, PAGE_SIZE);
  const current = Math.min(page, last);

  if (!isPending && total === 0) return <EmptyState description="还没有收藏二手房源" />;
  return (
    <section aria-label="收藏的二手房">
      {data?.list.map((item) => (
        <article key={item.id} className={styles.row} aria-label={item.title}>
          <div className={styles.cover}>
            <ImageWithFallback src={item.coverUrl} alt={item.title} />
          </div>
          <div className={styles.body}>
            <h3>
              {item.isOnSale ? <Link to={listingHref(item)}>{item.title}</Link> : item.title}
              <Tag color={item.isOnSale ? 'success' : 'default'}>{item.stateText}</Tag>
            </h3>
            <p>
              {layoutText(item)} · {item.buildArea}㎡ · {item.areaName} {item.communityName}
            </p>
            <strong className={styles.price}>{formatListingPrice(item.type, item.price)}</strong>
          </div>
          <Button
            className={styles.remove}
            loading={remove.isPending && remove.variables === item.id}
            onClick={() =>
              remove.mutate(item.id, {
                onSuccess: () => {
                  notifySuccess('取消收藏');
                  if (data.list.length === 1 && page > 1) setPage(page - 1);
                },
              })
            }
          >
            取消收藏
          </Button>
        </article>
      ))}
      {total > PAGE_SIZE && (
        <nav className={styles.pager} aria-label="分页">
          <Button disabled={current <= 1} onClick={() => setPage(current - 1)}>
            上一页
          </Button>
          <span>
            {current} / {last}
          </span>
          <Button disabled={current >= last} onClick={() => setPage(current + 1)}>
            下一页
          </Button>
        </nav>
      )}
    </section>
  );
}
