import {
  accessTokenSchema,
  bindPhoneSchema,
  wechatPollSchema,
  wechatQrSchema,
} from '@portal/shared/schemas/auth';
import { envelopeOf } from '@portal/shared/schemas/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { z } from 'zod';
import type { WechatLoginGateway } from '../../integrations/wechat/index';
import {
  issueTicket,
  WECHAT_BIND_WINDOW_MS,
  WECHAT_TICKET_TTL_MS,
} from '../../integrations/wechat/wechat-tickets';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { isOwnOrigin, setSessionCookies } from '../access/index';
import { clientOf, requestOrigin } from './auth-client';
import { bindPhoneToWechat, completeWechatSignIn, pollWechatTicket } from './wechat.service';

/** The cookie holding the secret of the browser that asked for the current QR ticket. */
export const WECHAT_TICKET_COOKIE = 'portal_wechat_ticket';
/** Its name when cookies are Secure: the `__Host-` prefix also forbids a Domain attribute. */
export const SECURE_WECHAT_TICKET_COOKIE = '__Host-portal_wechat_ticket';

function ticketCookieName(request: FastifyRequest): string {
  return request.server.sessionCookies.secure ? SECURE_WECHAT_TICKET_COOKIE : WECHAT_TICKET_COOKIE;
}

function browserSecretOf(request: FastifyRequest): string | undefined {
  return request.cookies?.[ticketCookieName(request)];
}

/** A sign-in state change from a page of another site is refused, as for every state change. */
function refuseForeignOrigin(request: FastifyRequest): void {
  const origin = request.headers.origin;
  if (origin !== undefined && !isOwnOrigin(request, origin)) throw new AppError('CSRF_REFUSED');
}

const ticketBody = z.object({
  ticket: z.string().min(10).max(100),
  /** The agreement version the sign-in page showed and the user ticked. */
  agreementVersion: z.number().int().positive().optional(),
});

/**
 * WeChat QR sign-in (docs/product/accounts.md): the QR encodes what the configured gateway makes of a fresh
 * ticket (the Official Account's parametric QR, or the simulator's confirm page on the origin
 * the browser used, so a phone on the LAN can scan it). The browser that asked for the ticket
 * gets its secret in an HttpOnly, SameSite cookie; it polls the ticket's status (GET) and, once
 * confirmed, opens the session with a POST (docs/security.md, "WeChat sign-in").
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
    async (request, reply) => {
      if (!wechat) throw new AppError('WECHAT_UNAVAILABLE');
      refuseForeignOrigin(request);
      const { row, browserSecret } = await issueTicket(app.db);
      const confirmUrl = await wechat.qrContentFor({
        ticket: row.ticket,
        ttlSeconds: WECHAT_TICKET_TTL_MS / 1000,
        origin: requestOrigin(request),
      });
      const url = await QRCode.toDataURL(confirmUrl, { margin: 1, width: 220 });
      reply.setCookie(ticketCookieName(request), browserSecret, {
        path: '/',
        httpOnly: true,
        secure: app.sessionCookies.secure,
        sameSite: 'strict',
        // The ticket's lifetime and then the bind-phone step of a WeChat-only account.
        maxAge: (WECHAT_TICKET_TTL_MS + WECHAT_BIND_WINDOW_MS) / 1000,
      });
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
        summary: '轮询微信扫码状态（只报告状态，不登录）',
        querystring: z.object({
          ticket: z.string().min(10).max(100),
          /** Accepted for older pages; the agreement version is given on completion. */
          agreementVersion: z.coerce.number().int().positive().optional(),
        }),
        response: { 200: envelopeOf(wechatPollSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await pollWechatTicket(app.db, request.query.ticket, browserSecretOf(request)));
    },
  );

  app.post(
    '/api/auth/wechat/complete',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: '微信扫码确认后登录（一次有效）',
        body: ticketBody,
        response: { 200: envelopeOf(wechatPollSchema) },
      },
    },
    async (request, reply) => {
      refuseForeignOrigin(request);
      const { ticket, agreementVersion } = request.body;
      const result = await completeWechatSignIn(
        app.db,
        ticket,
        browserSecretOf(request),
        clientOf(request),
        agreementVersion,
      );
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
      refuseForeignOrigin(request);
      const token = await bindPhoneToWechat(
        app.db,
        request.body,
        browserSecretOf(request),
        clientOf(request),
      );
      setSessionCookies(reply, token, { remember: false });
      return ok({ access_token: token }, '绑定成功');
    },
  );
};
