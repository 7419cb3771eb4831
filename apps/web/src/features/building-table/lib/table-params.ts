import { PROJECT_AREA_BANDS } from '@portal/shared/constants/project-filters';
import type { RoomPlace, TableBuilding } from '@portal/shared/schemas/building-table';
import dayjs from 'dayjs';
import { paths, withQuery } from '../../../config/paths';

/** Scroll offset (px) from which the building-table header stays fixed (docs/product/new-build.md). */
export const FIXED_HEADER_SCROLL_PX = 600;

/** The 面积 filter of the building table: 全部 plus the five project bands (docs/product/new-build.md). */
export const AREA_OPTIONS: ReadonlyArray<{ value: string; label: string }> = [
  { value: '', label: '全部' },
  ...PROJECT_AREA_BANDS.map((band) => ({ value: band.code, label: band.label })),
];

/** Query names of the building table's own state in the /houses URL (besides the project `id`). */
export const TABLE_PARAM = { building: 'building', unit: 'unit', area: 'area' } as const;

/** The building table (/houses) at a room's building and unit. */
export function roomTableHref(place: RoomPlace): string {
  return withQuery(paths.houses.path, {
    id: place.projectId,
    [TABLE_PARAM.building]: place.buildingId,
    [TABLE_PARAM.unit]: place.unit,
  });
}

export interface TableSelection {
  building: TableBuilding | undefined;
  /** The chosen unit name; the building's first unit unless the URL names one of its units. */
  unit: string;
  /** A PROJECT_AREA_BANDS code, or '' for 全部. */
  area: string;
}

/**
 * Resolves the building, unit and 面积 band from the URL against the project's buildings: an
 * unknown or missing building falls back to the first, an unknown unit to the building's first
 * unit (docs/product/new-build.md: the first unit is auto-selected), an unknown band to 全部.
 */
export function resolveSelection(
  params: URLSearchParams,
  buildings: readonly TableBuilding[],
): TableSelection {
  const buildingId = Number(params.get(TABLE_PARAM.building));
  const building = buildings.find((b) => b.id === buildingId) ?? buildings[0];
  const wantedUnit = params.get(TABLE_PARAM.unit) ?? '';
  const unit = building?.units.includes(wantedUnit) ? wantedUnit : (building?.units[0] ?? '');
  const wantedArea = params.get(TABLE_PARAM.area) ?? '';
  const area = AREA_OPTIONS.some((o) => o.value === wantedArea) ? wantedArea : '';
  return { building, unit, area };
}

/** A building's name as picked: phase first when the project has phases (一期 3号楼). */
export function buildingLabel(building: Pick<TableBuilding, 'tabletNum' | 'buildAreaName'>) {
  return building.buildAreaName
    ? `${building.buildAreaName} ${building.tabletNum}`
    : building.tabletNum;
}

/** The mortgage calculator filled with a room: `/tool?tab=1&unitPrice=<元/㎡>&area=<㎡>`. */
export function calculatorHref(room: { currentPrice: number; buildArea: number }): string {
  return withQuery(paths.tool.path, { tab: 1, unitPrice: room.currentPrice, area: room.buildArea });
}

/** The DOM id of a floor row, the target of the quick-floor picker. */
export function floorAnchorId(floor: number): string {
  return `bt-floor-${floor}`;
}

/** A room's deadline as shown in its cell, e.g. 05-12 14:30 (local time). */
export function formatRoomTime(iso: string): string {
  return dayjs(iso).format('MM-DD HH:mm');
}
