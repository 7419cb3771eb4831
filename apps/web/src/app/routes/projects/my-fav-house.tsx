import { Button, Tabs, Tag } from 'antd';
import { type RefObject, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { lastPageOf } from '../../../components/pagination-bar';
import { paths } from '../../../config/paths';
import { FavouriteListings } from '../../../features/listings/components/favourite-listings';
import {
  useFavouriteProjects,
  useToggleProjectFavourite,
} from '../../../features/projects/api/favourites';
import { formatProjectPrice } from '../../../features/projects/components/project-list-item';
import { notifySuccess } from '../../../lib/notify';
import styles from './my-fav-house.module.css';

const PAGE_SIZE = 10;

/**
 * /myFavHouse: the caller's favourites, 10 per page: new-build projects (docs/product/new-build.md) and, on the
 * 二手房 tab (`?tab=listing`), second-hand listings.
 */
export default function MyFavHouseRoute() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'listing' ? 'listing' : 'project';
  const headingRef = useRef<HTMLHeadingElement>(null);
  return (
    <section aria-labelledby="my-fav-house-title">
      <h1 id="my-fav-house-title" ref={headingRef} tabIndex={-1} className={styles.title}>
        我的收藏
      </h1>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'listing' ? { tab: key } : {}, { replace: true })}
        items={[
          {
            key: 'project',
            label: '楼盘',
            children: <FavouriteProjects headingRef={headingRef} />,
          },
          { key: 'listing', label: '二手房', children: <FavouriteListings /> },
        ]}
      />
    </section>
  );
}

/** The caller's favourite projects, 10 per page (docs/product/new-build.md). */
function FavouriteProjects({ headingRef }: { headingRef: RefObject<HTMLHeadingElement | null> }) {
  const [page, setPage] = useState(1);
  const { data, isPending } = useFavouriteProjects(page);
  const toggle = useToggleProjectFavourite();
  const total = data?.total ?? 0;
  const last = lastPageOf(total, PAGE_SIZE);
  const current = Math.min(page, last);

  // The row (and its focused button) goes away: focus moves to the heading, not to the page body.
  const handleCancel = (projectId: number) =>
    toggle.mutate(
      { projectId, collected: false },
      {
        onSuccess: () => {
          notifySuccess('取消收藏');
          headingRef.current?.focus();
          if (data?.list.length === 1 && page > 1) setPage(page - 1);
        },
      },
    );

  return (
    <div>
      {!isPending && total === 0 && <EmptyState />}
      {data?.list.map((project) => (
        <article key={project.id} className={styles.favRow} aria-label={project.publishName}>
          <Link
            className={styles.favCover}
            to={paths.houseHome.getHref({ id: project.id })}
            tabIndex={-1}
            aria-hidden
          >
            <ImageWithFallback src={project.coverUrl} alt="" />
          </Link>
          <div className={styles.favBody}>
            <h2>
              <Link to={paths.houseHome.getHref({ id: project.id })}>{project.publishName}</Link>
            </h2>
            <span className={styles.price}>{formatProjectPrice(project.platformPrice)}</span>
            <span>{project.projectAddress}</span>
            <div>
              {project.tags.map((tag) => (
                <Tag key={tag}>{tag}</Tag>
              ))}
            </div>
          </div>
          <Button
            loading={toggle.isPending && toggle.variables?.projectId === project.id}
            onClick={() => handleCancel(project.id)}
          >
            取消收藏
          </Button>
        </article>
      ))}
      {total > 0 && (
        <nav className={styles.favPager} aria-label="分页">
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
    </div>
  );
}
