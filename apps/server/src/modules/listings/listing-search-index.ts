import { LISTING_TYPE } from '@portal/shared/constants/listings';
import type { ListingCard, ListingSearchQuery } from '@portal/shared/schemas/listings';
import { lexemesOfTsVector } from '../../db/bigrams';
import type { Db } from '../../db/client';
import { readVersion } from '../../db/read-versions';
import { AnswerAddresses } from '../../lib/answer-addresses';
import { ok } from '../../lib/envelope';
import { keyOf } from '../../lib/kept-answers';
import type { ReadQueue } from '../../lib/read-queue';
import { orderLikeSql } from '../../lib/sql-order';
import { filterTests, type IndexedListing } from './listing-search-filters';
import { selectIndexRows, selectIndexTags } from './listing-search-index.queries';
import {
  cardOf,
  keptListingSearchBody,
  LISTING_SEARCH_KEEP,
  loadCardLabels,
} from './listings.queries';

type SortCode = ListingSearchQuery['sortType'];
const SORT_CODES: readonly SortCode[] = ['1', '2', '3', '4', '5'];

interface Entry {
  listing: IndexedListing;
  /** Microseconds since the epoch of the publish time (the database's precision), or null. */
  publishMicros: number | null;
  card: ListingCard;
  /** The card written to JSON once. */
  cardJson: string;
}

/** Answers an index keeps (`keptBody`): a few MB at most at 20 cards each. */
const KEPT_BODIES = 2000;

/** The success envelope's JSON up to its data: `ok(x)` is `{"code":…,"message":…,"data":x}`. */
const ENVELOPE_HEAD = JSON.stringify(ok(0)).replace(/0\}$/, '');

/**
 * An answer sent for a request URL: its bytes, the Beijing year it was written in (房龄 counts
 * from it) and whether it was sorted by 浏览量 (which allows the index a shorter age).
 */
interface UrlAnswer {
  body: Buffer;
  year: number;
  byViews: boolean;
}

/** One page of the search, as the SQL path answers it. */
export interface ListingSearchPage {
  list: ListingCard[];
  total: number;
  pageNum: number;
  pageSize: number;
}

/**
 * The order of each sort code, as `listingOrderBy` writes it in SQL: nulls last, ties by id
 * (descending with a descending sort).
 */
function comparator(type: number, sortType: SortCode): (a: Entry, b: Entry) => number {
  const byNumber = (value: (e: Entry) => number | null, direction: 1 | -1) =>
    orderLikeSql(value, (e) => e.listing.id, direction);
  const price = (e: Entry) =>
    type === LISTING_TYPE.SALE ? e.listing.pricePerSquareMetre : e.listing.price;
  switch (sortType) {
    case '1':
      return byNumber((e) => e.publishMicros, -1);
    case '2':
      return byNumber(price, -1);
    case '3':
      return byNumber(price, 1);
    case '4':
      return byNumber((e) => e.listing.viewCount, -1);
    case '5':
      return byNumber((e) => e.listing.viewCount, 1);
  }
}

/**
 * Every public listing (published, not hidden by reports) of a version of the second-hand search,
 * kept in process with its card, and sorted once per sort code, so a search is a walk down one
 * sorted list with the filters' tests (`LISTING_SEARCH_FILTERS`), counting every match and
 * keeping the page's cards: no database work, whatever the filters, page or keyword
 * (docs/decisions/0061-listing-search-in-process.md).
 */
export class ListingSearchIndex {
  /** Answers written from this index, by search: a search asked again costs one lookup. */
  private readonly bodies = new Map<string, Buffer>();
  /** The request URLs answered from this index lately, with what each was sent (`urlAnswer`). */
  private readonly urlAnswers = new AnswerAddresses<UrlAnswer>(KEPT_BODIES);

  constructor(
    /** The search version it was read at (read before its rows). */
    readonly version: number,
    /** When its rows began to be read (epoch ms): how old it is. */
    readonly readAt: number,
    private readonly sorted: Map<number, Record<SortCode, Entry[]>>,
  ) {}

  /** Public listings it holds. */
  get size(): number {
    let size = 0;
    for (const orders of this.sorted.values()) size += orders['1'].length;
    return size;
  }

  /** The page `query` asks for, among the rows every test accepts. */
  search(
    query: ListingSearchQuery,
    tests: ReadonlyArray<(row: IndexedListing) => boolean>,
  ): ListingSearchPage {
    const { entries, total } = this.walk(query, tests);
    return {
      list: entries.map((entry) => entry.card),
      total,
      pageNum: query.pageNum,
      pageSize: query.pageSize,
    };
  }

