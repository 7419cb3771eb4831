import { describe, expect, it } from 'vitest';
import { createSeedContext, SEED_REFERENCE_DATE, seedRng } from './context';
import { planArticles, type PlannedArticle } from './news';
import { planProjects } from './project-plan';
import { planBuildings } from './rooms';

/** The city's articles as the seed plans them, without a database, and its project names. */
function articlesAt(scale: number): PlannedArticle[] & { names: Map<number, string> } {
  const now = SEED_REFERENCE_DATE;
  const ctx = createSeedContext(undefined as never, {
    scale,
    now,
    pictures: undefined as never,
    log: () => undefined,
  });
  const plan = planProjects(seedRng('projects'), scale, now);
  const layout = planBuildings(ctx, plan);
  const articles = planArticles(seedRng('news'), { plan, layout, now, count: ctx.count });
  return Object.assign(articles, {
    names: new Map(plan.projects.map((p) => [p.id, p.publishName])),
  });
}

const plain = (html: string) => html.replace(/<[^>]+>/g, '');

describe('seeded articles', () => {
  const city = articlesAt(1);

  it('has no two articles with one title, at scale 1 and 3', () => {
    for (const articles of [city, articlesAt(3)]) {
      const titles = articles.map((a) => a.title);
      expect(new Set(titles).size).toBe(titles.length);
    }
  });

  it('writes every body about its title: each figure of the title is in the body', () => {
    for (const article of city) {
      const body = plain(article.content);
      for (const figure of article.title.match(/\d[\d,.]*/g) ?? []) {
        expect(body, article.title).toContain(figure);
      }
    }
  });

  it('names the project in each project update and dates every article in the past', () => {
    const updates = city.filter((a) => a.newsType === 3);
    expect(updates.length).toBeGreaterThan(80);
    for (const update of updates) {
      const name = city.names.get(update.projectId ?? 0) ?? 'unknown';
      expect(update.title.startsWith(name)).toBe(true);
      expect(plain(update.content)).toContain(name);
    }
    for (const article of city)
      expect(article.at.getTime()).toBeLessThan(SEED_REFERENCE_DATE.getTime());
  });

  it('gives the home lists eight distinct headlines of each kind', () => {
    for (const type of [1, 2] as const) {
      const latest = city.filter((a) => a.newsType === type).slice(-8);
      expect(new Set(latest.map((a) => a.title)).size).toBe(8);
    }
  });
});
