import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments, licences, news, projects } from '../../db/schema/index';
import {
  type AdminTestContext,
  multipartFile,
  openAdminTest,
  TINY_PNG,
} from './admin-test-helpers';

let c: AdminTestContext;
let projectId: number;

beforeAll(async () => {
  c = await openAdminTest();
  const [project] = await c.t.database.db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.publishStatus, 3))
    .limit(1);
  projectId = project?.id as number;
});

afterAll(async () => {
  await c?.t.dispose();
});

function upload(url: string) {
  const file = multipartFile('封面.png', 'image/png', TINY_PNG);
  return c.t.app.inject({
    method: 'POST',
    url,
    headers: { ...c.admin, 'content-type': file.contentType },
    payload: file.payload,
  });
}

async function storedKeys(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of c.t.app.storage.list('public', prefix)) keys.push(object.key);
  return keys;
}

const article = { newsType: 2, title: '海港区新建商品房网签量稳步回升', content: '<p>正文</p>' };

describe('news articles', () => {
  it('creates a draft with an uploaded cover, audited', async () => {
    const cover = await upload('/api/admin/uploads?kind=image');
    expect(cover.statusCode).toBe(200);
    const coverPath = cover.json().data.path as string;
    expect(coverPath).toMatch(/^admin\/images\/[0-9a-f]{24}\.png$/);

    const created = await c.send('POST', '/api/admin/news', { ...article, coverPath });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id as number;
    const [row] = await c.t.database.db.select().from(news).where(eq(news.id, id));
    expect(row).toMatchObject({ title: article.title, newsState: 1, coverPath });
    const audit = await c.lastAudit('news.create', id);
    expect(audit?.actorId).toBe(c.adminId);
    expect(audit?.before).toBeNull();
    expect(audit?.after).toMatchObject({ title: article.title, newsState: 1, coverPath });
  });

  it('refuses a cover the upload endpoint did not issue', async () => {
    for (const coverPath of [
      'seed/news/cover-1.svg',
      'admin/images/0123456789abcdef01234567.png',
      'admin/images/../../etc/passwd',
      'https://evil.example/x.png',
    ]) {
      const response = await c.send('POST', '/api/admin/news', { ...article, coverPath });
      expect(response.statusCode, coverPath).toBe(400);
      expect(response.json().message).toBe('封面图片无效，请重新上传');
    }
  });

  it('edits an article: keeps its state and cover, audits before and after', async () => {
    const db = c.t.database.db;
    const [seeded] = await db
      .select({ id: news.id, title: news.title, newsState: news.newsState, cover: news.coverPath })
      .from(news)
      .where(and(eq(news.newsState, 3), isNotNull(news.coverPath)))
      .limit(1);
    const id = seeded?.id as number;
    const detail = (await c.send('GET', `/api/admin/news/${id}`)).json().data;
    const saved = await c.send('PUT', `/api/admin/news/${id}`, {
      newsType: detail.newsType,
      title: '（更正）关于做好住房公积金缴存工作的通知',
      content: detail.content,
      coverPath: detail.coverPath,
      projectId: detail.projectId,
    });
    expect(saved.statusCode).toBe(200);
    const [row] = await db.select().from(news).where(eq(news.id, id));
    expect(row).toMatchObject({
      title: '（更正）关于做好住房公积金缴存工作的通知',
      newsState: 3,
      coverPath: seeded?.cover,
    });
    const pub = await c.t.app.inject({ url: `/api/news/${id}` });
    expect(pub.json().data.title).toBe('（更正）关于做好住房公积金缴存工作的通知');
    const audit = await c.lastAudit('news.update', id);
    expect(audit?.before).toMatchObject({ title: seeded?.title, newsState: 3 });
    expect(audit?.after).toMatchObject({ title: '（更正）关于做好住房公积金缴存工作的通知' });
    expect((await c.send('PUT', '/api/admin/news/99999999', article)).statusCode).toBe(404);
  });
});

