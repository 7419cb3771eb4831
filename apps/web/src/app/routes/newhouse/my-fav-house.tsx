import { Button, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { lastPageOf } from '../../../components/pagination-bar';
import { paths } from '../../../config/paths';
import {
  useFavouriteProjects,
  useToggleProjectFavourite,
} from '../../../features/newhouse/api/favourites';
import { formatProjectPrice } from '../../../features/newhouse/components/project-list-item';
import { FavouriteListings } from '../../../features/secondhand/components/favourite-listings';
import { notifySuccess } from '../../../lib/notify';
import styles from './project-pages.module.css';

const PAGE_SIZE = 10;

/**
 * /myFavHouse: the caller's favourites, 10 per page: new-build projects (spec 2 §2) and, on the
 * 二手房 tab (`?tab=listing`), second-hand listings.
 */
export default function MyFavHouseRoute() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'listing' ? 'listing' : 'project';
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => setParams(key === 'listing' ? { tab: key } : {}, { replace: true })}
      items={[
        { key: 'project', label: '楼盘', children: <FavouriteProjects /> },
        { key: 'listing', label: '二手房', children: <FavouriteListings /> },
      ]}
    />
  );
}

/** The caller's favourite projects, 10 per page (spec 2 §2). */
function FavouriteProjects() {
  const [page, setPage] = useState(1);
  const { data, isPending } = useFavouriteProjects(page);
  const toggle = useToggleProjectFavourite();
  const total = data?.total ?? 0;
  const last = lastPageOf(total, PAGE_SIZE);
  const current = Math.min(page, last);

  const handleCancel = (projectId: number) =>
    toggle.mutate(
      { projectId, collected: false },
      {
        onSuccess: () => {
          notifySuccess('取消收藏');
          if (data?.list.length === 1 && page > 1) setPage(page - 1);
        },
      },
    );

  if (!isPending && total === 0) return <EmptyState />;
  return (
    <section aria-label="我的收藏">
      {data?.list.map((project) => (
        <article key={project.id} className={styles.favRow} aria-label={project.publishName}>
          <Link className={styles.favCover} to={paths.houseHome.getHref({ id: project.id })}>
            <ImageWithFallback src={project.coverUrl} alt={project.publishName} />
          </Link>
          <div className={styles.favBody}>
            <h3>
              <Link to={paths.houseHome.getHref({ id: project.id })}>{project.publishName}</Link>
            </h3>
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
    </section>
  );
}
