import { useEffect, useRef } from 'react';
import { RouteLink } from '../../../components/route-link';
import { type PathKey, paths } from '../../../config/paths';
import styles from './project-header.module.css';

/** The six sections of a project, in the order of the tab bar (docs/product/new-build.md). */
export const PROJECT_TABS = [
  { key: 'houseHome', label: '楼盘主页' },
  { key: 'houseDetails', label: '楼盘详情' },
  { key: 'houses', label: '楼盘表' },
  { key: 'houseType', label: '户型' },
  { key: 'housePhoto', label: '楼盘相册' },
  { key: 'houseDynamic', label: '楼盘动态' },
] as const satisfies ReadonlyArray<{ key: PathKey; label: string }>;

export type ProjectTabKey = (typeof PROJECT_TABS)[number]['key'];

/**
 * The six-tab bar of the project pages. On a phone it is a strip that scrolls sideways, with
 * the current tab scrolled into view.
 */
export function ProjectTabs({ projectId, active }: { projectId: number; active: ProjectTabKey }) {
  const stripRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const strip = stripRef.current;
    const current = strip?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!strip || !current || strip.scrollWidth <= strip.clientWidth) return;
    const offset = current.getBoundingClientRect().left - strip.getBoundingClientRect().left;
    strip.scrollLeft += offset - (strip.clientWidth - current.offsetWidth) / 2;
  }, [active]);
  return (
    <nav className={styles.tabs} aria-label="楼盘栏目" ref={stripRef}>
      {PROJECT_TABS.map((tab) => (
        <RouteLink
          key={tab.key}
          routeKey={tab.key}
          href={paths[tab.key].getHref({ id: projectId })}
          className={tab.key === active ? `${styles.tab} ${styles.activeTab}` : styles.tab}
          isCurrent={tab.key === active}
        >
          {tab.label}
        </RouteLink>
      ))}
    </nav>
  );
}
