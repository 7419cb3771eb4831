import { DISTRICT_NAME, isDistrictCode } from '@portal/shared/constants/districts';
import type { ProjectBrief } from '@portal/shared/schemas/projects';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { SectionPanel } from '../../../components/section-panel';
import { paths } from '../../../config/paths';
import { formatProjectPrice } from './project-list-item';
import { SideListLoading } from './side-list-loading';
import styles from './side-panels.module.css';

interface ProjectBriefListProps {
  title: string;
  projects: ProjectBrief[] | undefined;
  className?: string;
  /** While the projects load: a loading line, not 暂无数据. */
  isLoading?: boolean;
}

/** A titled list of up to 10 projects: name, district and platform price (推荐楼盘, 猜你喜欢…). */
export function ProjectBriefList({
  title,
  projects = [],
  className,
  isLoading = false,
}: ProjectBriefListProps) {
  return (
    <SectionPanel title={title} className={className}>
      {isLoading ? (
        <SideListLoading />
      ) : projects.length === 0 ? (
        <EmptyState />
      ) : (
        <ol className={styles.briefList}>
          {projects.slice(0, 10).map((project, index) => (
            <li key={project.id}>
              <span className={index < 3 ? `${styles.rank} ${styles.top}` : styles.rank}>
                {index + 1}
              </span>
              <Link className={styles.briefName} to={paths.houseHome.getHref({ id: project.id })}>
                {project.publishName}
              </Link>
              <span className={styles.briefMeta}>
                {isDistrictCode(project.districtCode) ? DISTRICT_NAME[project.districtCode] : ''}
              </span>
              <span className={styles.briefPrice}>{formatProjectPrice(project.platformPrice)}</span>
            </li>
          ))}
        </ol>
      )}
    </SectionPanel>
  );
}
