import { DISTRICT_NAME, type DistrictCode } from '@portal/shared/constants/districts';
import { formatLayout } from '@portal/shared/format';
import { PROJECT_STATUS } from '@portal/shared/status';
import { addDays } from './context';
import { samplePointInDistrict } from './geo';
import { developerName, projectName, roadName, uniqueName } from './names';
import type { Rng } from './random';

/** Projects per district in the full city (scale 1): 84, most in the urban districts. */
export const PROJECTS_PER_DISTRICT: Record<DistrictCode, number> = {
  HGQ: 22,
  KFQ: 14,
  BDH: 12,
  SHG: 10,
  BDHXQ: 7,
  FN: 6,
  CL: 6,
  LL: 4,
  QL: 3,
};

/** Platform price range per district, yuan/㎡. */
const PRICE_RANGE: Record<DistrictCode, [number, number]> = {
  HGQ: [9000, 14500],
  KFQ: [9500, 13500],
  BDH: [12000, 21000],
  SHG: [7500, 10500],
  BDHXQ: [8500, 13000],
  FN: [5800, 7800],
  CL: [5200, 7200],
  LL: [4500, 6000],
  QL: [4200, 5600],
};

const URBAN: DistrictCode[] = ['HGQ', 'KFQ', 'BDH', 'SHG', 'BDHXQ'];

/** Bedroom-count → area range in ㎡ of a unit model. */
const MODEL_AREA: Record<number, [number, number]> = {
  1: [45, 58],
  2: [78, 95],
  3: [98, 135],
  4: [138, 165],
  5: [170, 210],
};

export type BuildKind = 'tower' | 'mixed' | 'low';

/** 装修标准 of a project's flats. */
export type Decoration = '毛坯' | '精装' | '简装';

export interface PlannedModel {
  /** Row id, numbered across the city in project order. */
  id: number;
  bedroom: number;
  hall: number;
  toilet: number;
  /** ㎡ */
  area: number;
  /** e.g. A户型 */
  name: string;
  /** e.g. 三室两厅两卫 */
  layout: string;
}

export interface PlannedProject {
  /** 1-based position, used as the row id. */
  id: number;
  publishName: string;
  projectName: string;
  districtCode: DistrictCode;
  road: string;
  address: string;
  lng: number;
  lat: number;
  /** yuan/㎡ */
  platformPrice: number;
  currentPrice: number;
  publishPrice: number;
  /** 订约金 per order, yuan (docs/product/orders.md: 5,000–20,000). */
  depositAmount: number;
  publishStatus: 1 | 2 | 3 | 4;
  properties: number[];
  buildKind: BuildKind;
  openDate: Date;
  completionDate: Date;
  /** Share of rooms already sold (gray). */
  soldRatio: number;
  statusText: '在售' | '待售' | '售罄';
  /** 以旧换新 project: the flag, the tag and its news all follow this one value. */
  tradein: boolean;
  decoration: Decoration;
  companyIndex: number;
  models: PlannedModel[];
}

export interface CityPlan {
  projects: PlannedProject[];
  companyNames: string[];
}

const round = (value: number, step: number) => Math.round(value / step) * step;

function planModels(
  rng: Rng,
  kind: BuildKind,
  urban: boolean,
  compact: boolean,
  apartmentsOnly: boolean,
): PlannedModel[] {
  // An apartment project (公寓 only) sells one-bedroom flats, so its models are one-bedroom too.
  const bedrooms = apartmentsOnly
    ? [1, 1, 1, 1]
    : kind === 'low'
      ? [3, 3, 4, 5]
      : urban
        ? [2, 3, 3, 4]
        : [2, 2, 3, 3];
  const chosen = rng.sample(bedrooms, rng.int(3, 4)).sort((a, b) => a - b);
  if (rng.chance(0.15) && kind !== 'low') chosen.unshift(1);
  return chosen.map((bedroom, index) => {
    const hall = bedroom >= 2 && !(compact && bedroom === 3) ? 2 : 1;
    const toilet = bedroom >= 3 && !(compact && bedroom === 3) ? 2 : 1;
    const [min, max] = MODEL_AREA[bedroom] as [number, number];
    const area = compact && bedroom === 3 ? rng.real(86, 89) : rng.real(min, max);
    return {
      id: 0,
      bedroom,
      hall,
      toilet,
      area: Math.round(area * 100) / 100,
      name: `${String.fromCharCode(65 + index)}户型`,
      layout: formatLayout(bedroom, hall, toilet),
    };
  });
}

/**
 * Plans the city's new-build projects: `PROJECTS_PER_DISTRICT × scale` per district (at least one
 * each), with names, addresses, coordinates inside the district, prices and unit models. Pure and
 * deterministic for a given generator, scale and `now`; ids follow the opening date.
 */
