import { NEWS_LIMITS } from '@portal/shared/constants/news';
import { envelopeOf } from '@portal/shared/schemas/common';
import {
  bannerSchema,
  homeProjectsQuerySchema,
  merchantSchema,
  projectCardSchema,
  tagListQuerySchema,
  tagSchema,
} from '@portal/shared/schemas/home';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { yieldTo } from '../../lib/foreground-gate';
import {
  listBanners,
  listFeaturedProjects,
  listHomeProjects,
  listMerchants,
  listTags,
} from './content.queries';

/** Public content of the home page and static pages: banners, tags, project blocks, merchants. */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  // Public reads make way for a deposit order running now (lib/foreground-gate.ts).
  app.addHook('onRequest', yieldTo(app.foreground));
  app.get(
    '/api/content/banners',
    {
      schema: {
        tags: ['content'],
        summary: '首页横幅轮播',
        response: { 200: envelopeOf(z.array(bannerSchema)) },
      },
    },
    async () => ok(await listBanners(app.db, 'home_banner')),
  );

  app.get(
    '/api/content/tags',
    {
      schema: {
        tags: ['content'],
        summary: '标签列表（5 楼盘特色，6 出售，7 出租）',
        querystring: tagListQuerySchema,
        response: { 200: envelopeOf(z.array(tagSchema)) },
      },
    },
    async (request) => ok(await listTags(app.db, request.query.tagType)),
  );

  app.get(
    '/api/content/home-projects',
    {
      schema: {
        tags: ['content'],
        summary: '首页楼盘（按特色标签或区域）',
        querystring: homeProjectsQuerySchema,
        response: { 200: envelopeOf(z.array(projectCardSchema)) },
      },
    },
    async (request) => ok(await listHomeProjects(app.db, request.query)),
  );

  app.get(
    '/api/content/featured-projects',
    {
      schema: {
        tags: ['content'],
        summary: '推荐楼盘（文章页侧栏，最多 10 个）',
        response: { 200: envelopeOf(z.array(projectCardSchema)) },
      },
    },
    async () => ok(await listFeaturedProjects(app.db, NEWS_LIMITS.articleRecommendCount)),
  );

  app.get(
    '/api/content/merchants',
    {
      schema: {
        tags: ['content'],
        summary: '以旧换新商家',
        response: { 200: envelopeOf(z.array(merchantSchema)) },
      },
    },
    async () => ok(await listMerchants(app.db)),
  );
};
