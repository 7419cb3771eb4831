import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { groupBuySignups, projects, users } from '../../db/schema/index';
import { invalidateProjectReads } from '../../lib/read-cache';
import { createSession } from '../auth/index';

let t: TestApp;
let projectId: number;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.1 });
  const [row] = await t.database.db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.publishStatus, 3), eq(projects.groupBuy, true)))
    .limit(1);
  projectId = row?.id ?? 0;
  const [buyer] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.phone, '13800000001'));
  token = await createSession(t.database.db, buyer?.id ?? 0, { remember: false });
}, 120_000);
afterAll(async () => {
  await t.dispose();
});

const get = (url: string, auth = false) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: auth ? { authorization: `Bearer ${token}` } : {},
  });

describe('project pages', () => {
  it('answers the project with its sections', async () => {
    const res = await get(`/api/projects/${projectId}`);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.id).toBe(projectId);
    expect(data.collected).toBe(false);
    expect(data.houseModels.length).toBeGreaterThan(0);
    expect(data.companyVO.companyName).toBeTruthy();
    expect(Object.keys(data.albums)).toContain('effect');
    expect(data.groupBuy).toBe(true);
  });

  it('answers 404 in Chinese for unknown or unpublished projects and 400 for bad ids', async () => {
    const missing = await get('/api/projects/99999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('楼盘不存在或已下架');
    const [hidden] = await t.database.db
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.publishStatus, 4))
      .limit(1);
    if (hidden) expect((await get(`/api/projects/${hidden.id}`)).statusCode).toBe(404);
    expect((await get('/api/projects/abc')).statusCode).toBe(400);
  });

  it('answers side lists of at most 10 and the same-price list without the project', async () => {
    for (const url of ['/api/projects/recommended', '/api/projects/popular']) {
      const list = (await get(url)).json().data;
      expect(list.length).toBeGreaterThan(0);
      expect(list.length).toBeLessThanOrEqual(10);
    }
    const same = (await get(`/api/projects/${projectId}/same-price`)).json().data;
    expect(same.every((p: { id: number }) => p.id !== projectId)).toBe(true);
  });

  it('answers a building excerpt of at most 6 floors with room colours', async () => {
    const { data } = (await get(`/api/projects/${projectId}/building-excerpt`)).json();
    expect(data.floors.length).toBeGreaterThan(0);
    expect(data.floors.length).toBeLessThanOrEqual(6);
    const colours = data.floors.flatMap((f: { houseList: Array<{ color: string }> }) =>
      f.houseList.map((r) => r.color),
    );
    expect(colours.every((c: string) => ['green', 'blue', 'gray', 'yellow'].includes(c))).toBe(
      true,
    );
  });

  it('answers the project news 15 per page', async () => {
    const { data } = (await get(`/api/projects/${projectId}/news`)).json();
    expect(data.pageSize).toBe(15);
    expect(data.list.length).toBeLessThanOrEqual(15);
  });

  it('serves a renamed project at once after invalidation', async () => {
    await get(`/api/projects?keyword=${encodeURIComponent('焕新测试名')}`);
    await t.database.db
      .update(projects)
      .set({ publishName: '焕新测试名' })
      .where(eq(projects.id, projectId));
    invalidateProjectReads();
    const res = await get(`/api/projects/${projectId}`);
    expect(res.json().data.publishName).toBe('焕新测试名');
  });
});

describe('favourites of projects', () => {
  it('keeps collectNumber right under concurrent toggles and lists the favourite', async () => {
    const toggle = (collected: boolean) =>
      t.app.inject({
        method: 'POST',
        url: '/api/favourites/toggle',
        headers: { authorization: `Bearer ${token}` },
        payload: { businessId: projectId, businessType: 'PROJECT', collected },
      });
    expect((await toggle(false)).statusCode).toBe(200);
    const before = (await get(`/api/projects/${projectId}`, true)).json().data;
    expect(before.collected).toBe(false);
    await Promise.all(Array.from({ length: 8 }, () => toggle(true)));
    const after = (await get(`/api/projects/${projectId}`, true)).json().data;
    expect(after.collectNumber).toBe(before.collectNumber + 1);
    expect(after.collected).toBe(true);
    const mine = (await get('/api/favourites/projects', true)).json().data;
    expect(mine.pageSize).toBe(10);
    expect(mine.list.map((p: { id: number }) => p.id)).toContain(projectId);
    await Promise.all(Array.from({ length: 8 }, () => toggle(false)));
    const undone = (await get(`/api/projects/${projectId}`)).json().data;
    expect(undone.collectNumber).toBe(before.collectNumber);
    await toggle(true);
  });

  it('refuses the favourite list without a session', async () => {
    const res = await get('/api/favourites/projects');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('90001');
  });
});

describe('group-buy', () => {
  const signUp = (payload: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/api/projects/${projectId}/group-buy`, payload });

  it('validates the group-buy form with its Chinese messages', async () => {
    const res = await signUp({ username: '', tel: '' });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('请输入姓名');
    const bad = await signUp({ username: '张三', tel: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('手机号码格式错误');
  });

  it('stores sign-ups, counts down the quota and refuses when full', async () => {
    const stored = await t.database.db.$count(
      groupBuySignups,
      eq(groupBuySignups.projectId, projectId),
    );
    const state = (await get(`/api/projects/${projectId}/group-buy`)).json().data;
    expect(state.remaining).toBe(Math.max(0, 10 - stored));
    const first = await signUp({ username: '王小明', tel: '13912345600' });
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe('提交成功！');
    expect(first.json().data.participants[0]).toMatchObject({
      username: '王**',
      tel: '139****5600',
    });
    const again = await signUp({ username: '王小明', tel: '13912345600' });
    expect(again.statusCode).toBe(409);
  });

  it('answers 404 for a project without a group-buy', async () => {
    const [plain] = await t.database.db
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.publishStatus, 3), eq(projects.groupBuy, false)))
      .limit(1);
    const res = await get(`/api/projects/${plain?.id}/group-buy`);
    expect(res.statusCode).toBe(404);
  });
});