  /**
   * `JSON.stringify(ok(this.search(query, tests)))` as bytes, written from the cards' JSON kept
   * in the index rather than the cards again.
   */
  body(query: ListingSearchQuery, tests: ReadonlyArray<(row: IndexedListing) => boolean>): Buffer {
    const { entries, total } = this.walk(query, tests);
    const list = entries.map((entry) => entry.cardJson).join(',');
    return Buffer.from(
      `${ENVELOPE_HEAD}{"list":[${list}],"total":${total},"pageNum":${query.pageNum},"pageSize":${query.pageSize}}}`,
    );
  }

  /**
   * `body(query, tests)` kept under `key` (every parameter of the search that changes its answer)
   * for as long as this index is served: the answer is a function of the index and the search
   * alone. At most `KEPT_BODIES` answers, the oldest dropped first.
   */
  keptBody(
    key: string,
    query: ListingSearchQuery,
    tests: ReadonlyArray<(row: IndexedListing) => boolean>,
  ): Buffer {
    const kept = this.bodies.get(key);
    if (kept) return kept;
    const body = this.body(query, tests);
    if (this.bodies.size >= KEPT_BODIES) {
      const oldest = this.bodies.keys().next().value;
      if (oldest !== undefined) this.bodies.delete(oldest);
    }
    this.bodies.set(key, body);
    return body;
  }

  /** Remembers what the request of `url` was sent from this index (at most `KEPT_BODIES` URLs). */
  rememberUrl(url: string, answer: UrlAnswer): void {
    this.urlAnswers.set(url, answer);
  }

  /** What the request of `url` was sent from this index, if it was. */
  urlAnswer(url: string): UrlAnswer | undefined {
    return this.urlAnswers.get(url);
  }

  private walk(query: ListingSearchQuery, tests: ReadonlyArray<(row: IndexedListing) => boolean>) {
    const ordered = this.sorted.get(query.type)?.[query.sortType] ?? [];
    const start = (query.pageNum - 1) * query.pageSize;
    const end = start + query.pageSize;
    const entries: Entry[] = [];
    let total = 0;
    outer: for (const entry of ordered) {
      for (const test of tests) if (!test(entry.listing)) continue outer;
      if (total >= start && total < end) entries.push(entry);
      total += 1;
    }
    return { entries, total };
  }
}

/**
 * Reads the index of `version`: the public listings (one statement over narrow columns), their
 * tags (one) and the card labels (two).
 */
export async function readListingSearchIndex(
  db: Db,
  version: number,
  now = Date.now(),
): Promise<ListingSearchIndex> {
  const rows = await selectIndexRows(db);
  const [tagRows, labels] = await Promise.all([selectIndexTags(db), loadCardLabels(db)]);
  const tagsOf = new Map<number, Array<{ id: number; tagName: string }>>();
  for (const tag of tagRows) {
    const list = tagsOf.get(tag.listingId) ?? [];
    list.push({ id: tag.id, tagName: tag.tagName });
    tagsOf.set(tag.listingId, list);
  }
  const byType = new Map<number, Entry[]>();
  for (const row of rows) {
    const listing: IndexedListing = {
      id: row.id,
      type: row.type,
      districtCode: row.districtCode,
      communityName: row.communityName,
      price: row.price,
      pricePerSquareMetre: row.pricePerSquareMetre,
      buildArea: Number(row.buildArea),
      bedroom: row.bedroom,
      room: row.room,
      toilet: row.toilet,
      age: row.age,
      direction: row.direction,
      decorates: row.decorates,
      houseType: row.houseType,
      rentType: row.rentType,
      rentPay: row.rentPay,
      lng: row.lng === null ? null : Number(row.lng),
      lat: row.lat === null ? null : Number(row.lat),
      publishTime: row.publishTime ? row.publishTime.getTime() : null,
      viewCount: row.viewCount,
      haystack: `${row.title} ${row.communityName} ${row.address}`.toLowerCase(),
      lexemes: lexemesOfTsVector(row.bigrams),
    };
    const card = cardOf(row, labels, tagsOf.get(row.id) ?? []);
    const entry: Entry = {
      listing,
      publishMicros: row.publishMicros === null ? null : Number(row.publishMicros),
      card,
      cardJson: JSON.stringify(card),
    };
    const list = byType.get(row.type) ?? [];
    list.push(entry);
    byType.set(row.type, list);
  }
  const sorted = new Map<number, Record<SortCode, Entry[]>>();
  for (const type of [1, 2]) {
    const entries = byType.get(type) ?? [];
    const orders = {} as Record<SortCode, Entry[]>;
    for (const code of SORT_CODES) orders[code] = [...entries].sort(comparator(type, code));
    sorted.set(type, orders);
  }
  return new ListingSearchIndex(version, now, sorted);
}

/**
 * The index of one database handle: served while at least as new as the version a request read
 * and younger than the age the request allows, else read again (once, however many ask: a
 * request that finds a read of its version under way, started within its age, waits for it).
 * The read waits its turn for the public reads' share of the database.
 */
