import { createHash } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { news, projects } from '../../db/schema/index';
import {
  type AdminTestContext,
  multipartFile,
  openAdminTest,
  postFile,
} from '../admin/admin-test-helpers';

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

const upload = (url: string) => postFile(c, url);

/** The audit form of a stored body: its length and SHA-256 digest. */
async function bodyDigestOf(id: number) {
  const [row] = await c.t.database.db
    .select({ content: news.content })
    .from(news)
    .where(eq(news.id, id));
  const content = row?.content ?? '';
  return { length: content.length, sha256: createHash('sha256').update(content).digest('hex') };
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
      summary: detail.summary,
      source: detail.source,
      isHeadline: detail.isHeadline,
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
    expect(audit?.before).toEqual({ title: seeded?.title });
    expect(audit?.after).toEqual({ title: '（更正）关于做好住房公积金缴存工作的通知' });
    expect((await c.send('PUT', '/api/admin/news/99999999', article)).statusCode).toBe(404);
  });

  it('audits every edited field: body (length and digest), summary, source, headline, project', async () => {
    const created = await c.send('POST', '/api/admin/news', {
      ...article,
      content: '<p>原正文：三月网签量环比上升。</p>',
      summary: '原摘要',
      source: '原来源',
    });
    const id = created.json().data.id as number;
    const oldBody = await bodyDigestOf(id);
    expect((await c.lastAudit('news.create', id))?.after).toMatchObject({
      newsType: 2,
      content: oldBody,
      summary: '原摘要',
      source: '原来源',
      isHeadline: false,
      projectId: null,
    });

    const edited = await c.send('PUT', `/api/admin/news/${id}`, {
      ...article,
      newsType: 3,
      projectId,
      content: '<p>更正后正文：三月网签量环比上升12%。</p>',
      summary: '更正后摘要',
      source: '市住房和城乡建设局',
      isHeadline: true,
    });
    expect(edited.statusCode).toBe(200);
    const newBody = await bodyDigestOf(id);
    expect(newBody.sha256).not.toBe(oldBody.sha256);
    const audit = await c.lastAudit('news.update', id);
    expect(audit?.before).toEqual({
      newsType: 2,
      content: oldBody,
      summary: '原摘要',
      source: '原来源',
      projectId: null,
      isHeadline: false,
    });
    expect(audit?.after).toEqual({
      newsType: 3,
      content: newBody,
      summary: '更正后摘要',
      source: '市住房和城乡建设局',
      projectId,
      isHeadline: true,
    });

    const bodyOnly = await c.send('PUT', `/api/admin/news/${id}`, {
      ...article,
      newsType: 3,
      projectId,
      content: '<p>再次更正：三月网签量环比上升12.5%。</p>',
      summary: '更正后摘要',
      source: '市住房和城乡建设局',
      isHeadline: true,
    });
    expect(bodyOnly.statusCode).toBe(200);
    const bodyAudit = await c.lastAudit('news.update', id);
    expect(bodyAudit?.before).toEqual({ content: newBody });
    expect(bodyAudit?.after).toEqual({ content: await bodyDigestOf(id) });
  });

  it('publishes an article with an uploaded PDF attachment that visitors download', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const uploaded = await postFile(
      c,
      '/api/admin/uploads?kind=document',
      multipartFile('住房公积金政策解读.pdf', 'application/pdf', pdf),
    );
    expect(uploaded.statusCode).toBe(200);
    const { path, url, originalName } = uploaded.json().data;
    expect(path).toMatch(/^admin\/files\/[0-9a-f]{24}\.pdf$/);
    expect(originalName).toBe('住房公积金政策解读.pdf');

    const link = `<p>附件：<a href="${url}" target="_blank">${originalName}</a></p>`;
    const created = await c.send('POST', '/api/admin/news', {
      newsType: 1,
      title: '住房公积金政策解读（附件）',
      content: `<p>详见附件。</p>${link}`,
      publish: true,
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id as number;

    const pub = await c.t.app.inject({ url: `/api/news/${id}` });
    expect(pub.statusCode).toBe(200);
    const content = pub.json().data.content as string;
    const href = /<a href="([^"]+)"[^>]*>住房公积金政策解读\.pdf<\/a>/.exec(content)?.[1];
    expect(href).toBe(url);
    expect(content).toContain('rel="noopener noreferrer"');

    const file = await c.t.app.inject({ url: href as string });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/application\/pdf/);
    expect(file.rawPayload.equals(pdf)).toBe(true);
  });
});

describe('news and policy', () => {
  it('keeps a draft private, publishes it sanitised, and withdraws it', async () => {
    const created = await c.send('POST', '/api/admin/news', {
      newsType: 1,
      title: '关于规范商品房预售的通知',
      content: '<p>正文<script>alert(1)</script><img src="x" onerror="alert(2)"></p>',
      source: '市住房和城乡建设局',
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id as number;
    expect((await c.t.app.inject({ url: `/api/news/${id}` })).statusCode).toBe(404);
    // The public list of the type, read (and cached) before each change, follows it at once.
    const listedIds = async () =>
      (
        (await c.t.app.inject({ url: '/api/news?newsType=1&pageNum=1&pageSize=10' })).json().data
          .list as Array<{ id: number }>
      ).map((item) => item.id);
    expect(await listedIds()).not.toContain(id);

    const published = await c.send('POST', `/api/admin/news/${id}/publish`);
    expect(published.statusCode).toBe(200);
    const pub = await c.t.app.inject({ url: `/api/news/${id}` });
    expect(pub.statusCode).toBe(200);
    expect(pub.json().data.title).toBe('关于规范商品房预售的通知');
    expect(pub.json().data.content).not.toMatch(/script|onerror/);
    const audit = await c.lastAudit('news.publish', id);
    expect(audit?.actorId).toBe(c.adminId);
    expect(audit?.before).toEqual({ newsState: 1 });
    expect(audit?.after).toEqual({ newsState: 3 });

    expect((await c.send('POST', `/api/admin/news/${id}/publish`)).statusCode).toBe(409);
    expect(await listedIds()).toContain(id);
    expect((await c.send('POST', `/api/admin/news/${id}/withdraw`)).statusCode).toBe(200);
    expect((await c.t.app.inject({ url: `/api/news/${id}` })).statusCode).toBe(404);
    expect(await listedIds()).not.toContain(id);
    expect(await c.lastAudit('news.withdraw', id)).toBeDefined();
  });

  it('refuses an empty title with a Chinese message', async () => {
    const response = await c.send('POST', '/api/admin/news', {
      newsType: 2,
      title: '',
      content: 'x',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/标题/);
  });
});
