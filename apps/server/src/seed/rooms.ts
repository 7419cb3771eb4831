import { roomTotalPrice } from '@portal/shared/constants/project-filters';
import { ROOM_SALE_STATUS, type RoomSaleStatus } from '@portal/shared/status';
import { buildings, licences, rooms, supervisionAccounts, units } from '../db/schema/index';
import { addDays, beijingDate, IdCounter, type SeedContext } from './context';
import { insertRows } from './database';
import { bankAccount, bankBranch, DISTRICT_SHORT } from './names';
import type { CityPlan, PlannedModel } from './project-plan';
import { buildingSpecs, floorFactor, roomOrientation, roomShape } from './room-shapes';

/** A room row kept in memory until orders have set the live colours (yellow, blue). */
export interface RoomRow {
  id: number;
  projectId: number;
  buildingId: number;
  unitId: number;
  unitName: string;
  floor: number;
  roomNumber: string;
  roomType: string;
  housePurpose: string;
  houseModelId: number | null;
  /** 朝向 (house_direction code), null for shops and offices. */
  orientation: string | null;
  /** ㎡ */
  buildArea: number;
  /** yuan/㎡ */
  currentPrice: number;
  /** yuan */
  totalPrice: number;
  saleStatus: RoomSaleStatus;
  lockExpireTime: Date | null;
  payExpireTime: Date | null;
  delayStatus: number | null;
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const round10 = (n: number) => Math.round(n / 10) * 10;

/** A building as planned: its name (N号楼, the one building label, unique in its project). */
export type BuildingRow = typeof buildings.$inferInsert & {
  id: number;
  name: string;
  projectId: number;
  floors: number;
};

export interface CityLayout {
  licences: Array<typeof licences.$inferInsert>;
  supervision: Array<typeof supervisionAccounts.$inferInsert>;
  buildings: BuildingRow[];
  units: Array<typeof units.$inferInsert>;
  rooms: RoomRow[];
  roomsByProject: Map<number, RoomRow[]>;
  buildingById: Map<number, BuildingRow>;
  /** Supervision bank and account per project (the first licence's), for buyer records. */
  accountByProject: Map<number, { bank: string; account: string }>;
}

/**
 * Plans buildings → units → floors → rooms for every project, with pre-sale licences (one per
 * group of buildings) and their fund-supervision accounts. Rooms start green or gray (sold, or not
 * for sale without a licence); orders later turn some green rooms yellow or blue.
 */
export function planBuildings(ctx: SeedContext, plan: CityPlan): CityLayout {
  const rng = ctx.rng('buildings');
  const ids = {
    building: new IdCounter(),
    unit: new IdCounter(),
    room: new IdCounter(),
    licence: new IdCounter(),
  };
  const layout: CityLayout = {
    licences: [],
    supervision: [],
    buildings: [],
    units: [],
    rooms: [],
    roomsByProject: new Map(),
    buildingById: new Map(),
    accountByProject: new Map(),
  };
  const urbanCodes = new Set(['HGQ', 'KFQ', 'BDH', 'SHG', 'BDHXQ']);
  let licenceSeq = 0;
  for (const project of plan.projects) {
    const specs = buildingSpecs(rng, project, urbanCodes.has(project.districtCode));
    const projectRooms: RoomRow[] = [];
    const groupSize = rng.int(1, 3);
    const developer = plan.companyNames[project.companyIndex] as string;
    let licenceId: number | null = null;
    specs.forEach((spec, index) => {
      if (index % groupSize === 0) {
        const issue = addDays(project.openDate, -20 + (index / groupSize) * rng.int(60, 120));
        licenceId = null;
        if (issue.getTime() < addDays(ctx.now, -3).getTime()) {
          licenceId = ids.licence.next();
          licenceSeq += 1;
          const names = specs
            .slice(index, index + groupSize)
            .map((_, k) => `${index + k + 1}号楼`)
            .join('、');
          const bank = bankBranch(rng, project.districtCode);
          const account = bankAccount(rng);
          const area = specs
            .slice(index, index + groupSize)
            .reduce((s, b) => s + b.floors * b.unitCount * b.perFloor * 100, 0);
          layout.licences.push({
            id: licenceId,
            projectId: project.id,
            buildingNames: names,
            licenceNo: `${DISTRICT_SHORT[project.districtCode]}房预售证第${beijingDate(issue).slice(0, 4)}${String(licenceSeq).padStart(4, '0')}号`,
            issueDate: beijingDate(issue),
            statusDate: beijingDate(addDays(issue, rng.int(1, 5))),
            scope: `${names}，预售面积约${area.toLocaleString('en-US')}㎡`,
            bank,
            account,
            districtCode: project.districtCode,
            address: project.address,
            createdAt: issue,
          });
          layout.supervision.push({
            projectId: project.id,
            scope: names,
            bank,
            account,
            company: developer,
            statusDate: beijingDate(addDays(issue, -rng.int(5, 20))),
            districtCode: project.districtCode,
            createdAt: issue,
          });
          if (!layout.accountByProject.has(project.id))
            layout.accountByProject.set(project.id, { bank, account });
        }
      }
      const building: BuildingRow = {
        id: ids.building.next(),
        projectId: project.id,
        name: `${index + 1}号楼`,
        floors: spec.floors,
        licenceId,
        sort: index + 1,
      };
      layout.buildings.push(building);
      layout.buildingById.set(building.id, building);
      const residential = [...project.models]
        .filter((m) => m.bedroom >= 2)
        .sort((a, b) => a.area - b.area);
      const sorted = residential.length > 0 ? residential : project.models;
      const small = rng.int(0, Math.max(0, sorted.length - 2));
      const pair: [PlannedModel, PlannedModel] = [
        sorted[small] as PlannedModel,
        sorted[rng.int(Math.min(small + 1, sorted.length - 1), sorted.length - 1)] as PlannedModel,
      ];
      for (let u = 1; u <= spec.unitCount; u += 1) {
        const unitId = ids.unit.next();
        const unitName = `${u}单元`;
        layout.units.push({ id: unitId, buildingId: building.id, name: unitName, sort: u });
        for (let floor = 1; floor <= spec.floors; floor += 1) {
          for (let position = 1; position <= spec.perFloor; position += 1) {
            const shape = roomShape(rng, spec, project.models, pair, position);
            const price = round10(
              project.platformPrice * floorFactor(floor, spec.floors) * shape.priceFactor,
            );
            const sold = rng.chance(
              project.soldRatio * (floor > 3 && floor < spec.floors - 2 ? 1.08 : 0.85),
            );
            const room: RoomRow = {
              id: ids.room.next(),
              projectId: project.id,
              buildingId: building.id,
              unitId,
              unitName,
              floor,
              roomNumber: `${floor}${pad2(position)}`,
              roomType: shape.roomType,
              housePurpose: spec.purpose,
              houseModelId: shape.modelId,
              orientation: roomOrientation(spec, position),
              buildArea: shape.area,
              currentPrice: price,
              totalPrice: roomTotalPrice(shape.area, price),
              saleStatus:
                licenceId === null || sold || rng.chance(0.01)
                  ? ROOM_SALE_STATUS.UNAVAILABLE
                  : ROOM_SALE_STATUS.AVAILABLE,
              lockExpireTime: null,
              payExpireTime: null,
              delayStatus: null,
            };
            projectRooms.push(room);
            layout.rooms.push(room);
          }
        }
      }
    });
    layout.roomsByProject.set(project.id, projectRooms);
  }
  return layout;
}

/** Writes licences, supervision accounts, buildings, units and rooms (after orders set colours). */
export async function insertLayout(ctx: SeedContext, layout: CityLayout): Promise<void> {
  await insertRows(ctx.db, licences, layout.licences);
  await insertRows(ctx.db, supervisionAccounts, layout.supervision);
  await insertRows(ctx.db, buildings, layout.buildings);
  await insertRows(ctx.db, units, layout.units);
  await insertRows(
    ctx.db,
    rooms,
    layout.rooms.map((room) => ({ ...room, updatedAt: ctx.now })),
  );
  ctx.log(
    `buildings: ${layout.buildings.length} buildings, ${layout.units.length} units, ${layout.rooms.length} rooms, ${layout.licences.length} licences`,
  );
}
