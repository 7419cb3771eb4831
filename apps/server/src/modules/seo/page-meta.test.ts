import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LISTING_STATUS } from '@portal/shared/constants/listing-status';
import { LISTING_TYPE } from '@portal/shared/constants/listings';
import { PROJECT_STATUS, NEWS_STATUS } from '@portal/shared/status';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { buildApp } from '../../app';
import { communities, news, projects, secondHandListings } from '../../db/schema/index';
import { bearerFor } from '../news/test-helpers';

const ORIGIN = 'https://fc.qhd.example.cn';
const SHELL = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="UTF-8" />
    <meta name="keywords" content="" />
    <meta name="description" content="" />
    <title>房地产交易服务平台</title>
  </head>
  <body><div id="root"></div></body>
</html>`;
const SITE = '秦皇岛市房地产交易服务平台';

let t: TestApp;
let web: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.05, env: { PUBLIC_ORIGIN: ORIGIN } });
  mkdirSync(path.join(t.config.webDist, 'assets'), { recursive: true });
  writeFileSync(path.join(t.config.webDist, 'index.html'), SHELL);
  web = await buildApp({ config: t.config, database: t.database, logger: false });
  await web.ready();
});
afterAll(async () => {
  await web?.close();
  await t?.dispose();
});

const get = (url: string) => web.inject({ method: 'GET', url: encodeURI(url) });

/** The head facts of a page as a crawler reads them. */
async function headOf(url: string) {
  const res = await get(url);
  const html = res.body;
  const one = (pattern: RegExp) => pattern.exec(html)?.[1];
  const og = (name: string) => one(new RegExp(`<meta property="og:${name}" content="([^"]*)"`));
  const ldText = one(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/);
  return {
    status: res.statusCode,
    html,
    titles: [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]),
    title: one(/<title>([^<]*)<\/title>/),
    description: one(/<meta name="description" content="([^"]*)"/),
    descriptionCount: [...html.matchAll(/<meta name="description"/g)].length,
    canonical: one(/<link rel="canonical" href="([^"]*)"/),
    robots: one(/<meta name="robots" content="([^"]*)"/),
    og,
    ldText,
    ld: ldText ? (JSON.parse(ldText) as Record<string, unknown>) : undefined,
  };
}

async function firstProject() {
  const [row] = await t.database.db
    .select({ id: projects.id, name: projects.publishName, price: projects.platformPrice })
    .from(projects)
    .where(and(eq(projects.publishStatus, PROJECT_STATUS.PUBLISHED), isNotNull(projects.coverPath)))
    .orderBy(asc(projects.id))
    .limit(1);
  if (!row) throw new Error('no published project with a cover');
  return row;
}

async function firstListing(type: number) {
  const [row] = await t.database.db
    .select({ id: secondHandListings.id, title: secondHandListings.title })
    .from(secondHandListings)
    .where(
      and(
        eq(secondHandListings.type, type),
        eq(secondHandListings.publishStatus, LISTING_STATUS.PUBLISHED),
      ),
    )
    .orderBy(asc(secondHandListings.id))
    .limit(1);
  if (!row) throw new Error(`no published listing of type ${type}`);
  return row;
}

async function firstArticle() {
  const [row] = await t.database.db
    .select({ id: news.id, title: news.title })
    .from(news)
    .where(eq(news.newsState, NEWS_STATUS.PUBLISHED))
    .orderBy(asc(news.id))
    .limit(1);
  if (!row) throw new Error('no published article');
  return row;
}

