import { ROOM_SALE_STATUS_LABEL, ROOM_SALE_STATUSES } from '@portal/shared/status';
import { Spin } from 'antd';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { RouteLink } from '../../../components/route-link';
import { SectionPanel } from '../../../components/section-panel';
import { paths } from '../../../config/paths';
import { useRoomEvents } from '../../../lib/use-room-events';
import { type ExcerptFilters, useBuildingExcerpt } from '../api/get-project';
import styles from './building-excerpt.module.css';
import { ExcerptFiltersBar } from './excerpt-filters';
import { ExcerptGrid } from './excerpt-grid';

/**
 * The 6-floor excerpt of the building table on /houseHome with live colours, and its 楼栋 /
 * 单元 / 面积 filters (first building and unit by default); each change reloads the excerpt, and
 * so does every room change of the shown building the server pushes, as on /houses.
 */
export function BuildingExcerptPanel({ projectId }: { projectId: number }) {
  const [filters, setFilters] = useState<ExcerptFilters>({ buildAreaScope: '' });
  const { data, isPending, isFetching } = useBuildingExcerpt(projectId, filters);
  useRoomEvents(data?.buildingId ?? 0, ['projects', 'building-excerpt', projectId]);
  return (
    <SectionPanel
      title="楼盘表"
      extra={
        <RouteLink routeKey="houses" href={paths.houses.getHref({ id: projectId })}>
          查看完整楼盘表
        </RouteLink>
      }
    >
      {data && (
        <ExcerptFiltersBar
          buildings={data.buildings.map((b) => ({ id: b.id, label: b.tabletNum }))}
          units={data.units.map((u) => ({ id: u.id, label: u.name }))}
          buildingId={filters.buildingId ?? data.buildingId}
          unitId={filters.unitId ?? data.unitId}
          buildAreaScope={filters.buildAreaScope}
          onChange={setFilters}
        />
      )}
      <ul className={styles.legend} aria-label="房态图例">
        {ROOM_SALE_STATUSES.map((color) => (
          <li key={color}>
            <i className={styles[color]} />
            {ROOM_SALE_STATUS_LABEL[color]}
          </li>
        ))}
      </ul>
      {isPending ? (
        <Spin />
      ) : !data || data.floors.length === 0 ? (
        <EmptyState />
      ) : (
        <Spin spinning={isFetching} delay={200}>
          <ExcerptGrid excerpt={data} />
        </Spin>
      )}
    </SectionPanel>
  );
}
