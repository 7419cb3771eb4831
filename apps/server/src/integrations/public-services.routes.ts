import { envelopeOf } from '@portal/shared/schemas/common';
import { publicServicesSchema, type PublicServices } from '@portal/shared/schemas/site';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config/index';
import { ok } from '../lib/envelope';

/** The public part of the outside-service configuration, for the web app (no secrets). */
export function publicServicesOf(config: AppConfig): PublicServices {
  const { map, miniProgramUrl } = config.services;
  return {
    siteOrigin: new URL(config.publicOrigin).origin,
    miniProgramUrl: miniProgramUrl ?? null,
    map: {
      provider: map.provider,
      key: map.key ?? null,
      reviewNumber: map.reviewNumber ?? null,
    },
  };
}

/** `GET /api/site/services`: where QR codes point and which map tiles the pages draw. */
export const publicServicesRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (
  app,
  { config },
) => {
  const services = publicServicesOf(config);
  app.get(
    '/api/site/services',
    {
      schema: {
        tags: ['site'],
        summary: '外部服务的公开配置（二维码地址、地图底图与审图号）',
        response: { 200: envelopeOf(publicServicesSchema) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return ok(services);
    },
  );
};
