import type { HouseModel } from '@portal/shared/schemas/projects';
import { Spin } from 'antd';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import { useIsClient } from '../../../components/client-only';
import { EmptyState } from '../../../components/empty-state';
import { SectionPanel } from '../../../components/section-panel';
import { useRoomEvents, type LiveState } from '../../../lib/use-room-events';
import { buildingTableKeys, useBuildingRooms, useTableBuildings } from '../api/building-table';
import { useLotteryTurns } from '../api/lottery-turns';
import { drawnBatchIds } from '../lib/lottery-rooms';
import { floorAnchorId, resolveSelection, TABLE_PARAM } from '../lib/table-params';
import styles from './building-table.module.css';
import { PresaleRecord } from './presale-record';
import { RoomGrid } from './room-grid';
import { TableToolbar } from './table-toolbar';

interface BuildingTableProps {
  projectId: number;
  /** 订约金缴纳 on a green room: starts the deposit flow (the route takes it from the orders feature). */
  onDeposit: (roomId: number) => void;
  /** The room whose deposit flow is under way, if any: the floors show a spinner meanwhile. */
  pendingRoomId: number | null;
  /** The project's 户型, whose plan and rooms a room's sheet shows. */
  houseModels?: HouseModel[];
}

/**
 * The full building table of /houses (docs/product/new-build.md): building → unit (first auto-selected)
 * → floors with live room colours, 面积, 朝向 and 户型 filters, legend counts, quick-floor picker, the chosen
 * building's pre-sale record, and 订约金缴纳 on green rooms. The choice lives in the URL, so
 * coming back from the confirmation page shows the same unit.
 */
export function BuildingTable({
  projectId,
  onDeposit,
  pendingRoomId,
  houseModels = [],
}: BuildingTableProps) {
  const [params, setParams] = useSearchParams();
  const buildingsQuery = useTableBuildings(projectId);
  const buildings = buildingsQuery.data ?? [];
  const { building, unit, area, orientation, bedroom } = resolveSelection(params, buildings);
  const live = useRoomEvents(building?.id ?? 0, buildingTableKeys.buildingRooms(building?.id ?? 0));
  const roomsQuery = useBuildingRooms(
    building?.id ?? 0,
    unit,
    { buildAreaScope: area, orientation, bedroom },
    live === 'live',
  );
  const floors = roomsQuery.data?.floors ?? [];
  // A 摇号 room takes a deposit only in its buyer's 选房 turn: read the viewer's turns only
  // while rooms of a drawn batch are shown.
  const turnBatchIds = useLotteryTurns(drawnBatchIds(floors));

  const update = (patch: Record<string, string | null>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [name, value] of Object.entries(patch)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { replace: true },
    );

  /** Scrolls a floor row just below the header, which is fixed once the page is scrolled. */
  const scrollToFloor = (floor: number) => {
    const row = document.getElementById(floorAnchorId(floor));
    if (!row) return;
    const header = document.querySelector<HTMLElement>('[data-table-header]');
    const offset = (header?.offsetHeight ?? 0) + 12;
    window.scrollTo({ top: row.getBoundingClientRect().top + window.scrollY - offset });
  };

  let body;
  if (buildingsQuery.isPending) body = <Spin className={styles.status} />;
  else if (!building) body = <EmptyState description="该楼盘暂无楼盘表数据" />;
  else
    body = (
      <>
        <TableToolbar
          buildings={buildings}
          building={building}
          unit={unit}
          area={area}
          orientation={orientation}
          bedroom={bedroom}
          legend={roomsQuery.data?.legend}
          floors={floors.map((f) => f.floor)}
          onBuilding={(id) =>
            update({
              [TABLE_PARAM.building]: String(id),
              [TABLE_PARAM.unit]: null,
              [TABLE_PARAM.room]: null,
            })
          }
          onUnit={(name) => update({ [TABLE_PARAM.unit]: name, [TABLE_PARAM.room]: null })}
          onArea={(code) => update({ [TABLE_PARAM.area]: code })}
          onOrientation={(code) => update({ [TABLE_PARAM.orientation]: code })}
          onBedroom={(code) => update({ [TABLE_PARAM.bedroom]: code })}
          onFloor={scrollToFloor}
        />
        <PresaleRecord record={building.presale} />
        {roomsQuery.isPending ? (
          <Spin className={styles.status} />
        ) : floors.length === 0 ? (
          <EmptyState description="所选范围内暂无房源" />
        ) : (
          <Spin spinning={roomsQuery.isPlaceholderData || pendingRoomId !== null} delay={300}>
            <p className={styles.caption}>
              {building.tabletNum} · {unit}
            </p>
            <RoomGrid
              floors={floors}
              place={{ building: building.tabletNum, unit }}
              onDeposit={onDeposit}
              houseModels={houseModels}
              turnBatchIds={turnBatchIds}
            />
          </Spin>
        )}
      </>
    );

  return (
    <SectionPanel
      title="楼盘表"
      extra={<LiveNote state={live} updatedAt={roomsQuery.dataUpdatedAt} />}
    >
      {body}
    </SectionPanel>
  );
}

/**
 * `HH:mm:ss` of a moment, local time. Not `toLocaleTimeString`: a page's first use of the
 * browser's Intl formatting holds a phone's main thread for about 45 ms at a 4× slowed CPU, in the
 * very task that takes the building table over (docs/decisions/0084-no-long-task-in-the-take-over.md).
 */
function clockTime(at: number): string {
  return dayjs(at).format('HH:mm:ss');
}

/** 数据更新于 HH:mm:ss and whether the table hears the server's pushes. */
function LiveNote({ state, updatedAt }: { state: LiveState; updatedAt: number }) {
  // The clock is the reader's local time: not known to the server that drew the page.
  const isClient = useIsClient();
  const label = state === 'live' ? '实时' : state === 'reconnecting' ? '重新连接中' : '连接中';
  return (
    <span className={styles.note} data-live={state} role="status" aria-live="off">
      {updatedAt > 0 && isClient ? `数据更新于 ${clockTime(updatedAt)}` : '房态实时更新'}
      {' · '}
      {label}
      {state === 'live' ? '' : '（每30秒刷新）'}
      ，以现场公示为准
    </span>
  );
}
