import { envelopeOf } from '@portal/shared/schemas/common';
import {
  publicServicesSchema,
  type PublicServices,
  siteQrQuerySchema,
} from '@portal/shared/schemas/site';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config/index';
import { AppError } from '../lib/app-error';
import { ok } from '../lib/envelope';
import { qrSvg } from '../lib/qr-svg';

/** The public part of the outside-service configuration, for the web app (no secrets). */
export function publicServicesOf(config: AppConfig, wechatShare: boolean): PublicServices {
  const { map, miniProgramUrl } = config.services;
  return {
    siteOrigin: new URL(config.publicOrigin).origin,
    miniProgramUrl: miniProgramUrl ?? null,
    map: {
      provider: map.provider,
      key: map.key ?? null,
      reviewNumber: map.reviewNumber ?? null,
    },
    wechatShare,
    webVitalsSampleRate: config.webVitalsSampleRate,
  };
}

/**
 * `GET /api/site/services`: where QR codes point, which map tiles the pages draw and whether
 * the pages set the WeChat share card (`wechatShare`: an Official Account is configured).
 */
export const publicServicesRoutes: FastifyPluginAsyncZod<{
  config: AppConfig;
  wechatShare: boolean;
}> = async (app, { config, wechatShare }) => {
  const services = publicServicesOf(config, wechatShare);
  app.get(
    '/api/site/services',
    {
      schema: {
        tags: ['site'],
        summary: '外部服务的公开配置（二维码地址、地图底图与审图号、微信分享）',
        response: { 200: envelopeOf(publicServicesSchema) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return ok(services);
    },
  );

  app.get(
    '/api/site/qr.svg',
    {
      schema: {
        tags: ['site'],
        summary: '掌上服务二维码（SVG）：配置了小程序时为小程序链接，否则为本站该页面的地址',
        querystring: siteQrQuerySchema,
      },
    },
    async (request, reply) => {
      const page = new URL(request.query.path, services.siteOrigin);
      if (page.origin !== services.siteOrigin) {
        throw new AppError('VALIDATION_FAILED', '页面地址须为本站以 / 开头的路径');
      }
      const target = services.miniProgramUrl ?? page.href;
      // The same as /api/site/services says: a changed configuration shows within minutes.
      reply.header('cache-control', 'public, max-age=300');
      return reply.type('image/svg+xml; charset=utf-8').send(qrSvg(target));
    },
  );
};
