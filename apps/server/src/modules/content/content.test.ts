import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { projects } from '../../db/schema/index';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.2 });
});
afterAll(async () => t.dispose());

const data = async (url: string) => (await t.app.inject({ method: 'GET', url })).json().data;

describe('home content', () => {
  it('lists banners with their picture as attachments[0]', async () => {
    const banners = await data('/api/content/banners');
    expect(banners.length).toBeGreaterThan(0);
    expect(banners[0].attachments[0].path).toMatch(/\S/);
  });

  it('lists characteristic tags and up to 4 projects carrying the chosen one', async () => {
    const tags = await data('/api/content/tags?tagType=5');
    expect(tags.length).toBeGreaterThan(0);
    const cards = await data(`/api/content/home-projects?characteristicId=${tags[0].id}&size=4`);
    expect(cards.length).toBeLessThanOrEqual(4);
    for (const card of cards)
      expect(card.tagList.map((tag: { id: number }) => tag.id)).toContain(tags[0].id);
  });

  it('filters the new-house grid by district and marks the group-buy projects', async () => {
    const all = await data('/api/content/home-projects?areaCode=&size=8');
    expect(all.length).toBe(8);
    const hgq = await data('/api/content/home-projects?areaCode=HGQ&size=8');
    expect(hgq.length).toBeGreaterThan(0);
    expect(hgq.every((card: { districtCode: string }) => card.districtCode === 'HGQ')).toBe(true);
    const flagged = await t.database.db
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.groupBuy, true));
    const cards = await data('/api/content/home-projects?size=20');
    for (const card of cards) expect(card.groupBuy).toBe(flagged.some((row) => row.id === card.id));
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/content/home-projects?areaCode=XX',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('lists featured projects (at most 10) and merchants without contacts', async () => {
    const featured = await data('/api/content/featured-projects');
    expect(featured.length).toBeLessThanOrEqual(10);
    const merchants = await data('/api/content/merchants');
    expect(merchants.length).toBeGreaterThan(0);
    expect(merchants[0]).toMatchObject({ title: expect.any(String), text: expect.any(String) });
    expect(merchants[0]).not.toHaveProperty('contact');
  });
});
