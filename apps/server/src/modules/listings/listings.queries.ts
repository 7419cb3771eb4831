import { LISTING_STATUS } from '@portal/shared/constants/listing-status';
import {
  LISTING_REPORT_LIMITS,
  LISTING_REPORT_STATUS,
} from '@portal/shared/constants/listing-trust';
import { LISTING_TYPE, type ListingTypeCode } from '@portal/shared/constants/listings';
import {
  COMMUNITY_SUGGESTION_LIMIT,
  type CommunitySuggestion,
  type CommunitySuggestionQuery,
  type ListingCard,
  type ListingSearchQuery,
} from '@portal/shared/schemas/listings';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { bigramTsQuery } from '../../db/bigrams';
import type { Db } from '../../db/client';
import { readVersion } from '../../db/read-versions';
import { listingTags, secondHandListings } from '../../db/schema/index';
import { ok } from '../../lib/envelope';
import { KeptAnswers, keyOf } from '../../lib/kept-answers';
import type { ReadQueue } from '../../lib/read-queue';
import { districts, tags } from '../projects/tables';
import { dictionaries } from '../registry/tables';
import { escapeLike, filterConditions } from './listing-search-filters';

const L = secondHandListings;
export type ListingRow = typeof secondHandListings.$inferSelect;

/** Dictionary names by type and code, e.g. `names.get('decorates')?.get('3') === '精装'`. */
export type DictionaryNames = Map<string, Map<string, string>>;

/** Every dictionary of the listing form (docs/product/listings.md) as nested maps (a few dozen rows). */
export async function loadDictionaryNames(db: Db): Promise<DictionaryNames> {
  const rows = await db
    .select({ type: dictionaries.type, code: dictionaries.code, name: dictionaries.name })
    .from(dictionaries);
  const names: DictionaryNames = new Map();
  for (const row of rows) {
    const byCode = names.get(row.type) ?? new Map<string, string>();
    byCode.set(row.code, row.name);
    names.set(row.type, byCode);
  }
  return names;
}

/** The name of a code, '' for an unknown one, null for no code. */
export function nameOf(names: DictionaryNames, type: string, code: string | null): string | null {
  if (code === null) return null;
  return names.get(type)?.get(code) ?? '';
}

/**
 * The open reports of a listing that count toward hiding it: from qualified reporters (real-name
 * verified or established accounts, weighed when reporting) who had no report on this listing
 * dismissed before — a dismissed case is hidden again only by new reporters. `listingId` is
 * a table-qualified expression (a single-table select leaves column names unqualified).
 */
export function countingReportsOf(listingId: SQL): SQL {
  return sql`(select count(*)::int from listing_reports r where r.listing_id = ${listingId} and r.status = ${LISTING_REPORT_STATUS.OPEN} and r.qualified and not exists (select 1 from listing_reports d where d.listing_id = r.listing_id and d.reporter_id = r.reporter_id and d.status = ${LISTING_REPORT_STATUS.DISMISSED}))`;
}

/**
 * Hides listings with `hideAtReporters` counting open reports (one open report per citizen and
 * listing, so they count citizens) until an operator decides them (docs/product/listings.md).
 */
export function notHiddenByReports(): SQL {
  return sql`${countingReportsOf(sql`${L}.id`)} < ${LISTING_REPORT_LIMITS.hideAtReporters}`;
}

/**
 * WHERE of the public search: published listings of one type and every given filter
 * (`LISTING_SEARCH_FILTERS`), except those hidden by reports (docs/product/listings.md).
 */
export function searchConditions(query: ListingSearchQuery, currentYear: number): SQL {
  return and(
    eq(L.type, query.type),
    eq(L.publishStatus, LISTING_STATUS.PUBLISHED),
    notHiddenByReports(),
    ...filterConditions(query, { currentYear }),
  ) as SQL;
}

type SortCode = ListingSearchQuery['sortType'];

/**
 * ORDER BY of each sort code (docs/product/listings.md): 2/3 sort a sale by unit price (元/㎡) and a rental by
 * its monthly rent, the only price a rental has; ties fall back to the id so pages are stable.
 */
