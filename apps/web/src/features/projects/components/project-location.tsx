import type { ProjectDetail } from '@portal/shared/schemas/projects';
import { Suspense } from 'react';
import { NearViewport } from '../../../components/near-viewport';
import { SectionPanel } from '../../../components/section-panel';
import { lazyNamed } from '../../../lib/deferred';
import styles from './project-sections.module.css';

// The map (Leaflet, about 45 KB gzip) loads when the reader scrolls near it.
const CityMap = lazyNamed(() => import('../../../components/city-map'), 'CityMap');

const MAP_HEIGHT = 320;

/** The project's location on the city map (zoom 15, docs/product/new-build.md). */
export function ProjectLocation({ project }: { project: ProjectDetail }) {
  const placeholder = <div className={styles.mapPlaceholder} style={{ height: MAP_HEIGHT }} />;
  return (
    <SectionPanel title="楼盘位置">
      <p>地址：{project.projectAddress}</p>
      <NearViewport placeholder={placeholder}>
        <Suspense fallback={placeholder}>
          <CityMap
            center={[project.lng, project.lat]}
            zoom={15}
            height={MAP_HEIGHT}
            markers={[
              { id: project.id, position: [project.lng, project.lat], label: project.publishName },
            ]}
          />
        </Suspense>
      </NearViewport>
    </SectionPanel>
  );
}