describe('project album', () => {
  it('adds and removes a picture, each audited', async () => {
    const added = await upload(`/api/admin/projects/${projectId}/album?group=real`);
    expect(added.statusCode).toBe(200);
    const attachmentId = added.json().data.id as number;
    const detail = (await c.send('GET', `/api/admin/projects/${projectId}`)).json().data;
    const item = detail.album.find((a: { id: number }) => a.id === attachmentId);
    expect(item).toMatchObject({ group: 'real' });
    expect(await storedKeys(`project/${projectId}/`)).toContain(item.path);
    expect((await c.lastAudit('project.albumAdd', projectId))?.after).toMatchObject({
      attachmentId,
      group: 'real',
      path: item.path,
    });

    const removed = await c.send(
      'DELETE',
      `/api/admin/projects/${projectId}/album/${attachmentId}`,
    );
    expect(removed.statusCode).toBe(200);
    const rows = await c.t.database.db
      .select()
      .from(attachments)
      .where(eq(attachments.id, attachmentId));
    expect(rows).toHaveLength(0);
    expect((await c.lastAudit('project.albumRemove', projectId))?.before).toMatchObject({
      attachmentId,
      path: item.path,
    });
    expect(
      (await c.send('DELETE', `/api/admin/projects/${projectId}/album/${attachmentId}`)).statusCode,
    ).toBe(404);
  });

  it('answers 404 for an unknown project without storing the file', async () => {
    const response = await upload('/api/admin/projects/99999999/album?group=real');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('楼盘不存在');
    expect(await storedKeys('project/99999999/')).toEqual([]);
  });
});

describe('pre-sale licences', () => {
  const licence = {
    licenceNo: '秦房预售证第2026099号',
    buildingNames: '1#、2#',
    issueDate: '2026-03-01',
    scope: '住宅',
  };

  it('creates and edits a licence, audited, and refuses a duplicate number with 409', async () => {
    const created = await c.send('POST', `/api/admin/projects/${projectId}/licences`, licence);
    expect(created.statusCode).toBe(200);
    const licenceId = created.json().data.id as number;
    const [row] = await c.t.database.db.select().from(licences).where(eq(licences.id, licenceId));
    expect(row).toMatchObject({ licenceNo: licence.licenceNo, projectId });
    expect((await c.lastAudit('licence.create', projectId))?.after).toMatchObject({
      licenceId,
      licenceNo: licence.licenceNo,
    });

    const edited = await c.send('PUT', `/api/admin/projects/${projectId}/licences/${licenceId}`, {
      ...licence,
      buildingNames: '1#、2#、3#',
    });
    expect(edited.statusCode).toBe(200);
    const audit = await c.lastAudit('licence.update', projectId);
    expect(audit?.before).toMatchObject({ buildingNames: '1#、2#' });
    expect(audit?.after).toMatchObject({ licenceId, buildingNames: '1#、2#、3#' });

    const duplicate = await c.send('POST', `/api/admin/projects/${projectId}/licences`, licence);
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('该预售许可证号已存在');
  });
});

describe('site logo', () => {
  it('accepts only a logo the logo upload stored', async () => {
    const current = (await c.send('GET', '/api/admin/site-settings')).json().data;
    const forged = await c.send('PUT', '/api/admin/site-settings', {
      ...current,
      logo: 'seed/news/cover-1.svg',
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe('网站标志图片无效，请重新上传');

    const logo = await upload('/api/admin/site-settings/logo');
    expect(logo.statusCode).toBe(200);
    const saved = await c.send('PUT', '/api/admin/site-settings', {
      ...current,
      logo: logo.json().data.path,
    });
    expect(saved.statusCode).toBe(200);
    expect((await c.t.app.inject({ url: '/api/site/settings' })).json().data.logo).toBe(
      logo.json().data.path,
    );
  });
});
