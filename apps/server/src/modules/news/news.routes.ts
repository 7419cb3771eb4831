import { NEWS_LIMITS } from '@portal/shared/constants/news';
import { envelopeOf, pagedOf } from '@portal/shared/schemas/common';
import {
  newsDetailSchema,
  newsIdParamsSchema,
  newsItemSchema,
  newsListQuerySchema,
} from '@portal/shared/schemas/news';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { yieldTo } from '../../lib/foreground-gate';
import { sendJsonBytes } from '../../lib/json-bytes';
import { answerKeptByUrl, createAppReadCache } from '../../lib/read-cache';
import { getNewsDetail, listHeadlines, listNews } from './news.service';

const newsPageAnswer = envelopeOf(pagedOf(newsItemSchema));
const newsDetailAnswer = envelopeOf(newsDetailSchema);

/**
 * Public news and policy: lists by type, the home headlines and the article page. The lists are
 * hot public reads, kept in process as the bytes of their answers (docs/architecture.md, "Kept
 * answers of public reads"), and so is the article page of a visitor who is not signed in (a
 * signed-in reader's 已收藏 is personal: their answer is written for them and never kept); every
 * article write empties the cache through `invalidateProjectReads()`.
 */
export const newsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Public reads make way for a deposit order running now (lib/foreground-gate.ts).
  app.addHook('onRequest', yieldTo(app.foreground));
  const cache = createAppReadCache(app);
  app.get(
    '/api/news',
    {
      schema: {
        tags: ['news'],
        summary: '资讯与政策列表（仅已发布，按修改时间倒序）',
        querystring: newsListQuerySchema,
        response: { 200: newsPageAnswer },
      },
      onRequest: answerKeptByUrl(cache),
    },
    async (request, reply) =>
      sendJsonBytes(
        reply,
        {
          body: await cache.answerFor(
            request.url,
            `news|${JSON.stringify(request.query)}`,
            newsPageAnswer,
            () => listNews(app.readDb, request.query),
          ),
        },
        false,
      ),
  );

  app.get(
    '/api/news/headlines',
    {
      schema: {
        tags: ['news'],
        summary: '首页头条轮播（最多 5 条）',
        response: { 200: envelopeOf(z.array(newsItemSchema)) },
      },
    },
    async () =>
      ok(await cache.get('headlines', () => listHeadlines(app.readDb, NEWS_LIMITS.headlineCount))),
  );

  app.get(
    '/api/news/:id',
    {
      schema: {
        tags: ['news'],
        summary: '文章详情（内容已净化；登录时带收藏状态）',
        params: newsIdParamsSchema,
        response: { 200: newsDetailAnswer },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const userId = request.user?.id ?? null;
      if (userId !== null) return ok(await getNewsDetail(app.db, id, userId));
      const body = await cache.answer(`article|${id}`, newsDetailAnswer, () =>
        getNewsDetail(app.db, id, null),
      );
      return sendJsonBytes(reply, { body }, false);
    },
  );
};
