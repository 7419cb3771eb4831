import { Suspense } from 'react';
import { useNavigate } from 'react-router';
import { PriceHistoryPanel } from '../../../components/price-history/price-history-panel';
import { RouteLink } from '../../../components/route-link';
import { SectionPanel } from '../../../components/section-panel';
import { paths } from '../../../config/paths';
import { CompareButton } from '../../../features/compare/components/compare-button';
import { CompareTray } from '../../../features/compare/components/compare-tray';
import { useRecordView } from '../../../features/history/api/history';
import { LotteryLinks } from '../../../features/lottery/components/lottery-links';
import { AlbumThumbs } from '../../../features/projects/components/album-thumbs';
import { CompanyPanel } from '../../../features/projects/components/company-panel';
import { HouseModelBrowser } from '../../../features/projects/components/house-model-browser';
import { ProjectLocation } from '../../../features/projects/components/project-location';
import { ProjectNewsPanel } from '../../../features/projects/components/project-news-panel';
import { ProjectOverview } from '../../../features/projects/components/project-overview';
import { ProjectPageFrame } from '../../../features/projects/components/project-page-frame';
import { useProjectId } from '../../../features/projects/hooks/use-project-id';
import { lazyNamed } from '../../../lib/deferred';

// The building-table excerpt (below the first screen, antd Radio with the form context) loads
// right after the page has shown, as its own chunk.
const BuildingExcerptPanel = lazyNamed(
  () => import('../../../features/projects/components/building-excerpt'),
  'BuildingExcerptPanel',
);

// 周边配套, activity figures and 问答 (docs/product/nearby.md) load after the page, as a chunk.
const BuyerFactsPanel = lazyNamed(
  () => import('../../../features/buyer-facts/components/buyer-facts-panel'),
  'BuyerFactsPanel',
);

/** /houseHome: the project's home page (docs/product/new-build.md). */
export default function HouseHomeRoute() {
  const navigate = useNavigate();
  const projectId = useProjectId();
  // A signed-in visitor's opening of a project's home page goes into 浏览记录.
  useRecordView('PROJECT', projectId || undefined);
  return (
    <>
      <ProjectPageFrame
        section="楼盘主页"
        active="houseHome"
        headerActions={(project) => (
          <CompareButton type="project" id={project.id} name={project.publishName} />
        )}
      >
        {(project) => {
          const byId = { id: project.id };
          const album = [...(project.albums.effect ?? []), ...(project.albums.real ?? [])];
          return (
            <>
              <ProjectOverview project={project} />
              <LotteryLinks projectId={project.id} />
              <PriceHistoryPanel
                kind="project"
                id={project.id}
                label={`${project.publishName}平台价走势图`}
              />
              <SectionPanel
                title="户型"
                extra={
                  <RouteLink routeKey="houseType" href={paths.houseType.getHref(byId)}>
                    查看全部户型
                  </RouteLink>
                }
              >
                <HouseModelBrowser
                  models={project.houseModels}
                  onPick={(model) =>
                    navigate(
                      paths.houseTypeDetails.getHref({ id: project.id, houseTypeId: model.id }),
                    )
                  }
                />
              </SectionPanel>
              <Suspense fallback={null}>
                <BuildingExcerptPanel projectId={project.id} />
              </Suspense>
              <ProjectNewsPanel projectId={project.id} items={project.newsVOList} limit={2} />
              <CompanyPanel project={project} />
              <SectionPanel
                title="楼盘相册"
                extra={
                  <RouteLink routeKey="housePhoto" href={paths.housePhoto.getHref(byId)}>
                    查看全部图片
                  </RouteLink>
                }
              >
                <AlbumThumbs paths={album} alt={`${project.publishName}相册`} />
              </SectionPanel>
              <ProjectLocation project={project} />
              <Suspense fallback={null}>
                <BuyerFactsPanel
                  target={{ targetType: 'project', targetId: project.id }}
                  lng={project.lng}
                  lat={project.lat}
                />
              </Suspense>
            </>
          );
        }}
      </ProjectPageFrame>
      <CompareTray type="project" />
    </>
  );
}