export function listingOrderBy(type: ListingTypeCode, sortType: SortCode): SQL[] {
  const price = type === LISTING_TYPE.SALE ? L.pricePerSquareMetre : L.price;
  const orders: Record<SortCode, SQL[]> = {
    '1': [sql`${L.publishTime} desc nulls last`, desc(L.id)],
    '2': [sql`${price} desc nulls last`, desc(L.id)],
    '3': [sql`${price} asc nulls last`, asc(L.id)],
    '4': [desc(L.viewCount), desc(L.id)],
    '5': [asc(L.viewCount), asc(L.id)],
  };
  return orders[sortType];
}

/** Tags of each listing, in tag order. */
export async function tagsByListing(
  db: Db,
  ids: number[],
): Promise<Map<number, Array<{ id: number; tagName: string }>>> {
  const result = new Map<number, Array<{ id: number; tagName: string }>>();
  if (ids.length === 0) return result;
  const rows = await db
    .select({ listingId: listingTags.listingId, id: tags.id, tagName: tags.tagName })
    .from(listingTags)
    .innerJoin(tags, eq(tags.id, listingTags.tagId))
    .where(inArray(listingTags.listingId, ids))
    .orderBy(tags.sort, tags.id);
  for (const row of rows) {
    const list = result.get(row.listingId) ?? [];
    list.push({ id: row.id, tagName: row.tagName });
    result.set(row.listingId, list);
  }
  return result;
}

/** The names a card shows beside its codes: dictionaries and districts (a few dozen rows). */
export interface CardLabels {
  names: DictionaryNames;
  districtName: Map<string, string>;
}

/** Reads the dictionary and district names of the cards (two statements). */
export async function loadCardLabels(db: Db): Promise<CardLabels> {
  const [names, districtRows] = await Promise.all([
    loadDictionaryNames(db),
    db.select({ code: districts.code, name: districts.name }).from(districts),
  ]);
  return { names, districtName: new Map(districtRows.map((d) => [d.code, d.name])) };
}

/** The columns a card shows. */
export type CardRow = Pick<
  ListingRow,
  | 'id'
  | 'type'
  | 'title'
  | 'coverPath'
  | 'direction'
  | 'decorates'
  | 'age'
  | 'bedroom'
  | 'room'
  | 'toilet'
  | 'buildArea'
  | 'floorNum'
  | 'totalFloor'
  | 'districtCode'
  | 'communityName'
  | 'address'
  | 'publishTime'
  | 'price'
  | 'pricePerSquareMetre'
  | 'rentPay'
  | 'rentType'
  | 'publishStatus'
  | 'reviewNote'
>;

/** One list row of a listing with its dictionary names, district and tags. */
export function cardOf(
  row: CardRow,
  { names, districtName }: CardLabels,
  tagList: Array<{ id: number; tagName: string }>,
): ListingCard {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    coverUrl: row.coverPath,
    directionStr: nameOf(names, 'house_direction', row.direction) ?? '',
    decoratesStr: nameOf(names, 'decorates', row.decorates) ?? '',
    age: row.age,
    bedroom: row.bedroom,
    room: row.room,
    toilet: row.toilet,
    buildArea: Number(row.buildArea),
    floorNum: row.floorNum,
    totalFloor: row.totalFloor,
    scVO: {
      areaCode: row.districtCode,
      areaName: districtName.get(row.districtCode) ?? '',
      communityName: row.communityName,
      address: row.address,
    },
    publishTime: row.publishTime ? row.publishTime.toISOString() : null,
    price: row.price,
    priceSquareMetre: row.pricePerSquareMetre,
    rentPayStr: nameOf(names, 'rent_pay_type', row.rentPay),
    rentTypeStr: nameOf(names, 'rent_type', row.rentType),
    publishStatus: row.publishStatus,
    reviewNote: row.reviewNote,
    tagList,
  };
}

/**
 * Maps listing rows to list rows with dictionary names, district and tags; `labels` when the
 * caller keeps them (the public search, per version), else they are read.
 */
