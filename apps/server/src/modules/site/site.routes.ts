import { envelopeOf } from '@portal/shared/schemas/common';
import { siteSettingsSchema } from '@portal/shared/schemas/site';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { getSiteSettings } from './site.queries';

/** Public site settings: page title, meta tags, footer filing number and copyright. */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/site/settings',
    {
      schema: {
        tags: ['site'],
        summary: '站点配置（标题、关键词、备案号、版权）',
        response: { 200: envelopeOf(siteSettingsSchema) },
      },
    },
    async () => ok(await getSiteSettings(app.db)),
  );
};
