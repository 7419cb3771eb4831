import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { adminAuditLog, houseModels, pois, questions } from '../../db/schema/index';
import { newCitizen } from '../listings/listings-test-helpers';
import { bearerFor } from '../news/test-helpers';

/** The operator console's screens of buyer facts: 户型 list, points of interest, 问答 moderation. */

type AnyHeaders = Record<string, string>;
let t: TestApp;
let buyer: AnyHeaders;
let admin: AnyHeaders;

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.05 });
  buyer = await bearerFor(t.database.db, '13800000001');
  admin = await bearerFor(t.database.db, '13900000000');
});
afterAll(async () => t.dispose());

const get = (url: string, headers: AnyHeaders = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: unknown, headers: AnyHeaders = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });
const del = (url: string, headers: AnyHeaders = {}) =>
  t.app.inject({ method: 'DELETE', url, headers });

async function lastAudit(action: string, targetId: number) {
  const [row] = await t.database.db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.action, action), eq(adminAuditLog.targetId, targetId)))
    .orderBy(desc(adminAuditLog.id))
    .limit(1);
  return row;
}

describe('户型 of a project in the console', () => {
  it('lists the models of the project, and 404s an unknown project', async () => {
    const [model] = await t.database.db.select().from(houseModels).limit(1);
    if (!model) throw new Error('no seeded house model');
    const res = await get(`/api/admin/house-models?projectId=${model.projectId}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data as Array<{ id: number; houseType: string; area: number }>;
    expect(list.map((m) => m.id)).toContain(model.id);
    expect(typeof list[0]?.area).toBe('number');
    const missing = await get('/api/admin/house-models?projectId=999999', admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('楼盘不存在');
    expect(
      (await get(`/api/admin/house-models?projectId=${model.projectId}`, buyer)).statusCode,
    ).toBe(403);
  });
});

describe('周边配套 in the console', () => {
  it('lists points by district, kind and name, and deletes one with an audit entry', async () => {
    const imported = await post(
      '/api/admin/pois/import',
      {
        format: 'csv',
        text: '类别,名称,经度,纬度,地址,学区\n学校,控制台测试小学,119.601,39.931,测试路1号,海港区第一学区\n银行,控制台测试银行,119.602,39.932,,\n医院,,119.6,39.9,,\n',
      },
      admin,
    );
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().data).toMatchObject({ added: 2 });
    expect(imported.json().data.problems).toHaveLength(1);
    expect(imported.json().data.problems[0].message).toMatch(/[\u4e00-\u9fa5]/);

    const listed = await get(
      `/api/admin/pois?category=school&keyword=${encodeURIComponent('控制台测试')}`,
      admin,
    );
    expect(listed.statusCode, listed.body).toBe(200);
    const page = listed.json().data;
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({
      name: '控制台测试小学',
      category: 'school',
      schoolZone: '海港区第一学区',
      source: 'import',
      lng: 119.601,
    });
    const id = page.list[0].id as number;
    const [stored] = await t.database.db.select().from(pois).where(eq(pois.id, id));
    if (stored?.districtCode) {
      const byDistrict = await get(
        `/api/admin/pois?districtCode=${stored.districtCode}&keyword=${encodeURIComponent('控制台测试小学')}`,
        admin,
      );
      expect(byDistrict.json().data.list.map((p: { id: number }) => p.id)).toEqual([id]);
      expect(byDistrict.json().data.list[0].districtName).toBeTruthy();
    }
    // A `%` in the name search is a percent sign, not "anything".
    expect((await get('/api/admin/pois?keyword=%25', admin)).json().data.total).toBe(0);
    const badKind = await get('/api/admin/pois?category=castle', admin);
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().message).toContain('配套类别不正确');

    expect((await del(`/api/admin/pois/${id}`, buyer)).statusCode).toBe(403);
    const removed = await del(`/api/admin/pois/${id}`, admin);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await t.database.db.select().from(pois).where(eq(pois.id, id))).toHaveLength(0);
    const audit = await lastAudit('poi.delete', id);
    expect(audit?.before).toMatchObject({ name: '控制台测试小学', category: 'school' });
    const again = await del(`/api/admin/pois/${id}`, admin);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('配套点不存在');
  });
});

describe('问答 moderation', () => {
  it('hides a reported question with a reason, lists it hidden, and restores it', async () => {
    const [project] = (
      (await t.database.db.execute(
        sql`select id from projects where publish_status = 3 order by id limit 1`,
      )) as unknown as { rows: Array<{ id: number }> }
    ).rows;
    const asker = await newCitizen(t, '13700000051', '问答管理测试');
    const asked = await post(
      '/api/questions',
      { targetType: 'project', targetId: project?.id, body: '这里是广告，加微信了解' },
      asker.headers,
    );
    expect(asked.statusCode, asked.body).toBe(200);
    const qid = asked.json().data.id as number;
    expect((await post('/api/questions/report', { id: qid }, buyer)).statusCode).toBe(200);

    const noReason = await post(`/api/admin/questions/${qid}/hide`, {}, admin);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('请填写原因');
    const hidden = await post(
      `/api/admin/questions/${qid}/hide`,
      { reason: '含有广告信息' },
      admin,
    );
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(
      (await post(`/api/admin/questions/${qid}/hide`, { reason: '再次隐藏' }, admin)).statusCode,
    ).toBe(404);
    expect((await lastAudit('question.hide', qid))?.after).toMatchObject({
      isHidden: true,
      reason: '含有广告信息',
    });

    const reported = (await get('/api/admin/questions/reported', admin)).json().data;
    expect(reported.map((q: { id: number }) => q.id)).not.toContain(qid);
    expect((await get('/api/admin/questions/hidden', buyer)).statusCode).toBe(403);
    const hiddenList = (await get('/api/admin/questions/hidden', admin)).json().data;
    const entry = hiddenList.find((q: { id: number }) => q.id === qid);
    expect(entry).toMatchObject({ hiddenReason: '含有广告信息', reportCount: 1, isHidden: true });
    expect(entry.hiddenAt).toBeTruthy();
    expect(entry.hiddenByName).toBeTruthy();

    const publicList = async () =>
      (await get(`/api/questions?targetType=project&targetId=${project?.id}`)).json().data
        .list as Array<{
        id: number;
      }>;
    expect((await publicList()).map((q) => q.id)).not.toContain(qid);

    expect(
      (await post(`/api/admin/questions/${qid}/restore`, { reason: '举报不成立' }, buyer))
        .statusCode,
    ).toBe(403);
    const restored = await post(
      `/api/admin/questions/${qid}/restore`,
      { reason: '举报不成立' },
      admin,
    );
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await publicList()).map((q) => q.id)).toContain(qid);
    const [row] = await t.database.db.select().from(questions).where(eq(questions.id, qid));
    expect(row).toMatchObject({ isHidden: false, reportCount: 0, hiddenBy: null });
    expect((await lastAudit('question.restore', qid))?.after).toMatchObject({
      reason: '举报不成立',
    });
    const twice = await post(
      `/api/admin/questions/${qid}/restore`,
      { reason: '举报不成立' },
      admin,
    );
    expect(twice.statusCode).toBe(404);
    expect(twice.json().message).toBe('该问答不存在或未被隐藏');
  });
});