export async function toCards(
  db: Db,
  rows: ListingRow[],
  labels?: CardLabels,
): Promise<ListingCard[]> {
  if (rows.length === 0) return [];
  const [{ names, districtName }, tagMap] = await Promise.all([
    labels ?? loadCardLabels(db),
    tagsByListing(
      db,
      rows.map((row) => row.id),
    ),
  ]);
  return rows.map((row) => cardOf(row, { names, districtName }, tagMap.get(row.id) ?? []));
}

/** One page of rows matching `where`, newest first unless `orderBy` is given, and the total. */
export async function pageListings(
  db: Db,
  where: SQL,
  paging: { pageNum: number; pageSize: number },
  orderBy: SQL[] = [desc(L.createdAt), desc(L.id)],
): Promise<{ rows: ListingRow[]; total: number }> {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(L)
      .where(where)
      .orderBy(...orderBy)
      .limit(paging.pageSize)
      .offset((paging.pageNum - 1) * paging.pageSize),
    db.select({ total: count() }).from(L).where(where),
  ]);
  return { rows, total: Number(totals[0]?.total ?? 0) };
}

/**
 * The public search of /secondhandhouse (docs/product/listings.md filters and sorts), 20 per page:
 * one statement finds the page's ids and counts every match in the same scan (a window count over
 * narrow rows, computed before the page is cut; a second count only when the page is past the
 * last match), a second reads the page's rows; `labels` as kept by the caller, else read.
 */