describe('the page shell names each page', () => {
  it('a project page: title, description, canonical, share tags and Product data', async () => {
    const project = await firstProject();
    const head = await headOf(`/houseHome?id=${project.id}&from=home&utm_source=x`);
    expect(head.status).toBe(200);
    expect(head.titles).toEqual([`${project.name}-新房-${SITE}`]);
    expect(head.description).toContain(project.name);
    expect(head.description).toContain('秦皇岛市');
    expect(head.descriptionCount).toBe(1);
    expect(head.canonical).toBe(`${ORIGIN}/houseHome?id=${project.id}`);
    expect(head.robots).toBeUndefined();
    expect(head.og('title')).toBe(head.title);
    expect(head.og('description')).toBe(head.description);
    expect(head.og('url')).toBe(head.canonical);
    expect(head.og('type')).toBe('website');
    expect(head.og('site_name')).toBe(SITE);
    expect(head.og('image')).toMatch(new RegExp(`^${ORIGIN}/oss/app/.+`));
    expect(head.ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: project.name,
      image: head.og('image'),
      offers: { '@type': 'Offer', price: project.price, priceCurrency: 'CNY' },
    });
  });

  it('a project sub-page names its section and keeps its own canonical address', async () => {
    const project = await firstProject();
    const head = await headOf(`/houses?id=${project.id}`);
    expect(head.title).toBe(`${project.name}-楼盘表-新房-${SITE}`);
    expect(head.canonical).toBe(`${ORIGIN}/houses?id=${project.id}`);
  });

  it('a sale and a rental listing: 二手房 and 租房 titles with an offer', async () => {
    const sale = await firstListing(LISTING_TYPE.SALE);
    const saleHead = await headOf(`/detailscs?id=${sale.id}`);
    expect(saleHead.status).toBe(200);
    expect(saleHead.title).toBe(`${sale.title}-二手房-${SITE}`);
    expect(saleHead.canonical).toBe(`${ORIGIN}/detailscs?id=${sale.id}`);
    expect(saleHead.description).toMatch(/㎡/);
    expect(saleHead.ld).toMatchObject({
      '@type': 'Product',
      name: sale.title,
      offers: { '@type': 'Offer', priceCurrency: 'CNY' },
    });
    const rent = await firstListing(LISTING_TYPE.RENT);
    const rentHead = await headOf(`/detailscz?id=${rent.id}`);
    expect(rentHead.title).toBe(`${rent.title}-租房-${SITE}`);
    expect(rentHead.ld).toMatchObject({
      offers: { priceSpecification: { unitText: '元/月' } },
    });
  });

  it('an article: 政策资讯 title, article share type and NewsArticle data', async () => {
    const article = await firstArticle();
    const head = await headOf(`/informationAndPolicyDetails?id=${article.id}`);
    expect(head.status).toBe(200);
    expect(head.title).toBe(`${article.title}-政策资讯-${SITE}`);
    expect(head.og('type')).toBe('article');
    expect(head.description?.length).toBeGreaterThan(0);
    expect(head.description).not.toMatch(/<|&lt;p/);
    expect(head.ld).toMatchObject({
      '@type': 'NewsArticle',
      headline: article.title,
      publisher: { '@type': 'Organization', name: '秦皇岛市住房和城乡建设局' },
    });
    expect(typeof head.ld?.datePublished).toBe('string');
  });

  it('a 小区 page: 小区 title, its place in ApartmentComplex data, and a 404 for no such 小区', async () => {
    const [community] = await t.database.db
      .select()
      .from(communities)
      .where(isNotNull(communities.lng))
      .orderBy(asc(communities.id))
      .limit(1);
    if (!community) throw new Error('no community with a position');
    const head = await headOf(`/community?id=${community.id}&from=listing`);
    expect(head.status).toBe(200);
    expect(head.title).toBe(`${community.name}-小区-${SITE}`);
    expect(head.canonical).toBe(`${ORIGIN}/community?id=${community.id}`);
    expect(head.robots).toBeUndefined();
    expect(head.description).toContain(community.name);
    expect(head.ld).toMatchObject({
      '@type': 'ApartmentComplex',
      name: community.name,
      address: { '@type': 'PostalAddress', streetAddress: community.address },
      geo: { '@type': 'GeoCoordinates', latitude: community.lat, longitude: community.lng },
    });
    const missing = await headOf('/community?id=999999');
    expect(missing.status).toBe(404);
    expect(missing.robots).toBe('noindex');
    expect((await headOf('/community?id=abc')).status).toBe(404);
  });

  it('fixed pages: 「新房-…」, the home page by the site name, canonical without filters', async () => {
    const newHouse = await headOf('/newhouse/?district=HGQ&page=2');
    expect(newHouse.status).toBe(200);
    expect(newHouse.title).toBe(`新房-${SITE}`);
    expect(newHouse.canonical).toBe(`${ORIGIN}/newHouse`);
    expect(newHouse.ld).toBeUndefined();
    expect(newHouse.description).toContain('秦皇岛市');
    const home = await headOf('/home');
    expect(home.title).toBe(SITE);
    expect(home.canonical).toBe(`${ORIGIN}/`);
    expect((await headOf('/tool')).title).toBe(`购房计算器-${SITE}`);
  });

  it('personal pages and 404s carry the site name and ask crawlers to stay away', async () => {
    const mine = await headOf('/myOrder');
    expect(mine.status).toBe(200);
    expect(mine.title).toBe(SITE);
    expect(mine.robots).toBe('noindex');
    expect(mine.canonical).toBeUndefined();
    const missing = await headOf('/houseHome?id=999999');
    expect(missing.status).toBe(404);
    expect(missing.title).toBe(`页面不存在-${SITE}`);
    expect(missing.robots).toBe('noindex');
    expect(missing.og('title')).toBeUndefined();
    expect((await headOf('/no-such-page')).status).toBe(404);
  });
});

