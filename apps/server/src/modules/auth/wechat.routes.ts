import {
  accessTokenSchema,
  bindPhoneSchema,
  wechatPollSchema,
  wechatQrSchema,
} from '@portal/shared/schemas/auth';
import { envelopeOf } from '@portal/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { z } from 'zod';
import type { WechatLoginGateway } from '../../integrations/wechat/index';
import { issueTicket, WECHAT_TICKET_TTL_MS } from '../../integrations/wechat/wechat-tickets';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { clientOf, requestOrigin } from './auth-client';
import { setSessionCookies } from './session-cookie';
import { bindPhoneToWechat, pollWechatTicket } from './wechat.service';

/**
 * WeChat QR sign-in (docs/product/accounts.md): the QR encodes what the configured gateway makes of a fresh
 * ticket (the Official Account's parametric QR, or the simulator's confirm page on the origin
 * the browser used, so a phone on the LAN can scan it); the page polls the ticket.
 */
export const wechatRoutes: FastifyPluginAsyncZod<{ wechat: WechatLoginGateway | null }> = async (
  app,
  { wechat },
) => {
  app.post(
    '/api/auth/wechat/qr',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: '获取微信登录二维码',
        response: { 200: envelopeOf(wechatQrSchema) },
      },
    },
    async (request) => {
      if (!wechat) throw new AppError('WECHAT_UNAVAILABLE');
      const row = await issueTicket(app.db);
      const confirmUrl = await wechat.qrContentFor({
        ticket: row.ticket,
        ttlSeconds: WECHAT_TICKET_TTL_MS / 1000,
        origin: requestOrigin(request),
      });
      const url = await QRCode.toDataURL(confirmUrl, { margin: 1, width: 220 });
      return ok({
        url,
        ticket: row.ticket,
        confirmUrl,
        expiresIn: WECHAT_TICKET_TTL_MS / 1000,
        simulated: wechat.simulated,
      });
    },
  );

  app.get(
    '/api/auth/wechat/poll',
    {
      schema: {
        tags: ['auth'],
        summary: '轮询微信扫码结果',
        querystring: z.object({
          ticket: z.string().min(10).max(100),
          /** The agreement version the sign-in page showed and the user ticked. */
          agreementVersion: z.coerce.number().int().positive().optional(),
        }),
        response: { 200: envelopeOf(wechatPollSchema) },
      },
    },
    async (request, reply) => {
      const { ticket, agreementVersion } = request.query;
      const result = await pollWechatTicket(app.db, ticket, clientOf(request), agreementVersion);
      if (result.tokenInfo) {
        setSessionCookies(reply, result.tokenInfo.access_token, { remember: false });
      }
      return ok(result);
    },
  );

  app.post(
    '/api/auth/bind-phone',
    {
      schema: {
        tags: ['auth'],
        summary: '微信登录后绑定手机号',
        body: bindPhoneSchema,
        response: { 200: envelopeOf(accessTokenSchema) },
      },
    },
    async (request, reply) => {
      const token = await bindPhoneToWechat(app.db, request.body, clientOf(request));
      setSessionCookies(reply, token, { remember: false });
      return ok({ access_token: token }, '绑定成功');
    },
  );
};
