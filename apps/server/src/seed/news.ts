import { NEWS_STATUS, PROJECT_STATUS } from '@portal/shared/status';
import { news } from '../db/schema/index';
import { addDays, type SeedContext } from './context';
import { insertRows } from './database';
import { MARKET_TOPICS, type MarketState } from './news-market';
import { POLICY_TOPICS, type PolicyState } from './news-policy';
import { projectEvents } from './news-projects';
import { TitleBook, toDraft, type ArticleDraft } from './news-writing';
import type { CityPictures } from './pictures/index';
import type { CityPlan } from './project-plan';
import type { Rng } from './random';
import type { CityLayout } from './rooms';

export interface SeededNews {
  /** All articles written, in every state. */
  total: number;
  /** Published articles (state 3) with their type. */
  published: Array<{ id: number; newsType: number }>;
}

/** A planned article: its draft, type, project (for updates) and publication instant. */
export interface PlannedArticle extends ArticleDraft {
  newsType: 1 | 2 | 3;
  projectId: number | null;
  at: Date;
}

/**
 * Plans the city's articles, oldest first: `60 × scale` policy announcements and `80 × scale`
 * property news over the last two years, and one to three updates of each published project
 * drawn from what actually happened there. No two articles share a title or report on the same
 * subject, and each body is about its title. Pure and deterministic for a given generator.
 */
export function planArticles(
  rng: Rng,
  input: {
    plan: CityPlan;
    layout: CityLayout;
    now: Date;
    count: (base: number, min: number) => number;
  },
): PlannedArticle[] {
  const { plan, layout, now } = input;
  const book = new TitleBook();
  const published = plan.projects.filter((p) => p.publishStatus === PROJECT_STATUS.PUBLISHED);
  const districts = [...new Set(published.map((p) => p.districtCode))];
  const policyState: PolicyState = { counters: new Map(), districts };
  const marketState: MarketState = {
    districts,
    tradeinProjects: published.filter((p) => p.tradein).length,
  };
  const instants = (n: number) =>
    Array.from({ length: n }, () => addDays(now, -rng.real(0.2, 720))).sort(
      (a, b) => a.getTime() - b.getTime(),
    );
  const drafts: PlannedArticle[] = [];
  for (const at of instants(input.count(60, 4))) {
    const text = book.claim(rng, at, policyState, POLICY_TOPICS);
    drafts.push({ ...toDraft(text), newsType: 1, projectId: null, at });
  }
  for (const at of instants(input.count(80, 4))) {
    const text = book.claim(rng, at, marketState, MARKET_TOPICS);
    drafts.push({ ...toDraft(text), newsType: 2, projectId: null, at });
  }
  for (const project of published) {
    const events = projectEvents(rng, project, layout, now).filter((e) => !book.has(e.text));
    for (const event of rng.sample(events, rng.int(1, 3))) {
      book.take(event.text);
      drafts.push({ ...toDraft(event.text), newsType: 3, projectId: project.id, at: event.at });
    }
  }
  return drafts.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/**
 * Writes the planned articles (see `planArticles`); a few are drafts, pending or withdrawn, and
 * eight recent published ones are home headlines with covers. Covers fit the topic; a project
 * update shows the project's own picture.
 */
export async function seedNews(
  ctx: SeedContext,
  plan: CityPlan,
  layout: CityLayout,
  pictures: CityPictures,
): Promise<SeededNews> {
  const rng = ctx.rng('news');
  const drafts = planArticles(rng, { plan, layout, now: ctx.now, count: ctx.count });

  const headlineCount = Math.min(8, Math.max(5, Math.round(8 * ctx.scale)));
  const headlineCandidates = drafts.filter((d) => d.newsType !== 3).slice(-headlineCount * 2);
  const headlines = new Set(headlineCandidates.filter((_, i) => i % 2 === 1));
  const rows: Array<typeof news.$inferInsert> = drafts.map((draft, index) => {
    const recent = index >= drafts.length - 40;
    const state =
      headlines.has(draft) || recent
        ? 3
        : rng.weighted<number>([
            [3, 92],
            [1, 4],
            [2, 2],
            [4, 2],
          ]);
    const isHeadline = headlines.has(draft);
    const covered = isHeadline || rng.chance(0.3);
    const cover =
      draft.newsType === 3
        ? (pictures.byProject.get(draft.projectId ?? 0)?.cover ?? null)
        : ctx.pictures.newsCovers[draft.cover ?? '楼市快讯'];
    return {
      id: index + 1,
      newsType: draft.newsType,
      newsState: state,
      title: draft.title,
      content: draft.content,
      summary: draft.summary,
      source: draft.source,
      projectId: draft.projectId,
      isHeadline,
      coverPath: covered ? cover : null,
      viewCount: rng.int(20, 5000),
      publishedAt:
        state === NEWS_STATUS.PUBLISHED || state === NEWS_STATUS.WITHDRAWN ? draft.at : null,
      createdAt: addDays(draft.at, -rng.real(0, 1)),
      updatedAt: draft.at,
    };
  });
  await insertRows(ctx.db, news, rows);
  ctx.log(`news: ${rows.length} articles, ${headlines.size} headlines`);
  return {
    total: rows.length,
    published: rows
      .filter((r) => r.newsState === NEWS_STATUS.PUBLISHED)
      .map((r) => ({ id: r.id as number, newsType: r.newsType })),
  };
}