export function planProjects(rng: Rng, scale: number, now: Date): CityPlan {
  const used = new Set<string>();
  const drafts: Array<
    Omit<PlannedProject, 'id' | 'companyIndex' | 'publishStatus' | 'tradein' | 'decoration'>
  > = [];
  for (const [code, base] of Object.entries(PROJECTS_PER_DISTRICT) as Array<
    [DistrictCode, number]
  >) {
    const count = Math.max(1, Math.round(base * scale));
    const urban = URBAN.includes(code);
    for (let i = 0; i < count; i += 1) {
      const publishName = uniqueName(rng, used, () => projectName(rng));
      const [lng, lat] = samplePointInDistrict(rng, code);
      const road = roadName(rng, code);
      const compact = code === 'HGQ' && i < 2;
      const [low, high] = compact ? [7300, 7900] : PRICE_RANGE[code];
      const platformPrice = round(rng.real(low, high), 10);
      const currentPrice = round(platformPrice * rng.real(1.04, 1.12), 100);
      const buildKind = rng.weighted<BuildKind>(
        code === 'BDH'
          ? [
              ['tower', 2],
              ['mixed', 4],
              ['low', 4],
            ]
          : urban
            ? [
                ['tower', 5],
                ['mixed', 3.5],
                ['low', 1.5],
              ]
            : [
                ['tower', 2],
                ['mixed', 5],
                ['low', 3],
              ],
      );
      // The two affordable HGQ projects are always on sale with plenty of rooms left: the demo
      // buyer's orders live there.
      const ageDays = compact ? rng.int(60, 300) : rng.int(20, 900);
      const upcoming = !compact && rng.chance(0.05);
      const openDate = addDays(now, upcoming ? rng.int(10, 60) : -ageDays);
      const soldRatio = upcoming
        ? 0
        : Math.min(0.95, Math.max(0.05, 0.12 + (ageDays / 900) * 0.7 + rng.normal() * 0.08));
      const properties = compact
        ? [5]
        : rng.weighted<number[]>([
            [[5], 55],
            [[5, 2], 20],
            [[1], 8],
            [[5, 1], 7],
            [[6], 5],
            [[5, 2, 3], 5],
          ]);
      drafts.push({
        publishName,
        projectName: rng.chance(0.5)
          ? `${publishName}${properties.includes(2) ? '商住小区' : rng.pick(['住宅小区', '住宅项目'])}`
          : `${DISTRICT_NAME[code]}${road}${rng.pick(['东', '南', '西', '北'])}侧${properties.includes(2) ? '商住' : '住宅'}项目`,
        districtCode: code,
        road,
        address: `${DISTRICT_NAME[code]}${road}${rng.int(1, 420)}号`,
        lng,
        lat,
        platformPrice,
        currentPrice,
        publishPrice: round(currentPrice * 1.03, 10),
        depositAmount: rng.pick([5000, 8000, 10000, 10000, 15000, 20000]),
        properties,
        buildKind,
        openDate,
        completionDate: addDays(openDate, rng.int(540, 1100)),
        soldRatio,
        statusText: upcoming ? '待售' : soldRatio > 0.9 ? '售罄' : '在售',
        models: planModels(
          rng,
          buildKind,
          urban,
          compact,
          properties.length === 1 && properties[0] === 1,
        ),
      });
    }
  }
  drafts.sort(
    (a, b) =>
      a.openDate.getTime() - b.openDate.getTime() || (a.publishName < b.publishName ? -1 : 1),
  );
  const companyCount = Math.max(3, Math.ceil(drafts.length * 0.55));
  const companyUsed = new Set<string>();
  const companyNames = Array.from({ length: companyCount }, () =>
    uniqueName(rng, companyUsed, () => developerName(rng)),
  );
  // Offers come from their own generator, so the rest of the plan does not depend on them.
  const offers = rng.fork('offers');
  const projects = drafts.map((draft, index): PlannedProject => ({
    ...draft,
    id: index + 1,
    companyIndex: index < companyCount ? index : rng.int(0, companyCount - 1),
    publishStatus: 3,
    tradein: offers.chance(0.3),
    decoration: offers.weighted<Decoration>([
      ['毛坯', 5],
      ['精装', 3.5],
      ['简装', 1.5],
    ]),
  }));
  // A large city also shows the operator workflow: one project awaiting review, one withdrawn,
  // never the last published project of its district.
  if (projects.length >= 40) {
    for (const [index, status] of [
      [10, 2],
      [20, 4],
    ] as const) {
      const project = projects[index] as PlannedProject;
      const others = projects.filter(
        (p) =>
          p !== project &&
          p.districtCode === project.districtCode &&
          p.publishStatus === PROJECT_STATUS.PUBLISHED,
      );
      if (others.length > 0) project.publishStatus = status;
    }
  }
  let modelId = 0;
  for (const project of projects) for (const model of project.models) model.id = ++modelId;
  return { projects, companyNames };
}
