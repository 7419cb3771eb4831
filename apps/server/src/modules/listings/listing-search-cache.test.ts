import { beijingYearOf } from '@portal/shared/beijing-time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { loseFeedConnection, viewersWithoutWrites } from '../../../test/version-feed';
import { versionReadsOf } from '../../db/read-versions';
import { selectRows } from '../../db/sql-rows';
import { KeptAnswers } from '../../lib/kept-answers';
import { bearerFor } from '../news/test-helpers';
import {
  keptListingSearchBodyOf,
  ListingSearchIndexes,
  listingSearchIndexes,
} from './listing-search-index';
import { newCitizen, saleListing } from './listings-test-helpers';
import { LISTING_SEARCH_KEEP } from './listings.queries';

type Headers = { authorization: string };
type Card = { id: number; title: string; price: number };
type Page = { list: Card[]; total: number };

let t: TestApp;
let owner: Headers;
let admin: Headers;

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.05 });
  owner = await bearerFor(t.database.db, '13800000001');
  admin = await bearerFor(t.database.db, '13900000000');
});
afterAll(async () => t.dispose());

const indexes = () => listingSearchIndexes(t.database.db);

async function searchRaw(query: string, headers: Headers | Record<string, never> = {}) {
  const response = await t.app.inject({ method: 'GET', url: `/api/listings?${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

async function search(query: string, headers?: Headers): Promise<Page> {
  return JSON.parse(await searchRaw(query, headers)).data as Page;
}

/**
 * A search asked twice: the second time from the same index, no database read, sent what the
 * same URL got before its query is checked again.
 */
async function searchTwice(query: string): Promise<Page> {
  const first = await search(query);
  const { reads, searches, urlHits } = indexes();
  const second = await search(query);
  expect(indexes().reads, 'the second identical search reads nothing').toBe(reads);
  expect(indexes().searches).toBe(searches + 1);
  expect(indexes().urlHits, 'answered by its URL').toBe(urlHits + 1);
  expect(second).toEqual(first);
  return second;
}

/** A unique title, so a keyword search finds exactly this listing. */
const titled = (word: string) => `缓存测试${word}小区 三室两厅`;

describe('the second-hand search from its in-process index', () => {
  it('reads the index once for many searches, however many ask at once', async () => {
    await search('type=1');
    const before = indexes().reads;
    const queries = Array.from(
      { length: 40 },
      (_, i) =>
        `type=${1 + (i % 2)}&pageNum=${1 + (i % 3)}&sortType=${1 + (i % 3)}&bedroom=${i % 4}`,
    );
    const answers = await Promise.all(queries.map((query) => searchRaw(query)));
    expect(indexes().reads - before, 'forty distinct searches at one version, no read').toBe(0);
    expect(new Set(answers).size, 'distinct answers').toBeGreaterThan(4);
    await searchTwice('type=1&areaCode=HGQ&sortType=3&pageNum=2');
  });

  it('reads a new version once, however many ask at once', async () => {
    await t.database.db.execute(sql`update districts set name = name`);
    const before = indexes().reads;
    await Promise.all(Array.from({ length: 20 }, (_, i) => searchRaw(`type=1&pageNum=${i + 1}`)));
    expect(indexes().reads - before).toBe(1);
  });

  it('ignores parameters it does not know, and rental filters on a sale search', async () => {
    const plain = await searchRaw('type=2&priceScope=2&rentType=1');
    expect(await searchRaw('rentType=1&priceScope=2&type=2')).toBe(plain);
    expect(await searchRaw('type=2&priceScope=2&rentType=1&utm_source=ad&x=1&keyword=')).toBe(
      plain,
    );
    expect(await searchRaw('type=1&sortType=4&rentType=1&rentPay=2')).toBe(
      await searchRaw('type=1&sortType=4'),
    );
  });

  it('shows a price change, a take-down and an edit at once', async () => {
    const word = '价变';
    const { id, form } = await saleListing(t, owner, admin, titled(word));
    const query = `type=1&keyword=${encodeURIComponent(`缓存测试${word}`)}`;
    const found = await searchTwice(query);
    expect(found.list.map((card) => card.id)).toEqual([id]);

    const repriced = await t.app.inject({
      method: 'POST',
      url: `/api/listings/${id}/price`,
      headers: owner,
      payload: { price: 1_234_000 },
    });
    expect(repriced.statusCode, repriced.body).toBe(200);
    expect((await search(query)).list[0]?.price, 'the new price at once').toBe(1_234_000);

    // An edit of a published listing sends it back to review: out of search at once, and back
    // with its new title when approved.
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/listings/${id}`,
      headers: owner,
      payload: { ...form, price: 1_234_000, title: titled(`${word}新`) },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await search(query)).total, 'under review again: not shown').toBe(0);
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/listing-review/${id}/approve`,
      headers: admin,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await searchTwice(query)).list[0]?.title).toBe(titled(`${word}新`));

    const takenDown = await t.app.inject({
      method: 'POST',
      url: `/api/admin/listings/${id}/take-down`,
      headers: admin,
      payload: { reason: '房源信息不实' },
    });
    expect(takenDown.statusCode, takenDown.body).toBe(200);
    expect((await search(query)).total, 'taken down: gone at once').toBe(0);
    const detail = await t.app.inject({ method: 'GET', url: `/api/listings/${id}` });
    expect(detail.statusCode, 'and its page is gone at once').toBe(404);
  });

  it('serves no personal part: a favourite shows nowhere in the kept answer', async () => {
    const word = '收藏';
    const { id } = await saleListing(t, owner, admin, titled(word));
    const query = `type=1&keyword=${encodeURIComponent(`缓存测试${word}`)}`;
    const fan = await newCitizen(t, '13700000371');
    const other = await newCitizen(t, '13700000372');
    const collected = await t.app.inject({
      method: 'POST',
      url: '/api/favourites/toggle',
      headers: fan.headers,
      payload: { businessId: id, businessType: 'LISTING', collected: true },
    });
    expect(collected.statusCode, collected.body).toBe(200);
    const asFan = await searchRaw(query, fan.headers);
    const asOther = await searchRaw(query, other.headers);
    const asVisitor = await searchRaw(query);
    expect(asOther).toBe(asFan);
    expect(asVisitor).toBe(asFan);
    expect(asFan).not.toMatch(/collected|favou?rit|已收藏/i);
    // The favourite is the fan's alone, answered per viewer on the detail.
    const detail = async (headers: Headers) =>
      (await t.app.inject({ method: 'GET', url: `/api/listings/${id}`, headers })).json().data
        .collected as boolean;
    expect(await detail(fan.headers)).toBe(true);
    expect(await detail(other.headers)).toBe(false);
  });

  it('keeps its index over detail views, which only move the 浏览量 (10 s at most)', async () => {
    const version = async () =>
      Number(
        (
          await selectRows<{ version: string | number }>(
            t.database.db,
            sql`select version from read_versions where name = 'listing_search'`,
          )
        )[0]?.version,
      );
    const [first] = (await search('type=1&sortType=4')).list;
    expect(first).toBeDefined();
    const before = await version();
    const viewed = await t.app.inject({ method: 'GET', url: `/api/listings/${first?.id}` });
    expect(viewed.statusCode, viewed.body).toBe(200);
    expect(await version(), 'a view does not move the version').toBe(before);
    await searchTwice('type=1&sortType=4');
  });

  it('sends a URL what it got only in the year it was written (房龄 counts from the year)', async () => {
    const url = '/api/listings?type=1&ageScope=1';
    await searchRaw('type=1&ageScope=1');
    const year = beijingYearOf();
    expect(await keptListingSearchBodyOf(t.database.db, url, year)).toBeDefined();
    expect(await keptListingSearchBodyOf(t.database.db, url, year + 1)).toBeUndefined();
    expect(await keptListingSearchBodyOf(t.database.db, `${url}&x=1`, year)).toBeUndefined();
  });

  it('reads the search version only while the versions heard are not known current', async () => {
    const reads = versionReadsOf(t.database.db);
    if (t.database.feed) {
      // PostgreSQL with its version feed's connection lost: one read per request.
      await loseFeedConnection(t.database);
      const { calls } = reads;
      await search('type=1');
      expect(t.database.feed.fresh(), 'still connecting again').toBe(false);
      expect(reads.calls).toBe(calls + 1);
    }
    // The embedded database announces each new version in process, and PostgreSQL's feed, once
    // fresh, has heard it: no read at all.
    expect(await viewersWithoutWrites(t.database, 5, () => search('type=1'), reads)).toBe(0);
  });
});

describe('ListingSearchIndexes', () => {
  it('reads again at a newer version, or when older than the age a search allows', async () => {
    const kept = new ListingSearchIndexes(t.database.db);
    const first = await kept.at(5, 60_000, undefined, 1_000);
    expect(kept.reads).toBe(1);
    expect(await kept.at(5, 10_000, undefined, 10_999), 'within 10 s').toBe(first);
    expect(await kept.at(5, 60_000, undefined, 11_000), 'within 60 s').toBe(first);
    const again = await kept.at(5, 10_000, undefined, 11_000);
    expect(again, 'a 浏览量 sort allows 10 s').not.toBe(first);
    expect(kept.reads).toBe(2);
    const newer = await kept.at(6, 60_000, undefined, 11_001);
    expect(newer.version).toBe(6);
    expect(await kept.at(5, 60_000, undefined, 11_002), 'an older version asked').toBe(newer);
    expect(kept.reads).toBe(3);
  });
});

describe('KeptAnswers', () => {
  const body = (text: string) => Buffer.from(text);

  it('serves an answer no older than its maximum age, even at an unchanged version', async () => {
    const answers = new KeptAnswers({ entries: 10, bytes: 1000, maxAgeMs: 10_000 });
    let reads = 0;
    const produce = async () => body(`answer ${++reads}`);
    expect(String(await answers.answer('k', 1, produce, 0))).toBe('answer 1');
    expect(String(await answers.answer('k', 1, produce, 9_999))).toBe('answer 1');
    expect(String(await answers.answer('k', 1, produce, 10_000))).toBe('answer 2');
    expect(String(await answers.answer('k', 2, produce, 10_001))).toBe('answer 3');
    expect(reads).toBe(3);
  });

  it('keeps at most its entries and bytes, dropping the least recently used', async () => {
    const answers = new KeptAnswers({ entries: 3, bytes: 25, maxAgeMs: 10_000 });
    for (const key of ['a', 'b', 'c']) await answers.answer(key, 1, async () => body('12345'), 0);
    await answers.answer('a', 1, async () => body('never'), 1); // a is used again
    await answers.answer('d', 1, async () => body('12345'), 2); // b goes
    expect(answers.size).toBe(3);
    const { produced } = answers;
    await answers.answer('a', 1, async () => body('never'), 3);
    expect(answers.produced).toBe(produced);
    await answers.answer('b', 1, async () => body('12345'), 4);
    expect(answers.produced).toBe(produced + 1);
    await answers.answer('e', 1, async () => body('x'.repeat(20)), 5);
    expect(answers.bytes).toBeLessThanOrEqual(25);
  });

  it('serves an answer asked to be kept for less no longer than that', async () => {
    const answers = new KeptAnswers({ entries: 10, bytes: 1000, maxAgeMs: 60_000 });
    let reads = 0;
    const produce = async () => body(`answer ${++reads}`);
    await answers.answer('views', 1, produce, 0, 10_000);
    expect(String(await answers.answer('views', 1, produce, 9_999, 10_000))).toBe('answer 1');
    expect(String(await answers.answer('views', 1, produce, 10_000, 10_000))).toBe('answer 2');
  });

  it('states the search answers’ maximum ages and bounds', () => {
    expect(LISTING_SEARCH_KEEP.viewSortMaxAgeMs).toBe(10_000);
    expect(LISTING_SEARCH_KEEP.maxAgeMs).toBe(60_000);
    expect(LISTING_SEARCH_KEEP.entries).toBeGreaterThan(0);
  });
});
