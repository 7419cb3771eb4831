import { RouteLink } from '../../../components/route-link';
import { SectionPanel } from '../../../components/section-panel';
import { paths } from '../../../config/paths';
import {
  usePopularProjects,
  useProjectNewsTimeline,
  useRecommendedProjects,
} from '../api/side-lists';
import { NewsTimeline } from './news-timeline';
import { ProjectBriefList } from './project-brief-list';
import styles from './side-panels.module.css';

/**
 * The side column of /newHouse: tools link, project news, 推荐楼盘 and 猜你喜欢 (docs/product/new-build.md).
 * `isEmpty` keeps only the column (its width), for the first paint of the page.
 */
export function NewHouseSidePanels({ isEmpty = false }: { isEmpty?: boolean }) {
  if (isEmpty) return <aside className={styles.side} />;
  return <SidePanelsContent />;
}

function SidePanelsContent() {
  const timeline = useProjectNewsTimeline();
  const recommended = useRecommendedProjects();
  const popular = usePopularProjects();
  return (
    <aside className={styles.side}>
      <section className={styles.toolCard} aria-label="购房工具">
        <strong>购房计算器</strong>
        <span>房贷、公积金、税费一算便知</span>
        <RouteLink routeKey="tool" href={paths.tool.path} className={styles.toolLink}>
          点击进入
        </RouteLink>
      </section>
      <SectionPanel title="楼盘动态">
        <NewsTimeline items={timeline.data} isLoading={timeline.isPending} />
      </SectionPanel>
      <ProjectBriefList
        title="推荐楼盘"
        projects={recommended.data}
        isLoading={recommended.isPending}
      />
      <ProjectBriefList title="猜你喜欢" projects={popular.data} isLoading={popular.isPending} />
    </aside>
  );
}
