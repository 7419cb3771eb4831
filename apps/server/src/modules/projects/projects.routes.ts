import {
  buildingExcerptQuerySchema,
  buildingExcerptSchema,
} from '@portal/shared/schemas/building-excerpt';
import { envelopeOf } from '@portal/shared/schemas/common';
import {
  projectBriefSchema,
  projectDetailSchema,
  projectIdParamsSchema,
  projectNewsItemSchema,
  projectNewsPageSchema,
  projectNewsQuerySchema,
  projectPageSchema,
  projectSearchQuerySchema,
} from '@portal/shared/schemas/projects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { yieldTo } from '../../lib/foreground-gate';
import { sendJsonBytes } from '../../lib/json-bytes';
import { answerKeptByUrl, type ReadCache } from '../../lib/read-cache';
import { findBuildingExcerpt } from './building-excerpt.queries';
import { listProjectNews } from './project-detail.queries';
import { listPopularProjects, listRecommendedProjects } from './project-lists.queries';
import {
  assertPublishedProject,
  getProjectDetail,
  getProjectNews,
  getSamePriceProjects,
  searchProjects,
} from './projects.service';

const TAGS = ['projects'];

/**
 * How old the 关注人数 of a project page may be for a visitor who is not signed in (the count moves
 * with every citizen's 收藏, which does not empty the project caches), ms. Everything else on the
 * page is current through the caches' emptying (docs/architecture.md, "Kept answers of public
 * reads").
 */
export const PROJECT_FOLLOWERS_MAX_AGE_MS = 10_000;

const projectPageAnswer = envelopeOf(projectPageSchema);
const projectDetailAnswer = envelopeOf(projectDetailSchema);
const projectNewsPageAnswer = envelopeOf(projectNewsPageSchema);
const projectBriefsAnswer = envelopeOf(z.array(projectBriefSchema));

/** Public new-build reads: the search, side lists and the project pages (docs/product/new-build.md). */
export const projectRoutes: FastifyPluginAsyncZod<{ cache: ReadCache }> = async (app, opts) => {
  // Public reads make way for a deposit order running now (lib/foreground-gate.ts).
  app.addHook('onRequest', yieldTo(app.foreground));
  const { cache } = opts;
  // A URL answered before is answered from its kept bytes while they are kept (nothing personal
  // in these answers; the project page's 已收藏 is not among them).
  const kept = answerKeptByUrl(cache);

  app.get(
    '/api/projects',
    {
      schema: {
        tags: TAGS,
        summary: '新房楼盘搜索（区域、单价、户型、面积、用途、类型、关键词、排序）',
        querystring: projectSearchQuerySchema,
        response: { 200: projectPageAnswer },
      },
      onRequest: kept,
    },
    async (request, reply) =>
      sendJsonBytes(
        reply,
        {
          body: await cache.answerFor(
            request.url,
            `search|${JSON.stringify(request.query)}`,
            projectPageAnswer,
            () => searchProjects(app.readDb, cache, request.query),
          ),
        },
        false,
      ),
  );

  app.get(
    '/api/projects/recommended',
    {
      schema: {
        tags: TAGS,
        summary: '推荐楼盘（前 10 个）',
        response: { 200: envelopeOf(z.array(projectBriefSchema)) },
      },
    },
    async () => ok(await cache.get('recommended', () => listRecommendedProjects(app.readDb))),
  );

  app.get(
    '/api/projects/popular',
    {
      schema: {
        tags: TAGS,
        summary: '猜你喜欢（关注度最高的 10 个楼盘）',
        response: { 200: envelopeOf(z.array(projectBriefSchema)) },
      },
    },
    async () => ok(await cache.get('popular', () => listPopularProjects(app.readDb))),
  );

  app.get(
    '/api/projects/news-timeline',
    {
      schema: {
        tags: TAGS,
        summary: '楼盘动态时间线（全部楼盘最新 10 条）',
        response: { 200: envelopeOf(z.array(projectNewsItemSchema)) },
      },
    },
    async () =>
      ok(
        await cache.get('timeline', async () => (await listProjectNews(app.readDb, null, 10)).list),
      ),
  );

  app.get(
    '/api/projects/:id',
    {
      schema: {
        tags: TAGS,
        summary: '楼盘详情（含收藏状态与关注人数）',
        params: projectIdParamsSchema,
        response: { 200: projectDetailAnswer },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const userId = request.user?.id ?? null;
      // 已收藏 is personal: a signed-in viewer's answer is written for them and never kept.
      if (userId !== null) return ok(await getProjectDetail(app.db, cache, id, userId));
      const body = await cache.answer(
        `detail|${id}`,
        projectDetailAnswer,
        () => getProjectDetail(app.db, cache, id, null),
        PROJECT_FOLLOWERS_MAX_AGE_MS,
      );
      return sendJsonBytes(reply, { body }, false);
    },
  );

  app.get(
    '/api/projects/:id/same-price',
    {
      schema: {
        tags: TAGS,
        summary: '同价位楼盘（前 10 个）',
        params: projectIdParamsSchema,
        response: { 200: projectBriefsAnswer },
      },
      onRequest: kept,
    },
    async (request, reply) =>
      sendJsonBytes(
        reply,
        {
          body: await cache.answerFor(
            request.url,
            `same-price|${request.params.id}`,
            projectBriefsAnswer,
            () => getSamePriceProjects(app.readDb, cache, request.params.id),
          ),
        },
        false,
      ),
  );

  app.get(
    '/api/projects/:id/news',
    {
      schema: {
        tags: TAGS,
        summary: '楼盘动态（每页 15 条）',
        params: projectIdParamsSchema,
        querystring: projectNewsQuerySchema,
        response: { 200: projectNewsPageAnswer },
      },
      onRequest: kept,
    },
    async (request, reply) => {
      const { pageNum, pageSize } = request.query;
      const { id } = request.params;
      const body = await cache.answerFor(
        request.url,
        `news|${id}|${pageNum}|${pageSize}`,
        projectNewsPageAnswer,
        () => getProjectNews(app.readDb, cache, id, pageNum, pageSize),
      );
      return sendJsonBytes(reply, { body }, false);
    },
  );

  app.get(
    '/api/projects/:id/building-excerpt',
    {
      schema: {
        tags: TAGS,
        summary: '楼盘表摘录（所选楼栋、单元的 6 层，面积筛选，实时房态）',
        params: projectIdParamsSchema,
        querystring: buildingExcerptQuerySchema,
        response: { 200: envelopeOf(buildingExcerptSchema) },
      },
    },
    async (request) => {
      await assertPublishedProject(app.db, cache, request.params.id);
      return ok(await findBuildingExcerpt(app.db, request.params.id, request.query));
    },
  );
};
