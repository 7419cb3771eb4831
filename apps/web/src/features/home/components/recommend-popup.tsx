import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { DISTRICT_NAME, isDistrictCode } from '@portal/shared/constants/districts';
import {
  describeDemand,
  RECOMMEND_PAGE_SIZE,
  type RecommendDemand,
} from '@portal/shared/schemas/recommend';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { lastPageOf } from '../../../components/pagination-bar';
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

interface RecommendPopupProps {
  isOpen: boolean;
  onClose: () => void;
}

/** 推荐楼盘 pop-up: 12 projects a page with ‹ › arrows and page x/y (spec 1 §2). */
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
      {data && <p className={styles.demand}>根据您的购房需求推荐：{demandText(data.demand)}</p>}
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
            ? !isPending && <EmptyState className={styles.empty} />
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
