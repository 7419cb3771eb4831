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
import { createAppReadCache } from '../projects/index';
import { getNewsDetail, listHeadlines, listNews } from './news.service';

/**
 * Public news and policy: lists by type, the home headlines and the article page. The lists are
 * hot public reads, cached in process (docs/architecture.md); every article write empties the cache
 * through `invalidateProjectReads()`.
 */
export const newsRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = createAppReadCache(app);
  app.get(
    '/api/news',
    {
      schema: {
        tags: ['news'],
        summary: '资讯与政策列表（仅已发布，按修改时间倒序）',
        querystring: newsListQuerySchema,
        response: { 200: envelopeOf(pagedOf(newsItemSchema)) },
      },
    },
    async (request) =>
      ok(
        await cache.get(`news|${JSON.stringify(request.query)}`, () =>
          listNews(app.readDb, request.query),
        ),
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
        response: { 200: envelopeOf(newsDetailSchema) },
      },
    },
    async (request) => ok(await getNewsDetail(app.db, request.params.id, request.user?.id ?? null)),
  );
};
