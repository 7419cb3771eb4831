import type { DistrictCode } from '@portal/shared/constants/districts';
import { PROJECT_STATUS, ROOM_SALE_STATUS } from '@portal/shared/status';
import { identityHashOf } from '../db/identity-cipher';
import { buyerRecords, type BuyerSellItem } from '../db/schema/index';
import { hashPassword } from '../modules/auth/password';
import { addDays, beijingDate, type SeedContext } from './context';
import { insertRows } from './database';
import { DEMO_BUYER_QUERY } from './demo-accounts';
import { randomIdCard } from './id-card';
import { personName } from './names';
import type { SeededOrders } from './orders';
import type { CityPlan, PlannedProject } from './project-plan';
import type { Rng } from './random';
import type { CityLayout, RoomRow } from './rooms';

/** Purchase passwords of generated buyers; each is hashed once. The first is the demo's. */
const PURCHASE_PASSWORDS = [
  DEMO_BUYER_QUERY.password,
  '135790',
  '112233',
  '808080',
  '520131',
  '666888',
];

function sellPlan(rng: Rng, total: number): BuyerSellItem[] {
  const mode = rng.weighted<string>([
    ['一次性付款', 3],
    ['商业贷款', 5],
    ['公积金贷款', 2],
  ]);
  if (mode === '一次性付款') return [{ sellType: mode, price: total }];
  const down = Math.round((total * rng.pick([0.2, 0.3, 0.35])) / 100) * 100;
  return [
    { sellType: '首付款', price: down },
    { sellType: mode, price: total - down },
  ];
}

/**
 * Writes the buyer registry behind the two buyer queries: one record per net-signed order (the
 * demo buyer's matches DEMO_BUYER_QUERY) and `300 × scale` records for other sold rooms, with
 * house, payment-plan and supervised-fund rows. Purchase passwords are stored hashed.
 */
export async function seedBuyerRecords(
  ctx: SeedContext,
  plan: CityPlan,
  layout: CityLayout,
  seededOrders: SeededOrders,
): Promise<void> {
  const rng = ctx.rng('buyers');
  const hashes = await Promise.all(PURCHASE_PASSWORDS.map((password) => hashPassword(password)));
  const projectById = new Map(plan.projects.map((p) => [p.id, p]));
  const rows: Array<typeof buyerRecords.$inferInsert> = [];
  const keys = new Set<string>();

  const addRecord = (
    room: RoomRow,
    buyer: { name: string; idCard: string },
    netSignNumber: string,
    signedAt: Date,
    options: { district?: DistrictCode; hashIndex?: number } = {},
  ) => {
    const project = projectById.get(room.projectId) as PlannedProject;
    const district = options.district ?? project.districtCode;
    const key = `${district}|${buyer.idCard}|${netSignNumber}`;
    if (keys.has(key)) return;
    keys.add(key);
    const building = layout.buildingById.get(room.buildingId);
    const supervision = layout.accountByProject.get(project.id) ?? {
      bank: '中国建设银行海港支行',
      account: '1305016510000000001',
    };
    const sellList = sellPlan(rng, room.totalPrice);
    rows.push({
      districtCode: district,
      idCard: buyer.idCard,
      idCardHash: identityHashOf(buyer.idCard),
      buyerName: buyer.name,
      netSignNumber,
      passwordHash: hashes[options.hashIndex ?? rng.int(1, hashes.length - 1)] as string,
      projectId: project.id,
      houseList: [
        {
          address: project.address,
          cell: `${building?.name ?? ''}${room.unitName}`,
          housenum: room.roomNumber,
          useTo: room.housePurpose,
          buildArea: room.buildArea,
        },
      ],
      sellList,
      accountList: sellList.map((item, index) => ({
        bank: supervision.bank,
        account: supervision.account,
        money: index === 0 || rng.chance(0.8) ? item.price : 0,
      })),
      signDate: beijingDate(signedAt),
      createdAt: signedAt,
    });
  };

  for (const { order } of seededOrders.rows) {
    if (!order.netSignNumber || !order.netSignedAt) continue;
    const room = layout.rooms[(order.roomId as number) - 1] as RoomRow;
    const demo = order.netSignNumber === DEMO_BUYER_QUERY.netsignnum;
    addRecord(
      room,
      { name: order.realName, idCard: order.idCard },
      order.netSignNumber,
      order.netSignedAt,
      demo ? { district: DEMO_BUYER_QUERY.areaCode, hashIndex: 0 } : {},
    );
  }

  const sold = layout.rooms.filter(
    (r) =>
      r.saleStatus === ROOM_SALE_STATUS.UNAVAILABLE &&
      projectById.get(r.projectId)?.publishStatus === PROJECT_STATUS.PUBLISHED,
  );
  let contract = 0;
  for (const room of rng.sample(sold, ctx.count(300, 10))) {
    const male = rng.chance(0.5);
    const signedAt = addDays(ctx.now, -rng.real(5, 700));
    contract += 1;
    const district = (projectById.get(room.projectId) as PlannedProject).districtCode;
    addRecord(
      room,
      { name: personName(rng, male), idCard: randomIdCard(rng, male) },
      `WQ${signedAt.getUTCFullYear()}${district}${String(500000 + contract).padStart(6, '0')}`,
      signedAt,
    );
  }
  await insertRows(ctx.db, buyerRecords, rows);
  ctx.log(`buyer records: ${rows.length}`);
}
