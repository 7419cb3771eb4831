// The synthetic building of the building-table render benchmark: 33 floors × 12 rooms in each of
// two units, all four colours, rooms in every 面积 band; answered as the real API would.
import { PROJECT_AREA_BANDS } from '@portal/shared/constants/project-filters';

export const FLOORS = 33;
export const ROOMS_PER_FLOOR = 12;
export const UNITS = ['1单元', '2单元'] as const;
export const BUILDING_ID = 990_001;

/** One area per room position (㎡): two or three rooms of each band on every floor. */
const AREAS = [52.3, 58.8, 66.5, 78.2, 86.9, 92.4, 99.7, 108.5, 116.3, 126.8, 139.4, 156.2];

const COLOURS = ['green', 'yellow', 'blue', 'gray'] as const;
/** Six green, one yellow, two blue and one gray in every ten rooms, shifted floor by floor. */
const colourOf = (floor: number, index: number) =>
  COLOURS[[0, 0, 0, 0, 0, 0, 1, 2, 2, 3][(floor + index) % 10] as number] as string;

const roomId = (unit: number, floor: number, index: number) =>
  (unit + 1) * 100_000 + floor * 100 + index;

function inBand(area: number, code: string): boolean {
  const band = PROJECT_AREA_BANDS.find((b) => b.code === code);
  if (!band) return true;
  return (band.min === null || area >= band.min) && (band.max === null || area < band.max);
}

/** `GET /api/building-table/projects/:id/buildings`. */
export function buildingsAnswer() {
  return [
    {
      id: BUILDING_ID,
      name: '1号楼',
      buildAreaName: '一期',
      floors: FLOORS,
      units: [...UNITS],
      presale: {
        licence: '秦房预售证第2026001号',
        modifiedTime: '2026-01-08',
        bank: '中国建设银行秦皇岛分行',
        account: '13050163610800001234',
      },
    },
  ];
}

/** `GET /api/building-table/buildings/:id/rooms?unit=&buildAreaScope=`. */
export function roomsAnswer(unitName: string, band: string, now = Date.now()) {
  const unit = Math.max(0, UNITS.indexOf(unitName as (typeof UNITS)[number]));
  const legend = { green: 0, yellow: 0, blue: 0, gray: 0 };
  const floors = [];
  for (let floor = FLOORS; floor >= 1; floor -= 1) {
    const houseList = [];
    for (let index = 0; index < ROOMS_PER_FLOOR; index += 1) {
      const area = AREAS[index] as number;
      if (!inBand(area, band)) continue;
      const color = colourOf(floor, index);
      legend[color as keyof typeof legend] += 1;
      houseList.push({
        id: roomId(unit, floor, index),
        roomNumber: `${floor}${String(index + 1).padStart(2, '0')}`,
        floor,
        housePurpose: '住宅',
        roomType: area < 90 ? '两室两厅' : '三室两厅',
        buildArea: area,
        currentPrice: 9800 + index * 50,
        totalPrice: Math.round(area * (9800 + index * 50)),
        color,
        payExpireTime: color === 'yellow' ? new Date(now + 20 * 60_000).toISOString() : null,
        lockExpireTime: color === 'blue' ? new Date(now + 5 * 86_400_000).toISOString() : null,
        delayStatus: color === 'blue' ? (floor % 2 === 0 ? 1 : 3) : null,
        allowSell: color === 'green',
        showCountDown: color === 'yellow' || color === 'blue',
      });
    }
    if (houseList.length > 0) floors.push({ floor, houseList });
  }
  return { buildingId: BUILDING_ID, unit: UNITS[unit], buildAreaScope: band, floors, legend };
}

/** What the grid shows for a unit and band: cell count, first and last room id. */
export function expectedGrid(unitName: string, band: string) {
  const rooms = roomsAnswer(unitName, band).floors.flatMap((f) => f.houseList);
  return { count: rooms.length, first: rooms[0]?.id ?? 0, last: rooms.at(-1)?.id ?? 0 };
}

/**
 * Browser-side probe (plain script: this package compiles without the DOM library): long tasks,
 * the arrival time of every rooms response, and `__btWatch(expected)`, which resolves when the
 * grid shows exactly the expected rooms ({ domAt }) and after the next frame ({ frameAt }).
 */
export function probeScript(first: ReturnType<typeof expectedGrid>): string {
  return `
    window.__bt = { longTasks: [], roomsAt: [] };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__bt.longTasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
    const realFetch = window.fetch.bind(window);
    window.fetch = async (...args) => {
      const response = await realFetch(...args);
      if (String(args[0]).includes('/api/building-table/buildings/')) {
        window.__bt.roomsAt.push(performance.now());
      }
      return response;
    };
    window.__btWatch = (e) => new Promise((resolve) => {
      const matches = () => {
        const grid = document.querySelector('[role="table"][aria-label="楼盘表房间"]');
        if (!grid) return false;
        const cells = grid.querySelectorAll('[role="cell"]');
        return cells.length === e.count && cells[0].dataset.room === String(e.first) &&
          cells[cells.length - 1].dataset.room === String(e.last);
      };
      const done = () => {
        const domAt = performance.now();
        requestAnimationFrame(() => setTimeout(() => resolve({ domAt, frameAt: performance.now() }), 0));
      };
      if (matches()) return done();
      const observer = new MutationObserver(() => {
        if (matches()) { observer.disconnect(); done(); }
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    window.__btFirst = window.__btWatch(${JSON.stringify(first)});
  `;
}
