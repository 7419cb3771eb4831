import { DISTRICT_NAME, type DistrictCode } from '@portal/shared/constants/districts';
import type { PoiCategory } from '@portal/shared/constants/places';
import { communities, pois } from '../db/schema/index';
import type { SeedContext } from './context';
import { insertRows } from './database';
import { samplePointInDistrict } from './geo';
import type { SeededListings } from './listings';
import { bankBranch, DISTRICT_SHORT, propertyCompanyName, roadName } from './names';
import type { CityPlan } from './project-plan';
import type { Rng } from './random';

type PoiRow = typeof pois.$inferInsert;
type LngLat = [number, number];

const METRES_PER_DEGREE = 111_320;

/** A point `metres` away from `from` in a random direction (GCJ-02 degrees, six decimals). */
function near(rng: Rng, [lng, lat]: LngLat, minM: number, maxM: number): LngLat {
  const distance = rng.real(minM, maxM);
  const angle = rng.real(0, 2 * Math.PI);
  const dLat = (distance * Math.cos(angle)) / METRES_PER_DEGREE;
  const dLng = (distance * Math.sin(angle)) / (METRES_PER_DEGREE * Math.cos((lat * Math.PI) / 180));
  const round6 = (v: number) => Math.round(v * 1e6) / 1e6;
  return [round6(lng + dLng), round6(lat + dLat)];
}

const NUMERALS = '一二三四五六七八九十';
const SHOPS = [
  '家乐福',
  '物美超市',
  '华联超市',
  '茂业百货',
  '金三角购物中心',
  '兴龙广场',
  '社区生鲜超市',
];
const PARKS = ['人民公园', '滨河公园', '植物园', '体育公园', '口袋公园', '湿地公园'];

/** One point of a kind beside `at`, named the way the city names them. */
function poiOf(rng: Rng, category: PoiCategory, district: DistrictCode, at: LngLat): PoiRow {
  const short = DISTRICT_SHORT[district];
  const road = roadName(rng, district);
  const n = NUMERALS[rng.int(0, NUMERALS.length - 1)];
  const names: Record<PoiCategory, () => string> = {
    school: () => (rng.chance(0.6) ? `${road.replace(/[路街道]$/, '')}小学` : `${short}第${n}中学`),
    kindergarten: () => `${road.replace(/[路街道]$/, '')}幼儿园`,
    metro: () => `${road}站`,
    bus: () => `${road}公交站`,
    hospital: () =>
      rng.chance(0.5) ? `${short}人民医院` : `${road.replace(/[路街道]$/, '')}社区卫生服务中心`,
    shop: () => `${rng.pick(SHOPS)}（${road.replace(/[路街道]$/, '')}店）`,
    park: () => `${short}${rng.pick(PARKS)}`,
    bank: () => bankBranch(rng, district),
  };
  return {
    category,
    name: names[category](),
    districtCode: district,
    address: `${DISTRICT_NAME[district]}${road}`,
    schoolZone: category === 'school' ? `${short}${road.replace(/[路街道]$/, '')}学区` : null,
    lng: at[0],
    lat: at[1],
    source: 'seed',
  };
}

/** What lies around a home: a school and a kindergarten, bus stops, a shop, sometimes more. */
const AROUND_HOME: Array<[PoiCategory, number, number, number]> = [
  // category, how many, nearest and farthest metres
  ['school', 1, 250, 1100],
  ['kindergarten', 1, 150, 700],
  ['bus', 2, 80, 600],
  ['shop', 1, 200, 900],
  ['bank', 1, 300, 1300],
];

/** Spread over each district: hospitals, parks, more schools and shops. */
const PER_DISTRICT: Array<[PoiCategory, number]> = [
  ['hospital', 3],
  ['park', 3],
  ['school', 4],
  ['shop', 3],
  ['bank', 3],
];

/**
 * Seeds 周边配套 (points of interest around every project and every second-hand community, plus
 * a spread over each district; 秦皇岛 has no metro, so none) and the communities (小区) of the
 * listings, placed at their first listing with believable years, property company and fee.
 */
export async function seedPlaces(
  ctx: SeedContext,
  plan: CityPlan,
  listings: SeededListings,
): Promise<void> {
  const rng = ctx.rng('places');
  const rows = new Map<string, PoiRow>();
  const add = (row: PoiRow) => rows.set(`${row.category}|${row.name}|${row.lng}|${row.lat}`, row);
  const around = (district: DistrictCode, home: LngLat) => {
    for (const [category, count, minM, maxM] of AROUND_HOME)
      for (let i = 0; i < count; i += 1)
        if (category !== 'bank' || rng.chance(0.6))
          add(poiOf(rng, category, district, near(rng, home, minM, maxM)));
  };
  for (const project of plan.projects)
    around(project.districtCode as DistrictCode, [project.lng, project.lat]);

  const communityRows = new Map<string, typeof communities.$inferInsert>();
  for (const listing of listings.listings) {
    const key = `${listing.districtCode}|${listing.communityName}`;
    if (communityRows.has(key) || listing.lng == null || listing.lat == null) continue;
    const district = listing.districtCode as DistrictCode;
    const builtFrom = listing.age ?? rng.int(1995, 2020);
    const households = rng.int(4, 40) * 24;
    communityRows.set(key, {
      districtCode: district,
      name: listing.communityName,
      address: listing.address,
      lng: listing.lng,
      lat: listing.lat,
      buildYearFrom: builtFrom,
      buildYearTo: Math.min(builtFrom + rng.int(0, 3), 2024),
      buildingCount: Math.max(2, Math.round(households / rng.int(40, 90))),
      householdCount: households,
      propertyCompany: propertyCompanyName(rng),
      propertyFee: Math.round(rng.real(0.6, 2.4) * 10) / 10,
      updatedAt: ctx.now,
    });
    around(district, [listing.lng, listing.lat]);
  }
  for (const [code] of Object.entries(DISTRICT_SHORT) as Array<[DistrictCode, string]>)
    for (const [category, count] of PER_DISTRICT)
      for (let i = 0; i < count; i += 1)
        add(poiOf(rng, category, code, samplePointInDistrict(rng, code)));

  await insertRows(ctx.db, pois, [...rows.values()]);
  await insertRows(ctx.db, communities, [...communityRows.values()]);
  ctx.log(`places: ${rows.size} points of interest, ${communityRows.size} communities`);
}
