import {
  DISTRICT_CODES,
  DISTRICT_NAME,
  type DistrictCode,
} from '@portal/shared/constants/districts';
import { formatBedrooms } from '@portal/shared/format';
import { dealStats, questionnaires } from '../db/schema/index';
import { addDays, beijingDate, type SeedContext } from './context';
import { insertRows } from './database';
import { personName, roadName } from './names';

/** Monthly new-build deals of an average month, and the average price (yuan/㎡), per district. */
export const DEAL_BASE: Record<DistrictCode, [number, number]> = {
  HGQ: [420, 11200],
  KFQ: [260, 10800],
  BDH: [150, 15200],
  SHG: [120, 8800],
  BDHXQ: [80, 10200],
  FN: [70, 6600],
  CL: [65, 6100],
  LL: [35, 5200],
  QL: [25, 4800],
};

/** Seasonal factor by month (1–12): quiet in February, busy in spring and autumn. */
const SEASON = [0.8, 0.6, 1.0, 1.1, 1.05, 1.0, 0.9, 0.95, 1.15, 1.2, 1.05, 1.1];

const MODELS = [1, 2, 3].map(formatBedrooms).concat(`${formatBedrooms(4)}及以上`);
const BUY_PRICES = [
  '6000元/㎡以下',
  '6000-8000元/㎡',
  '8000-10000元/㎡',
  '10000-12000元/㎡',
  '12000元/㎡以上',
];
const RENT_PRICES = ['1000元/月以下', '1000-2000元/月', '2000-4000元/月', '4000元/月以上'];
const AREAS = ['60㎡以下', '60-90㎡', '90-120㎡', '120-144㎡', '144㎡以上'];

/**
 * Writes `150 × scale` housing-demand questionnaires and 24 months of deal statistics per district
 * for new builds, second-hand sales and rentals (the months before `now`).
 */
export async function seedAnalytics(ctx: SeedContext): Promise<void> {
  const rng = ctx.rng('analytics');
  const weights = DISTRICT_CODES.map(
    (code) => [code, DEAL_BASE[code][0]] as [DistrictCode, number],
  );
  const surveyRows: Array<typeof questionnaires.$inferInsert> = [];
  for (let i = 0; i < ctx.count(150, 20); i += 1) {
    const buy = rng.chance(0.7);
    const district = rng.weighted(weights);
    const work = rng.weighted(weights);
    surveyRows.push({
      name: personName(rng, rng.chance(0.5)),
      jobAddr: `${DISTRICT_NAME[work]}${roadName(rng, work)}`,
      intentAddr: DISTRICT_NAME[district],
      intentType: buy ? '购买' : '租赁',
      intentHouseModel: rng.weighted<string>(MODELS.map((m, k) => [m, [2, 5, 4, 1][k] as number])),
      intentPrice: buy
        ? rng.weighted<string>(BUY_PRICES.map((p, k) => [p, [1, 3, 4, 2, 1][k] as number]))
        : rng.weighted<string>(RENT_PRICES.map((p, k) => [p, [3, 5, 2, 1][k] as number])),
      intentArea: rng.weighted<string>(AREAS.map((a, k) => [a, [1, 4, 4, 2, 1][k] as number])),
      districtCode: district,
      createdAt: addDays(ctx.now, -rng.real(1, 540)),
    });
  }
  await insertRows(ctx.db, questionnaires, surveyRows);

  const [year, month] = beijingDate(ctx.now).split('-').map(Number) as [number, number];
  const statRows: Array<typeof dealStats.$inferInsert> = [];
  for (let back = 24; back >= 1; back -= 1) {
    const index = year * 12 + (month - 1) - back;
    const y = Math.floor(index / 12);
    const m = (index % 12) + 1;
    const statMonth = `${y}-${String(m).padStart(2, '0')}-01`;
    const trend = 1 + (24 - back) * 0.004;
    for (const code of DISTRICT_CODES) {
      const [base, price] = DEAL_BASE[code];
      const newCount = Math.round(base * (SEASON[m - 1] as number) * trend * rng.real(0.85, 1.15));
      const newArea = Math.round(newCount * rng.real(95, 115) * 100) / 100;
      const newPrice = Math.round(price * trend * rng.real(0.97, 1.03));
      const resaleCount = Math.round(newCount * rng.real(0.6, 0.9));
      const resaleArea = Math.round(resaleCount * rng.real(78, 95) * 100) / 100;
      const resalePrice = Math.round(price * 0.82 * rng.real(0.96, 1.04));
      const rentCount = Math.round(newCount * rng.real(1.0, 1.4));
      const rent = Math.round((price / 420) * rng.real(0.9, 1.1) * 100) / 100;
      statRows.push(
        {
          statMonth,
          districtCode: code,
          kind: 'new',
          dealCount: newCount,
          dealArea: newArea,
          dealTotalPrice: Math.round(newArea * newPrice),
          dealCurrentPrice: newPrice,
        },
        {
          statMonth,
          districtCode: code,
          kind: 'second_hand',
          dealCount: resaleCount,
          dealArea: resaleArea,
          dealTotalPrice: Math.round(resaleArea * resalePrice),
          dealCurrentPrice: resalePrice,
        },
        {
          statMonth,
          districtCode: code,
          kind: 'rent',
          dealCount: rentCount,
          dealArea: Math.round(rentCount * 72 * 100) / 100,
          dealTotalPrice: Math.round(rentCount * rent * 72),
          dealCurrentPrice: Math.round(rent * 72),
        },
      );
    }
  }
  await insertRows(ctx.db, dealStats, statRows);
  ctx.log(
    `analytics: ${surveyRows.length} questionnaires, ${statRows.length} monthly deal statistics`,
  );
}
