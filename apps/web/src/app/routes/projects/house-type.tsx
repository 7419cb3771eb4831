import type { HouseModel } from '@portal/shared/schemas/projects';
import { useState } from 'react';
import { RouteLink } from '../../../components/route-link';
import { SectionPanel } from '../../../components/section-panel';
import { paths } from '../../../config/paths';
import { useRecommendedProjects } from '../../../features/projects/api/side-lists';
import { HouseModelBrowser } from '../../../features/projects/components/house-model-browser';
import { HouseModelDetail } from '../../../features/projects/components/house-model-detail';
import { ProjectBriefList } from '../../../features/projects/components/project-brief-list';
import { ProjectPageFrame } from '../../../features/projects/components/project-page-frame';
import styles from './project-pages.module.css';

/** /houseType: house models grouped by bedroom count, a scroller and the picked model. */
export default function HouseTypeRoute() {
  const [picked, setPicked] = useState<HouseModel | null>(null);
  const recommended = useRecommendedProjects();
  return (
    <ProjectPageFrame section="户型" active="houseType">
      {(project) => {
        const model = picked ?? project.houseModels[0] ?? null;
        return (
          <div className={styles.columns}>
            <div className={styles.main}>
              <SectionPanel title="全部户型">
                <HouseModelBrowser
                  models={project.houseModels}
                  pickedId={model?.id}
                  onPick={setPicked}
                />
              </SectionPanel>
              {model && (
                <SectionPanel
                  title="户型详情"
                  extra={
                    <RouteLink
                      routeKey="houseTypeDetails"
                      href={paths.houseTypeDetails.getHref({
                        id: project.id,
                        houseTypeId: model.id,
                      })}
                    >
                      户型详情页
                    </RouteLink>
                  }
                >
                  <HouseModelDetail model={model} project={project} />
                </SectionPanel>
              )}
            </div>
            <aside className={styles.side}>
              <ProjectBriefList
                title="推荐楼盘"
                projects={recommended.data}
                isLoading={recommended.isPending}
              />
            </aside>
          </div>
        );
      }}
    </ProjectPageFrame>
  );
}
