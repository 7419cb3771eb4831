import {
  findBand,
  PROJECT_AREA_BANDS,
  PROJECT_PRICE_BANDS,
  PROJECT_TOTAL_BANDS,
  type RangeBand,
} from '@portal/shared/constants/project-filters';
import type { ProjectListItem, ProjectSearchQuery } from '@portal/shared/schemas/projects';
import { lexemesOfTsVector, queryLexemes } from '../../db/bigrams';
import type { Db } from '../../db/client';
import { orderLikeSql } from '../../lib/sql-order';
import { selectProjectIndexRows } from './project-search-index.queries';

/*
 * The new-house search from memory (docs/decisions/0071-project-search-in-process.md): every
 * published project with what the filters read, kept in the projects' read cache like any
 * other public read (emptied by every write that empties it, and at most a minute old), sorted
 * once per sort code. A search walks one sorted list with the filters' tests, as `searchConditions`
 * says them in SQL, counts every match and keeps its page: no database work per search.
 */

type SortCode = ProjectSearchQuery['sortType'];
const SORT_CODES: readonly SortCode[] = ['1', '2', '3', '4', '5'];

/** 5 stands for 五室及以上, as the search's 户型 filter says it. */
const bedroomClass = (bedroom: number): number => (bedroom >= 5 ? 5 : bedroom);

/** A published project as the index holds it: what the filters, the sorts and the map read. */
export interface IndexedProject {
  id: number;
  /** 推广名, the name the map's markers show. */
  publishName: string;
  districtCode: string;
  districtName: string;
  /** Position in degrees. */
  lng: number;
  lat: number;
  platformPrice: number;
  /** Microseconds since the epoch of `published_at` (the database's precision), or null. */
  publishedMicros: number | null;
  collectNumber: number;
  properties: ReadonlySet<number>;
  tradein: boolean;
  /** Name, project name, address, district and developer in lower case: what the keyword's ILIKE reads. */
  haystack: string;
  /** The lexemes of the stored `search_bigrams` (what the keyword's tsquery reads). */
  lexemes: ReadonlySet<string>;
  /** Its house models (户型): build area and bedrooms. */
  models: ReadonlyArray<{ area: number; bedroom: number }>;
  /** Totals (yuan) of its rooms for sale, ascending. */
  totalsForSale: Float64Array;
  /** Orientations of its rooms for sale, alone and with their model's bedroom class. */
  orientationsForSale: ReadonlySet<string>;
  item: ProjectListItem;
}

/** Whether a sorted list holds a value inside `band` (min inclusive, max exclusive). */
function holdsValueIn(sorted: Float64Array, band: RangeBand): boolean {
  const min = band.min ?? Number.NEGATIVE_INFINITY;
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((sorted[middle] ?? 0) < min) low = middle + 1;
    else high = middle;
  }
  if (low >= sorted.length) return false;
  return band.max === null || (sorted[low] ?? 0) < band.max;
}

const inBand = (value: number, band: RangeBand): boolean =>
  (band.min === null || value >= band.min) && (band.max === null || value < band.max);

/** The filters `query` asks for, as tests over an indexed project (`searchConditions` in SQL). */
export function projectSearchTests(
  query: ProjectSearchQuery,
): Array<(project: IndexedProject) => boolean> {
  const tests: Array<(project: IndexedProject) => boolean> = [];
  const keyword = query.keyword?.trim();
  const lexemes = keyword ? queryLexemes(keyword) : [];
  if (keyword && lexemes.length > 0) {
    const needle = keyword.toLowerCase();
    tests.push(
      (p) => lexemes.every((lexeme) => p.lexemes.has(lexeme)) && p.haystack.includes(needle),
    );
  }
  const areaCode = query.areaCode;
  if (areaCode) tests.push((p) => p.districtCode === areaCode);
  const price = findBand(PROJECT_PRICE_BANDS, query.priceScope);
  if (price) tests.push((p) => inBand(p.platformPrice, price));
  const total = findBand(PROJECT_TOTAL_BANDS, query.totalScope);
  if (total) tests.push((p) => holdsValueIn(p.totalsForSale, total));
  const bedroom = query.bedroom ? bedroomClass(Number(query.bedroom)) : null;
  const orientation = query.orientation;
  if (orientation) {
    const key = bedroom === null ? orientation : `${orientation}|${bedroom}`;
    tests.push((p) => p.orientationsForSale.has(key));
  }
  const properties = query.properties ? Number(query.properties) : null;
  if (properties !== null) tests.push((p) => p.properties.has(properties));
  if (query.houseType === '1') tests.push((p) => p.tradein);
  const area = findBand(PROJECT_AREA_BANDS, query.buildAreaScope);
  if (area || bedroom !== null) {
    tests.push((p) =>
      p.models.some(
        (m) =>
          (!area || inBand(m.area, area)) &&
          (bedroom === null || bedroomClass(m.bedroom) === bedroom),
      ),
    );
  }
  return tests;
}