describe('hostile text and changes', () => {
  it('keeps a hostile title inside its element, attribute and JSON-LD, and shows edits at once', async () => {
    const article = await firstArticle();
    const hostile = `政策</title><script>alert(1)</script>"'><img src=x onerror=alert(2)>&amp;</script><!--`;
    await t.database.db.update(news).set({ title: hostile }).where(eq(news.id, article.id));
    try {
      const head = await headOf(`/informationAndPolicyDetails?id=${article.id}`);
      expect(head.html).not.toContain('<script>alert(1)');
      expect(head.html).not.toContain('<img src=x');
      expect(head.html).not.toContain('<!--');
      // One title element, one JSON-LD script: nothing broke out of either.
      expect(head.titles).toHaveLength(1);
      expect([...head.html.matchAll(/<script/g)]).toHaveLength(1);
      expect(head.ldText).not.toMatch(/[<>]/);
      expect(head.ld?.headline).toBe(hostile);
      const decoded = head.title
        ?.replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, '&');
      expect(decoded).toBe(`${hostile}-政策资讯-${SITE}`);
    } finally {
      await t.database.db.update(news).set({ title: article.title }).where(eq(news.id, article.id));
    }
    expect((await headOf(`/informationAndPolicyDetails?id=${article.id}`)).title).toBe(
      `${article.title}-政策资讯-${SITE}`,
    );
  });

  it('a withdrawn record is a 404 on the next request', async () => {
    const sale = await firstListing(LISTING_TYPE.SALE);
    expect((await headOf(`/detailscs?id=${sale.id}`)).status).toBe(200);
    await t.database.db
      .update(secondHandListings)
      .set({ publishStatus: LISTING_STATUS.WITHDRAWN })
      .where(eq(secondHandListings.id, sale.id));
    try {
      expect((await headOf(`/detailscs?id=${sale.id}`)).status).toBe(404);
    } finally {
      await t.database.db
        .update(secondHandListings)
        .set({ publishStatus: LISTING_STATUS.PUBLISHED })
        .where(eq(secondHandListings.id, sale.id));
    }
  });

  it('site settings saved in the console show in titles and share tags', async () => {
    const admin = await bearerFor(t.database.db, '13900000000');
    const before = (
      await web.inject({ method: 'GET', url: '/api/admin/site-settings', headers: admin })
    ).json().data;
    expect(before).toMatchObject({
      cityName: '秦皇岛市',
      authority: '秦皇岛市住房和城乡建设局',
      icpLink: 'https://beian.miit.gov.cn/',
    });
    expect(before.psbNumber).toMatch(/公网安备/);
    expect(before.hotline).toMatch(/\d/);
    const put = (data: Record<string, string>) =>
      web.inject({ method: 'PUT', url: '/api/admin/site-settings', headers: admin, payload: data });
    expect((await get('/newHouse')).body).toContain(`<title>新房-${SITE}</title>`);
    try {
      const saved = await put({ ...before, cityName: '北戴河区', description: '海边的房子' });
      expect(saved.statusCode).toBe(200);
      const head = await headOf('/newHouse');
      expect(head.title).toBe('新房-北戴河区房地产交易服务平台');
      expect(head.og('site_name')).toBe('北戴河区房地产交易服务平台');
      expect(head.description).toBe('海边的房子');
      const bad = await put({ ...before, psbLink: 'javascript:alert(1)' });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('网址应以 http:// 或 https:// 开头');
      const badPhone = await put({ ...before, hotline: '<b>0335</b>' });
      expect(badPhone.statusCode).toBe(400);
    } finally {
      expect((await put(before)).statusCode).toBe(200);
    }
    expect((await headOf('/newHouse')).title).toBe(`新房-${SITE}`);
    const site = (await get('/api/site/settings')).json().data;
    expect(site).toMatchObject({ cityName: '秦皇岛市', psbNumber: before.psbNumber });
  });
});
