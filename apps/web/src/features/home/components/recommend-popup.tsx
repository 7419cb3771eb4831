import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { DISTRICT_NAME, isDistrictCode } from '@portal/shared/constants/districts';
import {
  describeDemand,
  RECOMMEND_PAGE_SIZE,
  type RecommendationPage,
  type RecommendDemand,
} from '@portal/shared/schemas/recommend';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { lastPageOf } from '../../../components/pagination-bar';
import { paths } from '../../../config/paths';
import { useRecommendations } from '../api/get-recommendations';
import { ProjectCard } from './project-card';
import styles from './recommend.module.css';

/** The demand in words with the district name. */
export function demandText(demand: RecommendDemand): string {
  const district =
    demand.districtCode && isDistrictCode(demand.districtCode)
      ? DISTRICT_NAME[demand.districtCode]
      : undefined;
  return describeDemand(demand, district);
}

/**
 * The red line above the recommendations: the user's own recorded demand, or, before the user has
 * recorded one, the sample demand named as such (the list always meets the demand it states).
 */
export function demandLine(page: Pick<RecommendationPage, 'demand' | 'isSampleDemand'>): string {
  return page.isSampleDemand
    ? `您还没有填写购房需求，以下按示例需求推荐：${demandText(page.demand)}`
    : `根据您的购房需求推荐：${demandText(page.demand)}`;
}

interface RecommendPopupProps {
  isOpen: boolean;
  onClose: () => void;
}

/** 推荐楼盘 pop-up: 12 projects a page with ‹ › arrows and page x/y (docs/product/content.md). */
export function RecommendPopup({ isOpen, onClose }: RecommendPopupProps) {
  const [page, setPage] = useState(1);
  const { data, isPending, isError } = useRecommendations(page, RECOMMEND_PAGE_SIZE, isOpen);
  const last = lastPageOf(data?.total ?? 0, RECOMMEND_PAGE_SIZE);
  const projects = isError ? [] : (data?.list ?? []);

  return (
    <Modal
      open={isOpen}
      onCancel={onClose}
      footer={null}
      width={1160}
      title="推荐楼盘"
      destroyOnHidden
    >
      {data && (
        <p className={styles.demand}>
          {demandLine(data)}
          <Link to={paths.recommend.path} className={styles.demandLink} onClick={onClose}>
            {data.isSampleDemand ? '填写我的需求' : '修改需求'}
          </Link>
        </p>
      )}
      <div className={styles.popupBody}>
        <Button
          shape="circle"
          icon={<LeftOutlined />}
          aria-label="上一页"
          disabled={page <= 1}
          onClick={() => setPage((current) => Math.max(1, current - 1))}
        />
        <div className={styles.popupGrid} data-testid="recommend-popup-grid">
          {projects.length === 0
            ? !isPending && (
                <EmptyState className={styles.empty} description="暂无符合您需求的楼盘" />
              )
            : projects.map((project) => (
                <ProjectCard key={project.id} project={project} variant="compact" />
              ))}
        </div>
        <Button
          shape="circle"
          icon={<RightOutlined />}
          aria-label="下一页"
          disabled={page >= last}
          onClick={() => setPage((current) => Math.min(last, current + 1))}
        />
      </div>
      <p className={styles.pageInfo}>
        {Math.min(page, last)}/{last}
      </p>
    </Modal>
  );
}
