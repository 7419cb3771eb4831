import { envelopeOf } from '@portal/shared/schemas/common';
import { wechatJsConfigSchema } from '@portal/shared/schemas/site';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { jsSdkSignature, JsapiTicketStore, newNonce } from './wechat-js-sdk';
import type { WechatMpGateway } from './wechat-mp';

const query = z.object({
  url: z.string().min(1, '请提供页面地址').max(2048, '页面地址过长'),
});

/**
 * Whether `url` is a page of the site: an http(s) address on the public origin, written as a
 * browser writes `location.href` (origin first, then a path). Anything else — another host, a
 * `user@` prefix, a different scheme or port — is refused, so the site signs only its own pages.
 */
export function isSitePageUrl(url: string, publicOrigin: string): boolean {
  const origin = new URL(publicOrigin).origin;
  if (!url.startsWith(`${origin}/`) && url !== origin) return false;
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}

/**
 * `GET /api/wechat/js-config?url=`: what the page's `wx.config` needs to set the WeChat share
 * card (docs/product/page-meta.md, "Share card inside WeChat"). Switched off (85012, 404) unless
 * the Official Account is configured; the ticket is kept across requests and instances
 * (wechat-js-sdk.ts).
 */
export const wechatJsConfigRoutes: FastifyPluginAsyncZod<{
  gateway: WechatMpGateway | null;
  publicOrigin: string;
  redisPrefix: string;
}> = async (app, { gateway, publicOrigin, redisPrefix }) => {
  const tickets = gateway
    ? new JsapiTicketStore(
        () => gateway.jsapiTicket(),
        app.redis,
        `${redisPrefix}wechat:jsapi-ticket:${gateway.appId}`,
      )
    : null;

  app.get(
    '/api/wechat/js-config',
    {
      schema: {
        tags: ['wechat'],
        summary: '微信内分享卡片：获取页面的 JS-SDK 配置（appId、时间戳、随机串、签名）',
        querystring: query,
        response: { 200: envelopeOf(wechatJsConfigSchema) },
      },
    },
    async (request, reply) => {
      if (!gateway || !tickets) throw new AppError('WECHAT_SHARE_OFF');
      const { url } = request.query;
      if (!isSitePageUrl(url, publicOrigin)) throw new AppError('WECHAT_SHARE_URL_INVALID');
      const ticket = await tickets.ticket();
      const timestamp = Math.floor(Date.now() / 1000);
      const nonceStr = newNonce();
      reply.header('cache-control', 'no-store');
      return ok({
        appId: gateway.appId,
        timestamp,
        nonceStr,
        signature: jsSdkSignature({ ticket, nonceStr, timestamp, url }),
      });
    },
  );
};
