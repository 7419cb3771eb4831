import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { RouteLink } from '../../../components/route-link';
import { SectionPanel } from '../../../components/section-panel';
import { paths } from '../../../config/paths';
import { useRecommendedProjects } from '../../../features/projects/api/side-lists';
import { HouseModelBrowser } from '../../../features/projects/components/house-model-browser';
import { HouseModelDetail } from '../../../features/projects/components/house-model-detail';
import { ProjectBriefList } from '../../../features/projects/components/project-brief-list';
import { ProjectPageFrame } from '../../../features/projects/components/project-page-frame';
import styles from './project-pages.module.css';

/** /houseTypeDetails: the detail of one house model (query houseTypeId, else the first). */
export default function HouseTypeDetailsRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const pickedId = Number(searchParams.get('houseTypeId'));
  const recommended = useRecommendedProjects();
  return (
    <ProjectPageFrame section="户型详情" active="houseType">
      {(project) => {
        const model =
          project.houseModels.find((m) => m.id === pickedId) ?? project.houseModels[0] ?? null;
        return (
          <div className={styles.columns}>
            <div className={styles.main}>
              <SectionPanel
                title={model ? model.houseType : '户型详情'}
                extra={
                  <RouteLink
                    routeKey="houseType"
                    href={paths.houseType.getHref({ id: project.id })}
                  >
                    查看全部户型
                  </RouteLink>
                }
              >
                {model ? <HouseModelDetail model={model} project={project} /> : <EmptyState />}
              </SectionPanel>
              <SectionPanel title="其他户型">
                <HouseModelBrowser
                  models={project.houseModels}
                  pickedId={model?.id}
                  onPick={(next) =>
                    setSearchParams(
                      (current) => {
                        const params = new URLSearchParams(current);
                        params.set('houseTypeId', String(next.id));
                        return params;
                      },
                      { replace: true },
                    )
                  }
                />
              </SectionPanel>
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
