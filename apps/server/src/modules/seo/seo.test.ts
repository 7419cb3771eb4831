import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LISTING_STATUS } from '@portal/shared/constants/listing-status';
import { LISTING_TYPE } from '@portal/shared/constants/listings';
import { NEWS_STATUS } from '@portal/shared/status';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { buildApp } from '../../app';
import { communities, news, projects, secondHandListings, users } from '../../db/schema/index';
import { newCitizen, saleListing } from '../listings/listings-test-helpers';
import { bearerFor } from '../news/test-helpers';

const ORIGIN = 'https://fc.qhd.example.cn';
const SHELL = '<!doctype html><title>房地产交易服务平台</title><div id="root"></div>';

/** The page shell, with its head written for the page (page-meta.test.ts checks the head). */
function expectShell(body: string, url: string) {
  expect(body, url).toMatch(/^<!doctype html><title>[^<]+<\/title>/);
  expect(body, url).toMatch(/<div id="root"><\/div>$/);
}

let t: TestApp;
let web: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.05, env: { PUBLIC_ORIGIN: ORIGIN } });
  mkdirSync(path.join(t.config.webDist, 'assets'), { recursive: true });
  writeFileSync(path.join(t.config.webDist, 'index.html'), SHELL);
  writeFileSync(path.join(t.config.webDist, 'assets', 'app-1a2b.js'), 'console.log(1)');
  web = await buildApp({ config: t.config, database: t.database, logger: false });
  await web.ready();
});
afterAll(async () => {
  await web?.close();
  await t?.dispose();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  web.inject({ method: 'GET', url: encodeURI(url), headers });

async function sitemapLocs(): Promise<string[]> {
  const res = await get('/sitemap.xml');
  expect(res.statusCode).toBe(200);
  return [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
}

async function listing(type: number, status: number) {
  const [row] = await t.database.db
    .select({ id: secondHandListings.id })
    .from(secondHandListings)
    .where(and(eq(secondHandListings.type, type), eq(secondHandListings.publishStatus, status)))
    .orderBy(asc(secondHandListings.id))
    .limit(1);
  if (!row) throw new Error(`no seeded listing of type ${type} in state ${status}`);
  return row.id;
}

async function setListingStatus(id: number, status: number) {
  await t.database.db
    .update(secondHandListings)
    .set({ publishStatus: status })
    .where(eq(secondHandListings.id, id));
}

describe('robots.txt', () => {
  it('opens the public pages, closes personal pages, the console, the API and simulators', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    for (const closed of ['/admin', '/api', '/dev', '/myOrder', '/myInfomation', '/login']) {
      expect(lines).toContain(`Disallow: ${closed}`);
    }
    // /feedback (personal) is closed exactly, so /feedbackpage (public) stays open.
    expect(lines).toContain('Disallow: /feedback$');
    expect(lines).toContain('Disallow: /feedback?');
    expect(lines).not.toContain('Disallow: /feedback');
    for (const open of ['/home', '/newHouse', '/houseHome', '/detailscs', '/feedbackpage']) {
      const blocked = lines
        .filter((line) => line.startsWith('Disallow: '))
        .map((line) => line.slice('Disallow: '.length))
        .some((rule) => !rule.endsWith('$') && !rule.endsWith('?') && open.startsWith(rule));
      expect(blocked, open).toBe(false);
    }
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});

describe('sitemap.xml', () => {
  it('lists the home page, the fixed public pages and every published record with its last change', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const locs = await sitemapLocs();
    for (const page of [
      '/',
      '/newHouse',
      '/secondhandhouse',
      '/informationAndPolicyPage',
      '/about',
    ]) {
      expect(locs).toContain(`${ORIGIN}${page}`);
    }
    expect(locs.some((loc) => /\/(myOrder|login|admin|api)/.test(loc))).toBe(false);

    const db = t.database.db;
    const published = await db
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.publishStatus, 3));
    const hidden = await db
      .select({ id: projects.id })
      .from(projects)
      .where(ne(projects.publishStatus, 3));
    expect(published.length).toBeGreaterThan(0);
    for (const { id } of published) expect(locs).toContain(`${ORIGIN}/houseHome?id=${id}`);
    for (const { id } of hidden) expect(locs).not.toContain(`${ORIGIN}/houseHome?id=${id}`);

    const articles = await db
      .select({ id: news.id, updatedAt: news.updatedAt })
      .from(news)
      .where(eq(news.newsState, NEWS_STATUS.PUBLISHED));
    expect(articles.length).toBeGreaterThan(0);
    const article = articles[0]!;
    expect(res.body).toContain(
      `<url><loc>${ORIGIN}/informationAndPolicyDetails?id=${article.id}</loc><lastmod>${article.updatedAt.toISOString()}</lastmod></url>`,
    );
    const rent = await listing(LISTING_TYPE.RENT, LISTING_STATUS.PUBLISHED);
    expect(locs).toContain(`${ORIGIN}/detailscz?id=${rent}`);
    expect(locs).not.toContain(`${ORIGIN}/detailscs?id=${rent}`);

    // Every 小区 the city records, with its last change.
    const places = await db.select({ id: communities.id }).from(communities);
    expect(places.length).toBeGreaterThan(0);
    for (const { id } of places) expect(locs).toContain(`${ORIGIN}/community?id=${id}`);
  });

  it('follows a 小区 record change: the sitemap is rebuilt with its new last change', async () => {
    const db = t.database.db;
    const [place] = await db.select().from(communities).orderBy(communities.id).limit(1);
    if (!place) throw new Error('no community');
    await sitemapLocs();
    const changed = new Date('2031-03-04T05:06:07.000Z');
    await db.update(communities).set({ updatedAt: changed }).where(eq(communities.id, place.id));
    const res = await get('/sitemap.xml');
    expect(res.body).toContain(
      `<url><loc>${ORIGIN}/community?id=${place.id}</loc><lastmod>${changed.toISOString()}</lastmod></url>`,
    );
  });

  it('leaves out a listing hidden from search by three reports, and lists it again once dismissed', async () => {
    const owner = await bearerFor(t.database.db, '13800000001');
    const admin = await bearerFor(t.database.db, '13900000000');
    const { id } = await saleListing(t, owner, admin, '海港区 河东路 三室两厅 举报');
    const loc = `${ORIGIN}/detailscs?id=${id}`;
    expect(await sitemapLocs()).toContain(loc);
    for (const phone of ['13733330001', '13733330002', '13733330003']) {
      const reporter = await newCitizen(t, phone);
      // Only verified or established reporters count toward hiding.
      await t.database.db
        .update(users)
        .set({ realNameAuth: true })
        .where(eq(users.id, reporter.id));
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/listings/${id}/reports`,
        headers: reporter.headers,
        payload: { reason: 'sold' },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await sitemapLocs()).not.toContain(loc);
    const dismissed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/listing-reports/${id}/decision`,
      headers: admin,
      payload: { decision: 'dismiss' },
    });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(await sitemapLocs()).toContain(loc);
  });

  it('adds a listing the console approves and drops it when its owner withdraws it', async () => {
    const owner = await bearerFor(t.database.db, '13800000001');
    const admin = await bearerFor(t.database.db, '13900000000');
    const before = await sitemapLocs();
    const { id } = await saleListing(t, owner, admin, '海港区 文化路 两室一厅 南向');
    const loc = `${ORIGIN}/detailscs?id=${id}`;
    expect(before).not.toContain(loc);

    const published = await sitemapLocs();
    expect(published).toContain(loc);
    expect((await get(`/detailscs?id=${id}`)).statusCode).toBe(200);

    const withdrawn = await t.app.inject({
      method: 'POST',
      url: `/api/listings/${id}/audit`,
      headers: owner,
      payload: { operation: 4 },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const after = await sitemapLocs();
    expect(after).not.toContain(loc);
    expect(after.length).toBe(published.length - 1);
    expect((await get(`/detailscs?id=${id}`)).statusCode).toBe(404);
  });

  it('follows changes made straight in the database too', async () => {
    const withdrawn = await listing(LISTING_TYPE.SALE, LISTING_STATUS.PUBLISHED);
    const pending = await listing(LISTING_TYPE.SALE, LISTING_STATUS.PENDING);
    const before = await sitemapLocs();
    expect(before).toContain(`${ORIGIN}/detailscs?id=${withdrawn}`);
    expect(before).not.toContain(`${ORIGIN}/detailscs?id=${pending}`);

    await setListingStatus(withdrawn, LISTING_STATUS.WITHDRAWN);
    await setListingStatus(pending, LISTING_STATUS.PUBLISHED);
    const after = await sitemapLocs();
    expect(after).not.toContain(`${ORIGIN}/detailscs?id=${withdrawn}`);
    expect(after).toContain(`${ORIGIN}/detailscs?id=${pending}`);

    await setListingStatus(withdrawn, LISTING_STATUS.PUBLISHED);
    await setListingStatus(pending, LISTING_STATUS.PENDING);
  });

  it('answers a crawler that has the current sitemap with 304', async () => {
    const first = await get('/sitemap.xml');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    const again = await get('/sitemap.xml', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('page statuses', () => {
  it('answers the app pages with 200 and the page shell', async () => {
    const project = await t.database.db
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.publishStatus, 3))
      .limit(1);
    const sale = await listing(LISTING_TYPE.SALE, LISTING_STATUS.PUBLISHED);
    const [article] = await t.database.db
      .select({ id: news.id })
      .from(news)
      .where(eq(news.newsState, NEWS_STATUS.PUBLISHED))
      .limit(1);
    for (const url of [
      '/',
      '/home',
      '/home/',
      '/newHouse?keyword=海港',
      '/about',
      '/myOrder',
      '/login?redirect=/myOrder',
      '/admin',
      '/admin/news/edit?id=3',
      `/houseHome?id=${project[0]!.id}`,
      `/houseType?id=${project[0]!.id}`,
      `/detailscs?id=${sale}`,
      `/informationAndPolicyDetails?id=${article!.id}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expectShell(res.body, url);
    }
  });

  it('answers unknown addresses and missing or hidden records with 404 and the page shell', async () => {
    const withdrawn = await listing(LISTING_TYPE.SALE, LISTING_STATUS.PUBLISHED);
    await setListingStatus(withdrawn, LISTING_STATUS.WITHDRAWN);
    const rent = await listing(LISTING_TYPE.RENT, LISTING_STATUS.PUBLISHED);
    const [hiddenProject] = await t.database.db
      .select({ id: projects.id })
      .from(projects)
      .where(ne(projects.publishStatus, 3))
      .limit(1);
    const [draft] = await t.database.db
      .select({ id: news.id })
      .from(news)
      .where(ne(news.newsState, NEWS_STATUS.PUBLISHED))
      .limit(1);
    const urls = [
      '/no-such-page',
      '/home/extra',
      '/404',
      '/houseHome',
      '/houseHome?id=abc',
      '/houseHome?id=99999999999',
      '/houseHome?id=999999',
      `/detailscs?id=${withdrawn}`,
      // A rental listing under the sale address.
      `/detailscs?id=${rent}`,
      '/informationAndPolicyDetails?id=999999',
    ];
    if (hiddenProject) urls.push(`/houseHome?id=${hiddenProject.id}`);
    if (draft) urls.push(`/informationAndPolicyDetails?id=${draft.id}`);
    for (const url of urls) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expectShell(res.body, url);
    }
    // A conditional request for a missing page still gets the shell, never an empty 304.
    const conditional = await get('/no-such-page', { 'if-none-match': '*' });
    expect(conditional.statusCode).toBe(404);
    expectShell(conditional.body, 'conditional');
    await setListingStatus(withdrawn, LISTING_STATUS.PUBLISHED);
  });

  it('keeps API, simulator, asset and upload misses as 404 envelopes, and serves assets', async () => {
    for (const url of ['/api/nope', '/api', '/dev/nope', '/assets/missing.js', '/oss/app/x.png']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code, url).toBe('10404');
    }
    const asset = await get('/assets/app-1a2b.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
  });
});