export async function searchListings(
  db: Db,
  query: ListingSearchQuery,
  currentYear: number,
  labels?: CardLabels,
): Promise<{ list: ListingCard[]; total: number; pageNum: number; pageSize: number }> {
  const where = searchConditions(query, currentYear);
  // Narrow rows (the id and what it sorts by) are counted and sorted; only the page's rows are
  // read whole.
  const page = await db
    .select({ id: L.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(L)
    .where(where)
    .orderBy(...listingOrderBy(query.type, query.sortType))
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize);
  const total =
    page[0]?.total ??
    (query.pageNum > 1
      ? Number((await db.select({ total: count() }).from(L).where(where))[0]?.total ?? 0)
      : 0);
  const ids = page.map((row) => row.id);
  const found = ids.length ? await db.select().from(L).where(inArray(L.id, ids)) : [];
  const byId = new Map(found.map((row) => [row.id, row]));
  const rows = ids.flatMap((id) => byId.get(id) ?? []);
  return {
    list: await toCards(db, rows, labels),
    total,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  };
}

/**
 * How long a kept search answer may be served, and how many are kept per instance. The version
 * sees every change the answers show except view counts, so an answer sorted by 浏览量 is kept
 * for `viewSortMaxAgeMs` at most, and any other for `maxAgeMs` (a safety net: it is current
 * through its version) (docs/architecture.md, "Kept answers of public reads"). Answers are one
 * to some tens of KB (20 to 50 cards).
 */
export const LISTING_SEARCH_KEEP = {
  entries: 10_000,
  bytes: 32 * 1024 * 1024,
  maxAgeMs: 60_000,
  viewSortMaxAgeMs: 10_000,
};

const searchAnswers = new WeakMap<Db, KeptAnswers>();
const searchLabels = new WeakMap<Db, { version: number; labels: Promise<CardLabels> }>();

/**
 * The card labels at `version` of the search, read once per version: the version moves with
 * every change of the dictionaries and districts (migration 0029), so they are as current as
 * the answers. A failed read is not kept.
 */
function labelsAt(db: Db, version: number): Promise<CardLabels> {
  const kept = searchLabels.get(db);
  if (kept && kept.version === version) return kept.labels;
  const labels = loadCardLabels(db);
  const entry = { version, labels };
  searchLabels.set(db, entry);
  labels.catch(() => {
    if (searchLabels.get(db) === entry) searchLabels.delete(db);
  });
  return labels;
}

/** The kept search answers of one database handle (each test database has its own). */
export function listingSearchAnswers(db: Db): KeptAnswers {
  let kept = searchAnswers.get(db);
  if (!kept) {
    kept = new KeptAnswers(LISTING_SEARCH_KEEP);
    searchAnswers.set(db, kept);
  }
  return kept;
}

/**
 * The SQL path of the search (a query asking for a filter the in-process index cannot test,
 * `listingSearchBody` in `listing-search-index.ts`): the envelope of `searchListings` as JSON
 * bytes, kept per normalised query (its known
 * parameters only, and the year the 房龄 bands are counted from) and the search's version, read
 * before the answer. The answer holds nothing personal, so one kept answer serves every visitor.
 */
export async function keptListingSearchBody(
  db: Db,
  query: ListingSearchQuery,
  currentYear: number,
  queue?: ReadQueue,
): Promise<Buffer> {
  const key = keyOf({
    type: query.type,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    areaCode: query.areaCode,
    priceScope: query.priceScope,
    areaScope: query.areaScope,
    bedroom: query.bedroom,
    ageScope: query.ageScope,
    rentType: query.type === LISTING_TYPE.RENT ? query.rentType : undefined,
    rentPay: query.type === LISTING_TYPE.RENT ? query.rentPay : undefined,
    decorates: query.decorates,
    keyword: query.keyword,
    community: query.community,
    sortType: query.sortType,
    year: currentYear,
  });
  const version = await readVersion(db, 'listing_search');
  const byViews = query.sortType === '4' || query.sortType === '5';
  return listingSearchAnswers(db).answer(
    key,
    version,
    async () => {
      // The search waits its turn for the public reads' share of the database (a 503 when full).
      const search = async () =>
        searchListings(db, query, currentYear, await labelsAt(db, version));
      const page = await (queue ? queue.run(search) : search());
      return Buffer.from(JSON.stringify(ok(page)));
    },
    Date.now(),
    byViews ? LISTING_SEARCH_KEEP.viewSortMaxAgeMs : LISTING_SEARCH_KEEP.maxAgeMs,
  );
}

/**
 * 小区 suggestions of /secondhandhouse: up to ten community names of the listings the public
 * search shows (published, of the type, not hidden by reports) that contain the keyword, the
 * names with most listings first. The bigram GIN index narrows the rows, the ILIKE on the
 * community name keeps contiguous matches in the name only. An empty keyword, or one with no
 * letter or digit, suggests nothing.
 */
export async function suggestCommunities(
  db: Db,
  query: CommunitySuggestionQuery,
): Promise<CommunitySuggestion[]> {
  const keyword = query.keyword.trim();
  const tsQuery = keyword ? bigramTsQuery(keyword) : null;
  if (!keyword || !tsQuery) return [];
  const listings = count();
  const rows = await db
    .select({ name: L.communityName, count: listings })
    .from(L)
    .where(
      and(
        eq(L.type, query.type),
        eq(L.publishStatus, LISTING_STATUS.PUBLISHED),
        notHiddenByReports(),
        sql`${L.searchBigrams} @@ ${tsQuery}::tsquery`,
        sql`${L.communityName} ilike ${`%${escapeLike(keyword)}%`}`,
      ),
    )
    .groupBy(L.communityName)
    .orderBy(desc(listings), asc(L.communityName))
    .limit(COMMUNITY_SUGGESTION_LIMIT);
  return rows.map((row) => ({ name: row.name, count: Number(row.count) }));
}

/** The items of one dictionary (装修, 朝向, …), in their order. */
export async function listDictionary(
  db: Db,
  type: string,
): Promise<Array<{ id: string; name: string }>> {
  return db
    .select({ id: dictionaries.code, name: dictionaries.name })
    .from(dictionaries)
    .where(eq(dictionaries.type, type))
    .orderBy(asc(dictionaries.sort), asc(dictionaries.id));
}

/** The listing tags of one kind (6 sale, 7 rent), in their order. */
export async function listTags(
  db: Db,
  tagType: number,
): Promise<Array<{ id: number; tagName: string }>> {
  return db
    .select({ id: tags.id, tagName: tags.tagName })
    .from(tags)
    .where(eq(tags.tagType, tagType))
    .orderBy(asc(tags.sort), asc(tags.id));
}
