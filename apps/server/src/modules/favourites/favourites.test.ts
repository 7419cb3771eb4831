import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { favourites, news, projects, users } from '../../db/schema/index';
import { bearerFor } from '../news/test-helpers';

let t: TestApp;
let buyer: { authorization: string };
let other: { authorization: string };

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.05 });
  buyer = await bearerFor(t.database.db, '13800000001');
  other = await bearerFor(t.database.db, '13800000002');
});
afterAll(async () => t.dispose());

const toggle = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/favourites/toggle', headers, payload });
const favNews = (headers: Record<string, string>, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/favourites/news${query}`, headers });

async function publishedNewsId(newsType: number, offset: number): Promise<number> {
  const rows = await t.database.db
    .select({ id: news.id })
    .from(news)
    .where(and(eq(news.newsType, newsType), eq(news.newsState, 3)))
    .orderBy(news.id)
    .offset(offset)
    .limit(1);
  return rows[0]?.id as number;
}

describe('favourites', () => {
  it('needs a session (90001, 401)', async () => {
    const response = await toggle({}, { businessId: 1, businessType: 'NEWS', collected: true });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('90001');
    expect((await favNews({})).statusCode).toBe(401);
  });

  it('adds a news favourite once, lists it first, filters by type and removes it', async () => {
    const id = await publishedNewsId(2, 0);
    await toggle(other, { businessId: id, businessType: 'NEWS', collected: false });
    const added = await toggle(other, { businessId: id, businessType: 'NEWS', collected: true });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ message: '收藏成功', data: { collected: true } });
    await toggle(other, { businessId: id, businessType: 'NEWS', collected: true });
    const rows = await t.database.db
      .select()
      .from(favourites)
      .innerJoin(users, eq(users.id, favourites.userId))
      .where(
        and(
          eq(favourites.businessId, id),
          eq(favourites.businessType, 'NEWS'),
          eq(users.phone, '13800000002'),
        ),
      );
    expect(rows).toHaveLength(1);
    const mine = (await favNews(other)).json().data;
    expect(mine.list[0].id).toBe(id);
    expect((await favNews(other, '?newsType=1')).json().data.list).toHaveLength(
      (await favNews(other, '?newsType=1')).json().data.total,
    );
    expect(
      (await favNews(other, '?newsType=1'))
        .json()
        .data.list.some((item: { id: number }) => item.id === id),
    ).toBe(false);
    const removed = await toggle(other, { businessId: id, businessType: 'NEWS', collected: false });
    expect(removed.json().message).toBe('取消收藏');
    expect((await favNews(other)).json().data.total).toBe(mine.total - 1);
  });

  it("never shows one user's favourites to another", async () => {
    const id = await publishedNewsId(1, 1);
    await toggle(buyer, { businessId: id, businessType: 'NEWS', collected: true });
    const seen = (await favNews(other, '?pageSize=50')).json().data.list;
    expect(seen.some((item: { id: number }) => item.id === id)).toBe(false);
  });

  it('moves the project follower count with project favourites', async () => {
    const [project] = await t.database.db
      .select({ id: projects.id, collectNumber: projects.collectNumber })
      .from(projects)
      .where(eq(projects.publishStatus, 3))
      .limit(1);
    const id = project?.id as number;
    await toggle(other, { businessId: id, businessType: 'PROJECT', collected: false });
    const [before] = await t.database.db
      .select({ n: projects.collectNumber })
      .from(projects)
      .where(eq(projects.id, id));
    await toggle(other, { businessId: id, businessType: 'PROJECT', collected: true });
    await toggle(other, { businessId: id, businessType: 'PROJECT', collected: true });
    const [after] = await t.database.db
      .select({ n: projects.collectNumber })
      .from(projects)
      .where(eq(projects.id, id));
    expect(after?.n).toBe((before?.n ?? 0) + 1);
  });

  it('refuses unknown targets with 404 and bad bodies with 400', async () => {
    const missing = await toggle(other, {
      businessId: 999999,
      businessType: 'NEWS',
      collected: true,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('文章不存在');
    const bad = await toggle(other, { businessId: 1, businessType: 'HOUSE', collected: true });
    expect(bad.statusCode).toBe(400);
  });
});