/** The order of each sort code, as the SQL search writes it (ties by id in the sort's direction). */
function comparator(sortType: SortCode): (a: IndexedProject, b: IndexedProject) => number {
  const by = (value: (p: IndexedProject) => number | null, direction: 1 | -1) =>
    orderLikeSql(value, (p) => p.id, direction);
  switch (sortType) {
    case '1':
      return by((p) => p.publishedMicros, -1);
    case '2':
      return by((p) => p.platformPrice, -1);
    case '3':
      return by((p) => p.platformPrice, 1);
    case '4':
      return by((p) => p.collectNumber, -1);
    case '5':
      return by((p) => p.collectNumber, 1);
  }
}

/** The published projects of one moment, sorted once per sort code. */
export class ProjectSearchIndex {
  constructor(private readonly sorted: Record<SortCode, IndexedProject[]>) {}

  /** Published projects it holds. */
  get size(): number {
    return this.sorted['1'].length;
  }

  /** The page `query` asks for and how many projects match in all. */
  search(query: ProjectSearchQuery): { list: ProjectListItem[]; total: number } {
    const start = (query.pageNum - 1) * query.pageSize;
    const end = start + query.pageSize;
    const list: ProjectListItem[] = [];
    let total = 0;
    this.walk(query, (project) => {
      if (total >= start && total < end) list.push(project.item);
      total += 1;
    });
    return { list, total };
  }

  /** Every project `query`'s filters match, in the order of its sort (the map's clusters and markers). */
  matching(query: ProjectSearchQuery): IndexedProject[] {
    const found: IndexedProject[] = [];
    this.walk(query, (project) => found.push(project));
    return found;
  }

  private walk(query: ProjectSearchQuery, visit: (project: IndexedProject) => void): void {
    const tests = projectSearchTests(query);
    outer: for (const project of this.sorted[query.sortType]) {
      for (const test of tests) if (!test(project)) continue outer;
      visit(project);
    }
  }
}

/**
 * Reads the index: the published projects with their list items (one statement), their house
 * models (one) and their rooms for sale (one, narrow).
 */
export async function readProjectSearchIndex(db: Db): Promise<ProjectSearchIndex> {
  const { items, facts, models, rooms } = await selectProjectIndexRows(db);
  const itemOf = new Map(items.map((item) => [item.id, item]));
  const modelsOf = new Map<number, Array<{ area: number; bedroom: number }>>();
  for (const m of models) {
    const list = modelsOf.get(m.project_id) ?? [];
    list.push({ area: Number(m.area), bedroom: m.bedroom });
    modelsOf.set(m.project_id, list);
  }
  const totalsOf = new Map<number, number[]>();
  const orientationsOf = new Map<number, Set<string>>();
  for (const room of rooms) {
    const totals = totalsOf.get(room.project_id) ?? [];
    totals.push(room.total_price);
    totalsOf.set(room.project_id, totals);
    if (room.orientation === null) continue;
    const orientations = orientationsOf.get(room.project_id) ?? new Set<string>();
    orientations.add(room.orientation);
    if (room.bedroom !== null)
      orientations.add(`${room.orientation}|${bedroomClass(room.bedroom)}`);
    orientationsOf.set(room.project_id, orientations);
  }
  const projects: IndexedProject[] = [];
  for (const row of facts) {
    const item = itemOf.get(row.id);
    if (!item) continue;
    projects.push({
      id: row.id,
      publishName: row.publish_name,
      districtCode: row.district_code,
      districtName: row.district_name,
      lng: Number(row.lng),
      lat: Number(row.lat),
      platformPrice: row.platform_price,
      publishedMicros: row.published_micros === null ? null : Number(row.published_micros),
      collectNumber: row.collect_number,
      properties: new Set(row.properties ?? []),
      tradein: row.tradein,
      haystack: row.haystack.toLowerCase(),
      lexemes: lexemesOfTsVector(row.bigrams),
      models: modelsOf.get(row.id) ?? [],
      totalsForSale: Float64Array.from(totalsOf.get(row.id) ?? []).sort(),
      orientationsForSale: orientationsOf.get(row.id) ?? new Set(),
      item,
    });
  }
  const sorted = {} as Record<SortCode, IndexedProject[]>;
  for (const code of SORT_CODES) sorted[code] = [...projects].sort(comparator(code));
  return new ProjectSearchIndex(sorted);
}
