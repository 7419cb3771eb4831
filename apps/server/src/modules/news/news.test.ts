import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { news } from '../../db/schema/index';
import { sanitizeNewsHtml } from './news-html';
import { saveNewsArticle } from './news-write.service';
import { bearerFor } from './test-helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.05 });
});
afterAll(async () => t.dispose());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('GET /api/news', () => {
  it('pages published articles of one type, 10 per page by default, newest first', async () => {
    const response = await get('/api/news?newsType=1&pageNum=1');
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.pageSize).toBe(10);
    expect(data.list.length).toBeGreaterThan(0);
    expect(data.list.every((item: { newsType: number }) => item.newsType === 1)).toBe(true);
    const times = data.list.map((item: { modifiedTime: string }) => item.modifiedTime);
    expect([...times].sort().reverse()).toEqual(times);
    const rows = await t.database.db.select().from(news).where(eq(news.newsType, 1));
    expect(data.total).toBe(rows.filter((row) => row.newsState === 3).length);
  });

  it('never lists drafts, pending or withdrawn articles', async () => {
    const [draft] = await t.database.db
      .insert(news)
      .values({ newsType: 2, newsState: 1, title: '草稿文章不应公开', content: '<p>x</p>' })
      .returning();
    const { data } = (await get('/api/news?newsType=2&pageSize=50')).json();
    expect(data.list.map((item: { id: number }) => item.id)).not.toContain(draft?.id);
    expect((await get(`/api/news/${draft?.id}`)).statusCode).toBe(404);
  });

  it('answers the second page and an empty type filter as all types', async () => {
    const first = (await get('/api/news?pageSize=3')).json().data;
    const second = (await get('/api/news?pageSize=3&pageNum=2&newsType=')).json().data;
    expect(second.pageNum).toBe(2);
    expect(second.total).toBe(first.total);
    expect(second.list[0].id).not.toBe(first.list[0].id);
  });

  it('refuses a bad type or page with 400 and a Chinese message', async () => {
    const response = await get('/api/news?newsType=9');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('10001');
    expect((await get('/api/news?pageNum=0')).statusCode).toBe(400);
  });

  it('gives at most five headlines with covers', async () => {
    const { data } = (await get('/api/news/headlines')).json();
    expect(data.length).toBeGreaterThan(0);
    expect(data.length).toBeLessThanOrEqual(5);
    expect(data[0].attachments[0].path).toMatch(/\S/);
  });
});

describe('GET /api/news/:id', () => {
  it('serves a sanitised article without script, handlers or javascript: links', async () => {
    const [row] = await t.database.db
      .insert(news)
      .values({
        newsType: 1,
        newsState: 3,
        title: '含有危险标记的文章',
        content:
          '<p onclick="alert(1)">正文</p><script>alert(2)</script><a href="javascript:alert(3)">链接</a><img src="x" onerror="alert(4)">',
      })
      .returning();
    const response = await get(`/api/news/${row?.id}`);
    expect(response.statusCode).toBe(200);
    const { content, collected, title } = response.json().data;
    expect(title).toBe('含有危险标记的文章');
    expect(content).toContain('正文');
    expect(content).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(collected).toBe(false);
  });

  it('tells a signed-in reader whether the article is a favourite', async () => {
    const headers = await bearerFor(t.database.db, '13800000001');
    const { data: page } = (await get('/api/favourites/news', headers)).json();
    const favourite = page.list[0];
    expect((await get(`/api/news/${favourite.id}`, headers)).json().data.collected).toBe(true);
  });

  it('answers 404 for an unknown article and 400 for a malformed id', async () => {
    const missing = await get('/api/news/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('文章不存在或已下线');
    expect((await get('/api/news/abc')).statusCode).toBe(400);
  });
});

describe('sanitizeNewsHtml', () => {
  it('keeps structure and safe links and drops everything executable', () => {
    const html = sanitizeNewsHtml(
      '<h2 style="color:red;position:fixed">标题</h2><iframe src="https://x"></iframe>' +
        '<a href="https://example.com" target="_blank">官网</a><style>p{}</style>' +
        '<img src="data:image/png;base64,AA" alt="图">',
    );
    expect(html).toContain('<h2 style="color:red">标题</h2>');
    expect(html).toContain('rel="noopener noreferrer"');
    expect(html).toContain('<img src="data:image/png;base64,AA" alt="图" />');
    expect(html).not.toMatch(/iframe|<style|position/);
  });
});

describe('saveNewsArticle', () => {
  it('stores sanitised HTML on create and on update', async () => {
    const id = await saveNewsArticle(t.database.db, {
      newsType: 2,
      newsState: 3,
      title: ' 保存时净化 ',
      content: '<p>正文</p><script>alert(1)</script><a href="javascript:void(0)">x</a>',
    });
    const [created] = await t.database.db.select().from(news).where(eq(news.id, id));
    expect(created?.title).toBe('保存时净化');
    expect(created?.content).toBe('<p>正文</p><a>x</a>');
    expect(created?.publishedAt).not.toBeNull();

    await saveNewsArticle(
      t.database.db,
      { newsType: 2, newsState: 3, title: '保存时净化', content: '<p onmouseover="x()">改</p>' },
      id,
    );
    const [updated] = await t.database.db.select().from(news).where(eq(news.id, id));
    expect(updated?.content).toBe('<p>改</p>');
    expect(updated?.publishedAt?.getTime()).toBe(created?.publishedAt?.getTime());
  });

  it('refuses a body that is empty once cleaned, and an unknown id', async () => {
    const draft = {
      newsType: 1,
      newsState: 1,
      title: '空',
      content: '<script>x</script>',
    } as const;
    await expect(saveNewsArticle(t.database.db, draft)).rejects.toMatchObject({ status: 400 });
    await expect(
      saveNewsArticle(t.database.db, { ...draft, content: '<p>有</p>' }, 999999),
    ).rejects.toMatchObject({ status: 404 });
  });
});
