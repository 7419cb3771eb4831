import { DISTRICT_FILTER_OPTIONS } from '@portal/shared/constants/districts';
import { useState } from 'react';
import { RouteLink } from '../../../components/route-link';
import { SectionPanel } from '../../../components/section-panel';
import { useHomeProjects } from '../api/get-home-content';
import { NEW_HOUSE_GRID_SIZE } from '../api/home-urls';
import { HomeEmptyState as EmptyState } from './home-empty-state';
import styles from './home-projects.module.css';
import { ProjectCard } from './project-card';

/** 新房推荐: up to 8 published projects with the district filter (全部 first; docs/product/content.md). */
export function NewHouseGrid() {
  const [areaCode, setAreaCode] = useState('');
  const { data: projects = [], isPending } = useHomeProjects({
    areaCode,
    size: NEW_HOUSE_GRID_SIZE,
  });

  return (
    <SectionPanel
      title="新房推荐"
      extra={
        <RouteLink routeKey="newHouse" className={styles.more}>
          更多 &gt;
        </RouteLink>
      }
    >
      <div className={styles.filters} role="tablist" aria-label="区域">
        {DISTRICT_FILTER_OPTIONS.map((option) => (
          <button
            key={option.code || 'all'}
            type="button"
            role="tab"
            aria-selected={option.code === areaCode}
            className={option.code === areaCode ? styles.filterActive : styles.filter}
            onClick={() => setAreaCode(option.code)}
          >
            {option.name}
          </button>
        ))}
      </div>
      {projects.length === 0 ? (
        !isPending && <EmptyState />
      ) : (
        <div className={styles.grid} data-testid="new-house-grid">
          {projects.slice(0, NEW_HOUSE_GRID_SIZE).map((project) => (
            <ProjectCard key={project.id} project={project} />
          ))}
        </div>
      )}
    </SectionPanel>
  );
}
