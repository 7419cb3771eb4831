import type { WechatOAuthError } from '@portal/shared/schemas/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { WechatOAuthGateway } from '../../integrations/wechat/index';
import type { SharedStore } from '../../integrations/wechat/wechat-shared-store';
import { WECHAT_BIND_WINDOW_MS } from '../../integrations/wechat/wechat-tickets';
import { AppError } from '../../lib/app-error';
import { setSessionCookies } from '../access/index';
import { clientOf, requestOrigin } from './auth-client';
import {
  finishWechatOAuth,
  safeReturnTo,
  startWechatOAuth,
  WECHAT_OAUTH_STATE_TTL_MS,
} from './wechat-oauth.service';
import { SECURE_WECHAT_TICKET_COOKIE, WECHAT_TICKET_COOKIE } from './wechat.routes';

/** The cookie binding a web-authorisation sign-in to the browser that started it. */
export const WECHAT_OAUTH_COOKIE = 'portal_wechat_oauth';
export const SECURE_WECHAT_OAUTH_COOKIE = '__Host-portal_wechat_oauth';

export const WECHAT_OAUTH_CALLBACK_PATH = '/api/auth/wechat/oauth/callback';

function oauthCookieName(request: FastifyRequest): string {
  return request.server.sessionCookies.secure ? SECURE_WECHAT_OAUTH_COOKIE : WECHAT_OAUTH_COOKIE;
}

/** `/login` telling why WeChat's sign-in did not go through, and where the citizen was. */
function loginWithError(error: WechatOAuthError, returnTo: string | null): string {
  const query = new URLSearchParams({ wechatError: error });
  if (returnTo && returnTo !== '/') query.set('redirect', returnTo);
  return `/login?${query.toString()}`;
}

function noStore(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store');
  // The callback's URL carries the code and state: never pass it on as a Referer.
  reply.header('referrer-policy', 'no-referrer');
}

/**
 * Sign-in through WeChat's web authorisation, for pages opened inside WeChat
 * (docs/decisions/0053-wechat-web-authorisation.md). `start` keeps the page to return to,
 * sets the browser's HttpOnly cookie and sends the browser to WeChat's authorize page (or the
 * simulator's); WeChat sends it back to `callback` with `code` and `state`, which opens the
 * session (or the 绑定手机号 step) and returns the citizen to the page they were on.
 */
export const wechatOAuthRoutes: FastifyPluginAsyncZod<{
  oauth: WechatOAuthGateway | null;
  store: SharedStore;
  publicOrigin: string;
}> = async (app, { oauth, store, publicOrigin }) => {
  app.get(
    '/api/auth/wechat/oauth/start',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      // A page the browser is sent to, answered with a redirect: not part of the JSON API.
      schema: {
        hide: true,
        tags: ['auth'],
        summary: '微信内网页授权登录：跳转到微信授权页',
        querystring: z.object({
          returnTo: z.string().max(2000).optional(),
          scope: z.enum(['snsapi_base', 'snsapi_userinfo']).default('snsapi_base'),
          agreementVersion: z.coerce.number().int().positive().optional(),
        }),
      },
    },
    async (request, reply) => {
      if (!oauth)
        throw new AppError('WECHAT_UNAVAILABLE', '微信登录暂不可用，请使用手机验证码登录');
      const returnTo = safeReturnTo(request.query.returnTo);
      if (returnTo === null) {
        throw new AppError('VALIDATION_FAILED', '登录后返回的页面不正确，只能返回本站页面');
      }
      const { state, browserSecret } = await startWechatOAuth(store, {
        returnTo,
        scope: request.query.scope,
        agreementVersion: request.query.agreementVersion,
      });
      // The real account's authorised domain is PUBLIC_ORIGIN; the simulator answers on the
      // origin the browser used (a phone on the LAN of the demo).
      const origin = oauth.simulated ? requestOrigin(request) : publicOrigin;
      reply.setCookie(oauthCookieName(request), browserSecret, {
        path: '/',
        httpOnly: true,
        secure: app.sessionCookies.secure,
        // Lax: WeChat's redirect back is a top-level navigation from its own site.
        sameSite: 'lax',
        maxAge: WECHAT_OAUTH_STATE_TTL_MS / 1000,
      });
      noStore(reply);
      return reply.redirect(
        oauth.authorizeUrl({
          redirectUri: `${origin}${WECHAT_OAUTH_CALLBACK_PATH}`,
          state,
          scope: request.query.scope,
          origin,
        }),
        302,
      );
    },
  );

  app.get(
    WECHAT_OAUTH_CALLBACK_PATH,
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      // A page the browser is sent to, answered with a redirect: not part of the JSON API.
      schema: {
        hide: true,
        tags: ['auth'],
        summary: '微信网页授权回调（登录后回到原页面）',
        querystring: z.object({
          code: z.string().max(512).optional(),
          state: z.string().max(128).optional(),
        }),
      },
    },
    async (request, reply) => {
      noStore(reply);
      if (!oauth) return reply.redirect(loginWithError('unavailable', null), 302);
      const cookieName = oauthCookieName(request);
      const outcome = await finishWechatOAuth(
        app.db,
        store,
        oauth,
        {
          code: request.query.code || undefined,
          state: request.query.state || undefined,
          browserSecret: request.cookies?.[cookieName],
        },
        clientOf(request),
      );
      reply.clearCookie(cookieName, { path: '/' });
      switch (outcome.kind) {
        case 'session':
          setSessionCookies(reply, outcome.token, { remember: false });
          return reply.redirect(outcome.returnTo, 302);
        case 'bind': {
          const secure = app.sessionCookies.secure;
          reply.setCookie(
            secure ? SECURE_WECHAT_TICKET_COOKIE : WECHAT_TICKET_COOKIE,
            outcome.browserSecret,
            {
              path: '/',
              httpOnly: true,
              secure,
              sameSite: 'strict',
              maxAge: WECHAT_BIND_WINDOW_MS / 1000,
            },
          );
          const query = new URLSearchParams({ wechatBind: outcome.ticket });
          if (outcome.returnTo !== '/') query.set('redirect', outcome.returnTo);
          return reply.redirect(`/login?${query.toString()}`, 302);
        }
        case 'error':
          // The cause names the provider and its error code only (never the code or token).
          if (outcome.cause) request.log.warn({ err: outcome.cause }, '微信网页授权登录失败');
          return reply.redirect(loginWithError(outcome.error, outcome.returnTo), 302);
      }
    },
  );
};
