import { ROOM_SHEET_LOAN } from '@portal/shared/constants/loan-rates';
import { ORIENTATIONS } from '@portal/shared/constants/places';
import { BEDROOM_CHOICES, PROJECT_AREA_BANDS } from '@portal/shared/constants/project-filters';
import { calculateLoan } from '@portal/shared/domain/loan-calculator';
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

/** The 朝向 filter of the building table: 全部 plus the house_direction codes (docs/product/new-build.md). */
export const ORIENTATION_OPTIONS: ReadonlyArray<{ value: string; label: string }> = [
  { value: '', label: '全部' },
  ...ORIENTATIONS.map((o) => ({ value: o.code, label: o.name })),
];

/** The 户型 filter of the building table: 全部 plus the bedroom counts of the rooms' house models. */
export const BEDROOM_OPTIONS: ReadonlyArray<{ value: string; label: string }> = [
  { value: '', label: '全部' },
  ...BEDROOM_CHOICES.map((c) => ({ value: c.code, label: c.label })),
];

/** Query names of the building table's own state in the /houses URL (besides the project `id`). */
export const TABLE_PARAM = {
  building: 'building',
  unit: 'unit',
  area: 'area',
  orientation: 'orientation',
  bedroom: 'bedroom',
  /** The room whose sheet is open: a sign-in that leaves the page comes back to it. */
  room: 'room',
} as const;

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
  /** An ORIENTATIONS code, or '' for 全部. */
  orientation: string;
  /** A BEDROOM_CHOICES code, or '' for 全部. */
  bedroom: string;
}

/** The URL's value of a picker when it is one of its options, else '' (全部). */
function known(params: URLSearchParams, name: string, options: ReadonlyArray<{ value: string }>) {
  const wanted = params.get(name) ?? '';
  return options.some((o) => o.value === wanted) ? wanted : '';
}

/**
 * Resolves the building, unit, 面积 band, 朝向 and 户型 from the URL against the project's
 * buildings: an unknown or missing building falls back to the first, an unknown unit to the
 * building's first unit (docs/product/new-build.md: the first unit is auto-selected), an unknown
 * band, 朝向 or 户型 to 全部.
 */
export function resolveSelection(
  params: URLSearchParams,
  buildings: readonly TableBuilding[],
): TableSelection {
  const buildingId = Number(params.get(TABLE_PARAM.building));
  const building = buildings.find((b) => b.id === buildingId) ?? buildings[0];
  const wantedUnit = params.get(TABLE_PARAM.unit) ?? '';
  const unit = building?.units.includes(wantedUnit) ? wantedUnit : (building?.units[0] ?? '');
  const area = known(params, TABLE_PARAM.area, AREA_OPTIONS);
  const orientation = known(params, TABLE_PARAM.orientation, ORIENTATION_OPTIONS);
  const bedroom = known(params, TABLE_PARAM.bedroom, BEDROOM_OPTIONS);
  return { building, unit, area, orientation, bedroom };
}

/** A building's name as picked: phase first when the project has phases (一期 3号楼). */
export function buildingLabel(building: Pick<TableBuilding, 'tabletNum' | 'buildAreaName'>) {
  return building.buildAreaName
    ? `${building.buildAreaName} ${building.tabletNum}`
    : building.tabletNum;
}

/**
 * The mortgage calculator filled with a room and the sheet's default loan (docs/product/loan-rates.md):
 * `/tool?tab=1&unitPrice=<元/㎡>&area=<㎡>&downPaymentPct=30&mortgageYears=30&LPR=<5-year LPR>`.
 */
export function calculatorHref(room: { currentPrice: number; buildArea: number }): string {
  return withQuery(paths.tool.path, {
    tab: 1,
    unitPrice: room.currentPrice,
    area: room.buildArea,
    downPaymentPct: ROOM_SHEET_LOAN.downPaymentPct,
    mortgageYears: ROOM_SHEET_LOAN.years,
    LPR: ROOM_SHEET_LOAN.ratePct,
  });
}

/**
 * The monthly payment in 分 of a room's default loan (30 % down, 30 years, the five-year LPR in
 * force, 等额本息), worked out by the loan tab's own calculator so the figure on the sheet is the
 * one /tool shows when opened from it; null when the room has no price.
 */
export function roomMonthlyPaymentFen(room: {
  currentPrice: number;
  buildArea: number;
}): number | null {
  const outcome = calculateLoan({
    paymentType: 'loan',
    mode: 'price',
    unitPrice: room.currentPrice,
    area: room.buildArea,
    downPaymentPct: ROOM_SHEET_LOAN.downPaymentPct,
    otherSubsidyFen: 0,
    loanType: 'commercial',
    repaymentMethod: 'equalInstalment',
    commercialFen: 0,
    providentFen: 0,
    commercial: { years: ROOM_SHEET_LOAN.years, annualPct: ROOM_SHEET_LOAN.ratePct },
    provident: { years: ROOM_SHEET_LOAN.years, annualPct: ROOM_SHEET_LOAN.ratePct },
  });
  if (!outcome.ok || !outcome.value.schedule) return null;
  return outcome.value.schedule.firstPaymentFen;
}

/** The DOM id of a floor row, the target of the quick-floor picker. */
export function floorAnchorId(floor: number): string {
  return `bt-floor-${floor}`;
}

/** A room's deadline as shown in its cell, e.g. 05-12 14:30 (local time). */
export function formatRoomTime(iso: string): string {
  return dayjs(iso).format('MM-DD HH:mm');
}
