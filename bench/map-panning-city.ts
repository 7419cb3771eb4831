// The generated city of the map panning benchmark and the answers of its intercepted /api/map/*
// calls, following the server's rules (apps/server/src/modules/map, docs/decisions/0015).
import {
  DISTRICT_CENTRES,
  DISTRICT_OUTLINES,
  type LngLat,
} from '@portal/shared/constants/district-outlines';
import { DISTRICT_NAME, DISTRICTS, type DistrictCode } from '@portal/shared/constants/districts';
import { MAP_MARKER_LIMIT, MAP_PAGE_SIZE } from '@portal/shared/schemas/map';

interface CityProject {
  id: number;
  name: string;
  districtCode: DistrictCode;
  lng: number;
  lat: number;
  platformPrice: number;
  watchCount: number;
}

/** Share of the projects in each district: most in the urban districts, as in the real city. */
const WEIGHTS: Record<DistrictCode, number> = {
  HGQ: 0.32,
  KFQ: 0.14,
  BDH: 0.1,
  SHG: 0.08,
  FN: 0.08,
  CL: 0.08,
  BDHXQ: 0.08,
  LL: 0.06,
  QL: 0.06,
};

function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function inside([lng, lat]: LngLat, ring: readonly LngLat[]): boolean {
  let hit = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    const [xi, yi] = ring[i] ?? [0, 0];
    const [xj, yj] = ring[j] ?? [0, 0];
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
}

/**
 * `count` projects, deterministic: each district's share scattered around its centre (about
 * 0.06° either way, normally distributed) and kept inside its outline.
 */
export function generateCity(count: number): CityProject[] {
  const random = generator(2026);
  const normal = () =>
    Math.sqrt(-2 * Math.log(random() || 1e-9)) * Math.cos(2 * Math.PI * random());
  const projects: CityProject[] = [];
  for (const { code } of DISTRICTS) {
    const [centreLng, centreLat] = DISTRICT_CENTRES[code];
    const share = Math.round(count * WEIGHTS[code]);
    for (let n = 0; n < share && projects.length < count; n += 1) {
      let point: LngLat = [centreLng, centreLat];
      for (let tries = 0; tries < 20; tries += 1) {
        const candidate: LngLat = [centreLng + normal() * 0.06, centreLat + normal() * 0.045];
        if (inside(candidate, DISTRICT_OUTLINES[code])) {
          point = candidate;
          break;
        }
      }
      const id = projects.length + 1;
      projects.push({
        id,
        name: `${DISTRICT_NAME[code].slice(0, 2)}${['花园', '雅苑', '公馆', '新城', '华府'][id % 5]}${id}`,
        districtCode: code,
        lng: Number(point[0].toFixed(6)),
        lat: Number(point[1].toFixed(6)),
        platformPrice: 6000 + Math.round(random() * 190) * 100,
        watchCount: Math.round(random() * 5000),
      });
    }
  }
  return projects;
}

const listItem = (p: CityProject) => ({
  id: p.id,
  coverUrl: null,
  publishName: p.name,
  projectName: p.name,
  districtCode: p.districtCode,
  projectAddress: `${DISTRICT_NAME[p.districtCode]}示范路${p.id}号`,
  salesCenter: null,
  platformPrice: p.platformPrice,
  currentPrice: p.platformPrice,
  publishPrice: null,
  statusText: '在售',
  houseTypeStr: '两室、三室',
  tradein: false,
  tags: [],
  minArea: 89,
  maxArea: 143,
  latestNews: null,
});

/** The `data` of one intercepted map call, and how many markers it answered (viewport calls). */
export function answerMapCall(city: CityProject[], url: URL): { data: unknown; markers?: number } {
  const areaCode = url.searchParams.get('areaCode') ?? '';
  const matching = areaCode ? city.filter((p) => p.districtCode === areaCode) : city;
  const route = url.pathname.replace(/^\/api\/map\//, '');
  if (route === 'clusters') {
    const list = DISTRICTS.map(({ code, name }) => {
      const own = matching.filter((p) => p.districtCode === code);
      const mean = (pick: (p: CityProject) => number) =>
        own.reduce((sum, p) => sum + pick(p), 0) / Math.max(own.length, 1);
      return {
        key: code,
        label: name,
        docCount: own.length,
        lng: mean((p) => p.lng),
        lat: mean((p) => p.lat),
      };
    }).filter((cluster) => cluster.docCount > 0);
    return { data: { list, total: matching.length } };
  }
  if (route === 'markers') {
    const [w, s, e, n] = (url.searchParams.get('bbox') ?? '').split(',').map(Number);
    const inBox = matching
      .filter(
        (p) => p.lng >= (w ?? 0) && p.lng <= (e ?? 0) && p.lat >= (s ?? 0) && p.lat <= (n ?? 0),
      )
      .sort((a, b) => b.watchCount - a.watchCount || a.id - b.id);
    const list = inBox.slice(0, MAP_MARKER_LIMIT).map(({ id, name, platformPrice, lng, lat }) => ({
      id,
      name,
      platformPrice,
      lng,
      lat,
    }));
    return { data: { list, truncated: inBox.length > MAP_MARKER_LIMIT }, markers: list.length };
  }
  if (route === 'projects') {
    const pageNum = Number(url.searchParams.get('pageNum') ?? 1);
    const list = matching
      .slice((pageNum - 1) * MAP_PAGE_SIZE, pageNum * MAP_PAGE_SIZE)
      .map(listItem);
    return { data: { list, total: matching.length, pageNum, pageSize: MAP_PAGE_SIZE } };
  }
  const project = city.find((p) => p.id === Number(route.replace('markers/', '')));
  const item = project ? listItem(project) : listItem(city[0] as CityProject);
  return { data: { ...item, contact: '0335-0000000' } };
}