export class ListingSearchIndexes {
  private current?: ListingSearchIndex;
  private reading?: { version: number; readAt: number; index: Promise<ListingSearchIndex> };
  /** Indexes read, and searches answered from one (of them, by their URL), since start. */
  reads = 0;
  searches = 0;
  urlHits = 0;

  constructor(private readonly db: Db) {}

  /** The index now kept (none before the first search). */
  get kept(): ListingSearchIndex | undefined {
    return this.current;
  }

  /** The kept index when a request that read `version` and allows `maxAgeMs` may be served it. */
  servable(version: number, maxAgeMs: number, now = Date.now()): ListingSearchIndex | undefined {
    const current = this.current;
    if (current && current.version >= version && now - current.readAt < maxAgeMs) return current;
    return undefined;
  }

  at(
    version: number,
    maxAgeMs: number,
    queue?: ReadQueue,
    now = Date.now(),
  ): Promise<ListingSearchIndex> {
    this.searches += 1;
    const current = this.servable(version, maxAgeMs, now);
    if (current) return Promise.resolve(current);
    const reading = this.reading;
    if (reading && reading.version >= version && now - reading.readAt < maxAgeMs)
      return reading.index;
    this.reads += 1;
    // Its age counts from the request that asked (its rows are read then or later).
    const read = () => readListingSearchIndex(this.db, version, now);
    const index = queue ? queue.run(read) : read();
    const flight = { version, readAt: now, index };
    this.reading = flight;
    index.then(
      (built) => {
        if (!this.current || built.version >= this.current.version) this.current = built;
        if (this.reading === flight) this.reading = undefined;
      },
      () => {
        if (this.reading === flight) this.reading = undefined;
      },
    );
    return index;
  }
}

const indexes = new WeakMap<Db, ListingSearchIndexes>();

/** The search index of one database handle (each test database has its own). */
export function listingSearchIndexes(db: Db): ListingSearchIndexes {
  let found = indexes.get(db);
  if (!found) {
    found = new ListingSearchIndexes(db);
    indexes.set(db, found);
  }
  return found;
}

const sqlOnly = new WeakSet<Db>();

/**
 * Answers the search of `db` by SQL only (`off`) or from the index again: the SQL path's figure
 * beside the index's in one benchmark run (bench/read-mix.ts). The app never turns it off.
 */
export function answerListingSearchBySql(db: Db, off: boolean): void {
  if (off) sqlOnly.add(db);
  else sqlOnly.delete(db);
}

/**
 * The envelope of the public search (docs/product/listings.md) as JSON bytes: from the index at
 * the search's version (read before the answer) when every filter asked has an in-process test,
 * else by SQL (`keptListingSearchBody`). The index is no older than `LISTING_SEARCH_KEEP.maxAgeMs`,
 * and no older than `viewSortMaxAgeMs` for a search sorted by 浏览量 (a view does not move the
 * version). The answer holds nothing personal, so it is the same for every visitor.
 */
export async function listingSearchBody(
  db: Db,
  query: ListingSearchQuery,
  currentYear: number,
  queue?: ReadQueue,
  url?: string,
): Promise<Buffer> {
  const tests = sqlOnly.has(db) ? null : filterTests(query, { currentYear });
  if (!tests) return keptListingSearchBody(db, query, currentYear, queue);
  const version = await readVersion(db, 'listing_search');
  const byViews = query.sortType === '4' || query.sortType === '5';
  const index = await listingSearchIndexes(db).at(version, maxAgeOf(byViews), queue);
  const body = index.keptBody(keyOf({ ...query, year: currentYear }), query, tests);
  if (url) index.rememberUrl(url, { body, year: currentYear, byViews });
  return body;
}

const maxAgeOf = (byViews: boolean) =>
  byViews ? LISTING_SEARCH_KEEP.viewSortMaxAgeMs : LISTING_SEARCH_KEEP.maxAgeMs;

/**
 * The answer the request of `url` got from the index (`listingSearchBody` given its URL) when
 * the search would answer the same now: the index it came from is still the one served at the
 * search's version and within the request's age, and the year is the same; else undefined.
 * The query is then neither parsed nor checked again: the same text gave these bytes.
 */
export async function keptListingSearchBodyOf(
  db: Db,
  url: string,
  currentYear: number,
): Promise<Buffer | undefined> {
  if (sqlOnly.has(db)) return undefined;
  const indexes = listingSearchIndexes(db);
  const kept = indexes.kept?.urlAnswer(url);
  if (!kept || kept.year !== currentYear) return undefined;
  const version = await readVersion(db, 'listing_search');
  const index = indexes.servable(version, maxAgeOf(kept.byViews));
  if (index?.urlAnswer(url) !== kept) return undefined;
  indexes.searches += 1;
  indexes.urlHits += 1;
  return kept.body;
}
