import { RECORD_SECTION_TITLES } from '@portal/shared/constants/page-titles';
import type { ProjectDetail } from '@portal/shared/schemas/projects';
import { Spin } from 'antd';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { HydrateApart } from '../../../components/hydrate-apart';
import { usePageTitle } from '../../../lib/page-title';
import { useProject } from '../api/get-project';
import { useProjectId } from '../hooks/use-project-id';
import { ProjectHeader } from './project-header';
import styles from './project-page.module.css';
import type { ProjectTabKey } from './project-tabs';

interface ProjectPageFrameProps {
  section: string;
  active: ProjectTabKey;
  children: (project: ProjectDetail) => ReactNode;
  /** More header buttons next to 收藏, given the loaded project. */
  headerActions?: (project: ProjectDetail) => ReactNode;
}

/** Loads the project of `?id=` and lays out a project page: header, tabs, content, disclaimer. */
export function ProjectPageFrame({
  section,
  active,
  children,
  headerActions,
}: ProjectPageFrameProps) {
  const id = useProjectId();
  const { data: project, isPending, isError } = useProject(id);

  // 「楼盘名-新房-…」 on the home page, 「楼盘名-楼盘表-新房-…」 on the others.
  usePageTitle(
    project
      ? [
          project.publishName,
          active === 'houseHome' ? undefined : section,
          RECORD_SECTION_TITLES.project,
        ]
      : null,
  );

  if (id === 0 || isError) {
    return (
      <div className={styles.missing}>
        <EmptyState description="楼盘不存在或已下架" />
      </div>
    );
  }
  if (isPending || !project) {
    return (
      <div className={styles.missing}>
        <Spin size="large" />
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <ProjectHeader
        project={project}
        section={section}
        active={active}
        extraActions={headerActions?.(project)}
      />
      <HydrateApart>{children(project)}</HydrateApart>
      <footer className={styles.disclaimer}>
        <p>免责声明：本页楼盘信息仅供参考，以房地产主管部门公布的信息为准。</p>
        <p>楼盘表数据为本平台独家授权使用，未经许可不得转载。</p>
      </footer>
    </div>
  );
}
