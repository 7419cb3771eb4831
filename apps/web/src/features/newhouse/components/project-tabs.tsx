import { RouteLink } from '../../../components/route-link';
import { type PathKey, paths } from '../../../config/paths';
import styles from './project-header.module.css';

/** The six sections of a project, in the order of the tab bar (spec 3 §2.2). */
export const PROJECT_TABS = [
  { key: 'houseHome', label: '楼盘主页' },
  { key: 'houseDetails', label: '楼盘详情' },
  { key: 'houses', label: '楼盘表' },
  { key: 'houseType', label: '户型' },
  { key: 'housePhoto', label: '楼盘相册' },
  { key: 'houseDynamic', label: '楼盘动态' },
] as const satisfies ReadonlyArray<{ key: PathKey; label: string }>;

export type ProjectTabKey = (typeof PROJECT_TABS)[number]['key'];

/** The six-tab bar of the project pages; a tab whose page is not registered shows as text. */
export function ProjectTabs({ projectId, active }: { projectId: number; active: ProjectTabKey }) {
  return (
    <nav className={styles.tabs} aria-label="楼盘栏目">
      {PROJECT_TABS.map((tab) => (
        <RouteLink
          key={tab.key}
          routeKey={tab.key}
          href={paths[tab.key].getHref({ id: projectId })}
          className={tab.key === active ? `${styles.tab} ${styles.activeTab}` : styles.tab}
        >
          {tab.label}
        </RouteLink>
      ))}
    </nav>
  );
}
