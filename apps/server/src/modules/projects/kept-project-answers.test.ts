import { NEWS_STATUS, PROJECT_STATUS } from '@portal/shared/status';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { news, projects } from '../../db/schema/index';
import { invalidateProjectReads, projectReadCacheStats } from '../../lib/read-cache';
import { bearerFor } from '../news/test-helpers';

// Kept answers of the project, news, map and dashboard reads (docs/architecture.md, "Kept
// answers of public reads"): served as kept bytes, current after every write, and never holding
// one viewer's 已收藏 for another.

type Headers = { authorization: string } | Record<string, never>;

let t: TestApp;
let projectId: number;
let projectName: string;
let articleId: number;
let fan: Headers;
let other: Headers;

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.05 });
  const [project] = await t.database.db
    .select({ id: projects.id, name: projects.publishName })
    .from(projects)
    .where(eq(projects.publishStatus, PROJECT_STATUS.PUBLISHED))
    .limit(1);
  projectId = project?.id ?? 0;
  projectName = project?.name ?? '';
  const [article] = await t.database.db
    .select({ id: news.id })
    .from(news)
    .where(eq(news.newsState, NEWS_STATUS.PUBLISHED))
    .orderBy(desc(news.updatedAt))
    .limit(1);
  articleId = article?.id ?? 0;
  fan = await bearerFor(t.database.db, '13800000001');
  other = await bearerFor(t.database.db, '13800000002');
}, 120_000);
afterAll(async () => t.dispose());

async function get(url: string, headers: Headers = {}) {
  const response = await t.app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, body: response.body, json: response.json() };
}

/**
 * The same read asked twice by visitors: the second is served kept (a hit, no load), by its URL
 * alone (before its query is checked) where `byUrl` says the route answers so.
 */
async function askedTwice(url: string, byUrl = false) {
  const first = await get(url);
  expect(first.status, first.body).toBe(200);
  const before = projectReadCacheStats();
  const second = await get(url);
  const after = projectReadCacheStats();
  expect(after.misses, `${url}: the second ask loads nothing`).toBe(before.misses);
  expect(after.hits).toBeGreaterThan(before.hits);
  if (byUrl) expect(after.urlHits, `${url}: answered by its URL`).toBe(before.urlHits + 1);
  expect(second.body).toBe(first.body);
  return second.json;
}

async function setProject(values: Partial<typeof projects.$inferInsert>) {
  await t.database.db.update(projects).set(values).where(eq(projects.id, projectId));
  // What every project write of the operator console does (projects.admin.service.ts).
  invalidateProjectReads();
}

describe('kept answers of the project reads', () => {
  it('serve a price change on the page, in the search and on the map at once', async () => {
    const search = `/api/projects?keyword=${encodeURIComponent(projectName)}`;
    const detail = `/api/projects/${projectId}`;
    const mapList = `/api/map/projects?keyword=${encodeURIComponent(projectName)}`;
    const page = await askedTwice(detail);
    await askedTwice(search, true);
    await askedTwice(mapList, true);
    await askedTwice('/api/analytics/counters');
    const price = Number(page.data.platformPrice) + 111;
    await setProject({ platformPrice: price });
    expect((await get(detail)).json.data.platformPrice, 'the page at once').toBe(price);
    const found = (await get(search)).json.data.list.find(
      (p: { id: number }) => p.id === projectId,
    );
    expect(found?.platformPrice ?? found?.price, 'the search at once').toBeDefined();
    expect(JSON.stringify(found)).toContain(String(price));
    expect((await get(mapList)).body, 'the map list at once').toContain(String(price));
  });

  it('drop a project taken down from the page and the search at once', async () => {
    const search = `/api/projects?keyword=${encodeURIComponent(projectName)}`;
    await askedTwice(search, true);
    await askedTwice(`/api/projects/${projectId}`);
    await setProject({ publishStatus: PROJECT_STATUS.TAKEN_DOWN });
    try {
      expect((await get(`/api/projects/${projectId}`)).status).toBe(404);
      const ids = (await get(search)).json.data.list.map((p: { id: number }) => p.id);
      expect(ids).not.toContain(projectId);
    } finally {
      await setProject({ publishStatus: PROJECT_STATUS.PUBLISHED });
    }
    expect((await get(`/api/projects/${projectId}`)).status).toBe(200);
  });

  it('never serve one viewer’s 已收藏 to another, and count the follower at once here', async () => {
    const url = `/api/projects/${projectId}`;
    const toggle = (collected: boolean) =>
      t.app.inject({
        method: 'POST',
        url: '/api/favourites/toggle',
        headers: fan,
        payload: { businessId: projectId, businessType: 'PROJECT', collected },
      });
    expect((await toggle(false)).statusCode).toBe(200);
    const before = await askedTwice(url);
    expect(before.data.collected).toBe(false);
    expect((await toggle(true)).statusCode).toBe(200);
    const mine = (await get(url, fan)).json.data;
    expect(mine.collected, 'the fan sees their own 已收藏').toBe(true);
    expect((await get(url, other)).json.data.collected, 'another citizen does not').toBe(false);
    const visitor = (await get(url)).json.data;
    expect(visitor.collected, 'nor a visitor').toBe(false);
    expect(visitor.collectNumber, '关注人数 moved at once on this instance').toBe(
      before.data.collectNumber + 1,
    );
    // Asked by the fan first, then by others: still nobody else's.
    expect((await get(url, fan)).json.data.collected).toBe(true);
    expect((await get(url, other)).json.data.collected).toBe(false);
    expect((await toggle(false)).statusCode).toBe(200);
  });
});

describe('kept answers of news', () => {
  it('serve the list and the article kept, drop a withdrawn article at once', async () => {
    const list = '/api/news?pageNum=1&pageSize=50';
    const article = `/api/news/${articleId}`;
    await askedTwice(article);
    const listed = await askedTwice(list);
    expect(listed.data.list.map((a: { id: number }) => a.id)).toContain(articleId);
    await t.database.db
      .update(news)
      .set({ newsState: NEWS_STATUS.WITHDRAWN })
      .where(eq(news.id, articleId));
    invalidateProjectReads();
    try {
      expect((await get(article)).status).toBe(404);
      const ids = (await get(list)).json.data.list.map((a: { id: number }) => a.id);
      expect(ids).not.toContain(articleId);
    } finally {
      await t.database.db
        .update(news)
        .set({ newsState: NEWS_STATUS.PUBLISHED })
        .where(eq(news.id, articleId));
      invalidateProjectReads();
    }
  });

  it('never serve one reader’s 已收藏 of an article to another', async () => {
    const url = `/api/news/${articleId}`;
    const collect = await t.app.inject({
      method: 'POST',
      url: '/api/favourites/toggle',
      headers: fan,
      payload: { businessId: articleId, businessType: 'NEWS', collected: true },
    });
    expect(collect.statusCode, collect.body).toBe(200);
    expect((await get(url, fan)).json.data.collected).toBe(true);
    expect((await askedTwice(url)).data.collected).toBe(false);
    expect((await get(url, other)).json.data.collected).toBe(false);
    expect((await get(url, fan)).json.data.collected).toBe(true);
  });
});
