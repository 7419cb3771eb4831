import { news } from '../db/schema/index';
import { addDays, beijingDate, type SeedContext } from './context';
import { insertRows } from './database';
import { dynamicArticle, newsArticle, policyArticle, type ArticleDraft } from './news-content';
import type { CityPlan } from './project-plan';

export interface SeededNews {
  /** All articles written, in every state. */
  total: number;
  /** Published articles (state 3) with their type. */
  published: Array<{ id: number; newsType: number }>;
}

interface Draft extends ArticleDraft {
  newsType: 1 | 2 | 3;
  projectId: number | null;
  at: Date;
}

/**
 * Writes `60 × scale` policy announcements, `80 × scale` property news and one to three project
 * updates per published project, spread over the last two years; a few are drafts, pending or
 * withdrawn, and eight recent published ones are home headlines with covers.
 */
export async function seedNews(ctx: SeedContext, plan: CityPlan): Promise<SeededNews> {
  const rng = ctx.rng('news');
  const drafts: Draft[] = [];
  for (let i = 0; i < ctx.count(60, 4); i += 1) {
    const at = addDays(ctx.now, -rng.real(0.2, 720));
    drafts.push({ ...policyArticle(rng, at.getUTCFullYear()), newsType: 1, projectId: null, at });
  }
  for (let i = 0; i < ctx.count(80, 4); i += 1) {
    const at = addDays(ctx.now, -rng.real(0.2, 720));
    drafts.push({ ...newsArticle(rng, at.getUTCMonth() + 1), newsType: 2, projectId: null, at });
  }
  for (const project of plan.projects) {
    if (project.publishStatus !== 3) continue;
    const developer = plan.companyNames[project.companyIndex] as string;
    const since = Math.min(
      720,
      Math.max(2, (ctx.now.getTime() - project.openDate.getTime()) / 86_400_000 + 30),
    );
    for (let k = rng.int(1, 3); k > 0; k -= 1) {
      const at = addDays(ctx.now, -rng.real(0.5, since));
      const month = Number(beijingDate(at).slice(5, 7));
      drafts.push({
        ...dynamicArticle(rng, project.publishName, developer, month),
        newsType: 3,
        projectId: project.id,
        at,
      });
    }
  }
  drafts.sort((a, b) => a.at.getTime() - b.at.getTime());

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
      coverPath: covered ? rng.pick(ctx.pictures.newsCovers) : null,
      viewCount: rng.int(20, 5000),
      publishedAt: state === 3 || state === 4 ? draft.at : null,
      createdAt: addDays(draft.at, -rng.real(0, 1)),
      updatedAt: draft.at,
    };
  });
  await insertRows(ctx.db, news, rows);
  ctx.log(`news: ${rows.length} articles, ${headlines.size} headlines`);
  return {
    total: rows.length,
    published: rows
      .filter((r) => r.newsState === 3)
      .map((r) => ({ id: r.id as number, newsType: r.newsType })),
  };
}
