import { RECOMMEND_PAGE_SIZE } from '@portal/shared/schemas/recommend';
import { Spin } from 'antd';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { PaginationBar } from '../../../components/pagination-bar';
import { useRecommendations } from '../api/get-recommendations';
import { ProjectCard } from './project-card';
import { RecommendDemandForm } from './recommend-demand-form';
import { demandLine } from './recommend-popup';
import styles from './recommend.module.css';

/** /recommend: the buyer's demand, and the projects computed from it, 12 a page. */
export function RecommendList() {
  const [page, setPage] = useState(1);
  const { data, isPending, isError } = useRecommendations(page, RECOMMEND_PAGE_SIZE);
  const projects = isError ? [] : (data?.list ?? []);

  return (
    <div className={styles.recommendPage}>
      {data && (
        <>
          <RecommendDemandForm key={JSON.stringify(data.demand)} demand={data.demand} />
          <p className={styles.demand}>{demandLine(data)}</p>
        </>
      )}
      {isPending ? (
        <Spin className={styles.spin} />
      ) : projects.length === 0 ? (
        <EmptyState description="暂无符合您需求的楼盘，可调整上面的需求后保存" />
      ) : (
        <div className={styles.pageGrid} data-testid="recommend-list">
          {projects.map((project) => (
            <ProjectCard key={project.id} project={project} />
          ))}
        </div>
      )}
      <PaginationBar
        current={page}
        total={isError ? 0 : (data?.total ?? 0)}
        pageSize={RECOMMEND_PAGE_SIZE}
        onChange={setPage}
      />
    </div>
  );
}
