import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgSequence,
  pgTable,
  smallint,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { areaM2, idColumn, timestampTz, updatedAt } from './columns';
import { licences } from './licences';
import { houseModels } from './project-content';
import { projects } from './projects';

/** Buildings (楼栋) of a project. */
export const buildings = pgTable(
  'buildings',
  {
    id: idColumn(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** The building's name as shown, e.g. 3号楼 (the API's `tabletNum`). */
    name: text('name').notNull(),
    /** Phase or block (buildAreaName), e.g. 一期; filters the unit list. */
    buildAreaName: text('build_area_name').notNull().default(''),
    /** Above-ground floors. */
    floors: smallint('floors').notNull(),
    licenceId: integer('licence_id').references(() => licences.id, { onDelete: 'set null' }),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [index('buildings_project_idx').on(t.projectId, t.sort)],
);

/** Units (单元) of a building. */
export const units = pgTable(
  'units',
  {
    id: idColumn(),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id, { onDelete: 'cascade' }),
    /** e.g. 1单元. */
    name: text('name').notNull(),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [unique('units_building_name_uq').on(t.buildingId, t.name)],
);

/**
 * Rooms (房间) of the building table. sale_status is the colour (docs/product/new-build.md):
 * green 在售, yellow 订约金缴纳中 (pay_expire_time), blue 订约金已支付 locked (lock_expire_time,
 * delay_status), gray 不可售 / sold. Prices: current_price yuan/㎡, total_price yuan.
 */
export const rooms = pgTable(
  'rooms',
  {
    id: idColumn(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id, { onDelete: 'cascade' }),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    /** Copy of units.name so the building table filters without a join. */
    unitName: text('unit_name').notNull(),
    floor: smallint('floor').notNull(),
    /** The room's door number shown in the table, e.g. 1202 (the API's `houseMapName`). */
    roomNumber: text('room_number').notNull(),
    /** Layout text (roomType), e.g. 三室两厅两卫. */
    roomType: text('room_type'),
    /** 住宅 / 商业 / 办公 / 公寓. */
    housePurpose: text('house_purpose').notNull(),
    /** 朝向: a house_direction dictionary code (1 东 … 9 南北, 10 东西), as listings hold it. */
    orientation: text('orientation'),
    houseModelId: integer('house_model_id').references(() => houseModels.id, {
      onDelete: 'set null',
    }),
    /** Build area, ㎡. */
    buildArea: areaM2('build_area').notNull(),
    /** Unit price, yuan/㎡. */
    currentPrice: integer('current_price').notNull(),
    /** Total price, yuan. */
    totalPrice: integer('total_price').notNull(),
    saleStatus: text('sale_status').notNull().default('green'),
    /** End of the paid lock (blue). */
    lockExpireTime: timestampTz('lock_expire_time'),
    /** End of the 30-minute payment window (yellow). */
    payExpireTime: timestampTz('pay_expire_time'),
    /** Order delay status while blue: 1–2 未延期, 3–4 已延期. */
    delayStatus: smallint('delay_status'),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('rooms_building_unit_floor_idx').on(t.buildingId, t.unitName, t.floor),
    index('rooms_project_status_idx').on(t.projectId, t.saleStatus),
    /** The 总价 filter of the new-house search: rooms for sale of a project by total price. */
    index('rooms_project_for_sale_total_idx')
      .on(t.projectId, t.totalPrice)
      .where(sql`${t.saleStatus} = 'green'`),
    index('rooms_pay_expire_idx')
      .on(t.payExpireTime)
      .where(sql`${t.saleStatus} = 'yellow'`),
    index('rooms_lock_expire_idx')
      .on(t.lockExpireTime)
      .where(sql`${t.saleStatus} = 'blue'`),
    check('rooms_sale_status_check', sql`${t.saleStatus} in ('green', 'blue', 'gray', 'yellow')`),
  ],
);

/**
 * The change feed of the building table: one row per change of a room's colour, deadlines or
 * prices, written by a database trigger in the transaction of the change (whatever code made
 * it), so every instance learns of it by reading past the last id it saw. Rows older than an
 * hour are pruned by the readers.
 */
export const roomEvents = pgTable(
  'room_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    buildingId: integer('building_id').notNull(),
    roomId: integer('room_id').notNull(),
    saleStatus: text('sale_status').notNull(),
    at: timestampTz('at').notNull().defaultNow(),
  },
  (t) => [index('room_events_at_idx').on(t.at)],
);

/**
 * The version of each building's table answer: rooms, their live orders, the building's licence,
 * its units and its project's publication. Database triggers give it a fresh value from
 * `building_version_seq` when any of them changes, in the same transaction and at its commit
 * (docs/decisions/0036-building-table-snapshot.md), so the server may reuse the rooms it read
 * for as long as the version it read before them is unchanged. No foreign key: a deleted
 * building's row is harmless and its rooms' deletion still bumps it.
 */
export const buildingVersions = pgTable('building_versions', {
  buildingId: integer('building_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/** One sequence for every building's version, so a version value is never seen twice. */
export const buildingVersionSeq = pgSequence('building_version_seq');
