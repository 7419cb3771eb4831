import { Spin } from 'antd';
import { SectionPanel } from '../../../components/section-panel';
import { useProjectNews } from '../../../features/projects/api/get-project';
import { NewsTimeline } from '../../../features/projects/components/news-timeline';
import { ProjectPageFrame } from '../../../features/projects/components/project-page-frame';
import { useProjectId } from '../../../features/projects/hooks/use-project-id';

/** News shown of the 15 fetched (docs/product/new-build.md). */
const SHOWN_NEWS = 10;

/** /houseDynamic: the project's news timeline; articles open in a new window (docs/product/new-build.md). */
export default function HouseDynamicRoute() {
  const id = useProjectId();
  const { data, isPending } = useProjectNews(id);
  return (
    <ProjectPageFrame section="楼盘动态" active="houseDynamic">
      {() => (
        <SectionPanel title="楼盘动态">
          {isPending ? (
            <Spin />
          ) : (
            <NewsTimeline items={data?.list.slice(0, SHOWN_NEWS)} newWindow showSource />
          )}
        </SectionPanel>
      )}
    </ProjectPageFrame>
  );
}
