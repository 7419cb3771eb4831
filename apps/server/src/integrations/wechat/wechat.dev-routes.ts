import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { acceptFormBodies } from '../form-body';
import { escapeHtml, renderSimulatorPage } from '../simulator-page';
import { issueSimulatedCode } from './wechat-oauth';
import type { SharedStore } from './wechat-shared-store';
import {
  confirmScannedTicket,
  findTicket,
  markScanned,
  type WechatAccountOf,
} from './wechat-tickets';

/** The only place the simulator's authorize page sends a browser back to: our own callback. */
const OAUTH_CALLBACK_PATH = '/api/auth/wechat/oauth/callback';

const authorizeFields = z.object({
  redirect_uri: z.string().url('redirect_uri 不正确').max(500),
  state: z.string().min(1).max(128),
  scope: z.enum(['snsapi_base', 'snsapi_userinfo']),
});

/** The callback address if it is this site's own (the simulator is no open redirect). */
function ownCallback(redirectUri: string, host: string | undefined): URL {
  const url = new URL(redirectUri);
  // The host the browser used, as a URL writes it (a default port dropped).
  let own = '';
  try {
    own = new URL(`${url.protocol}//${host ?? ''}`).host;
  } catch {
    own = '';
  }
  if (!own || url.host !== own || url.pathname !== OAUTH_CALLBACK_PATH || url.search) {
    throw new AppError('VALIDATION_FAILED', 'redirect_uri 只能是本站的微信授权回调地址');
  }
  return url;
}

function authorizeForm(fields: z.infer<typeof authorizeFields>, openid: string): string {
  const hidden = (Object.entries(fields) as Array<[string, string]>)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('');
  const asks =
    fields.scope === 'snsapi_userinfo'
      ? '申请获取你的昵称、头像，用于登录本站。'
      : '申请使用你的微信身份（openid）登录本站。';
  const button = 'font-size:16px;min-height:44px;padding:8px 24px;border-radius:4px;margin:4px';
  return `<p>房地产交易服务平台${asks}</p>
<form method="post" action="/dev/wechat-oauth/authorize">${hidden}
<p><label>模拟微信用户 openid：<br><input name="openid" value="${escapeHtml(openid)}" size="32" required pattern="[A-Za-z0-9_-]{6,64}" style="font-size:16px;min-height:44px"></label></p>
<p style="color:#4e5969">同一个 openid 再次授权即为同一个微信用户；新的 openid 会创建未绑定手机号的微信账号。</p>
<button type="submit" name="decision" value="allow" style="${button};background:#07c160;color:#fff;border:0">允许</button>
<button type="submit" name="decision" value="deny" formnovalidate style="${button};background:#fff;color:#1d2129;border:1px solid #86909c">拒绝</button>
</form>`;
}

const ticketParams = z.object({ ticket: z.string().min(10).max(100) });
const OPENID_PATTERN = /^[A-Za-z0-9_-]{6,64}$/;

function confirmForm(ticket: string, openid: string): string {
  const action = `/dev/wechat/${encodeURIComponent(ticket)}`;
  return `<p>电脑上的网站请求使用微信账号登录。</p>
<form method="post" action="${escapeHtml(action)}">
<p><label>模拟微信用户 openid：<br><input name="openid" value="${escapeHtml(openid)}" size="40" required pattern="[A-Za-z0-9_-]{6,64}"></label></p>
<p style="color:#86909c">同一个 openid 再次确认即为同一个微信用户；新的 openid 会创建未绑定手机号的微信账号。</p>
<button type="submit" style="font-size:16px;padding:8px 24px;background:#07c160;color:#fff;border:0;border-radius:4px">确认登录</button>
</form>`;
}

/**
 * The WeChat simulator's phone side: the page a scanned QR opens and its confirm button, and
 * the web-authorisation page WeChat shows inside its browser (允许 / 拒绝), which returns the
 * browser to our callback with a one-time code, as WeChat does.
 */
export const wechatDevRoutes: FastifyPluginAsyncZod<{
  store: SharedStore;
  accountOf: WechatAccountOf;
}> = async (app, { store, accountOf }) => {
  acceptFormBodies(app);

  app.get(
    '/dev/wechat-oauth/authorize',
    { schema: { hide: true, querystring: authorizeFields.passthrough() } },
    async (request, reply) => {
      const { redirect_uri, state, scope } = request.query;
      ownCallback(redirect_uri, request.headers.host);
      const body = authorizeForm(
        { redirect_uri, state, scope },
        `o_sim_${randomBytes(6).toString('hex')}`,
      );
      reply.header('referrer-policy', 'no-referrer');
      return reply.type('text/html; charset=utf-8').send(renderSimulatorPage('微信授权登录', body));
    },
  );

  app.post(
    '/dev/wechat-oauth/authorize',
    {
      schema: {
        hide: true,
        body: authorizeFields.extend({
          decision: z.enum(['allow', 'deny']),
          openid: z.string().optional(),
        }),
      },
    },
    async (request, reply) => {
      const { redirect_uri, state, decision, openid } = request.body;
      const back = ownCallback(redirect_uri, request.headers.host);
      if (decision === 'allow') {
        if (!openid || !OPENID_PATTERN.test(openid)) {
          throw new AppError('VALIDATION_FAILED', 'openid 格式不正确');
        }
        back.searchParams.set('code', await issueSimulatedCode(store, openid));
      }
      back.searchParams.set('state', state);
      reply.header('referrer-policy', 'no-referrer');
      return reply.redirect(back.toString(), 302);
    },
  );
  app.get(
    '/dev/wechat/:ticket',
    { schema: { hide: true, params: ticketParams } },
    async (request, reply) => {
      const { ticket } = request.params;
      const row = await findTicket(app.db, ticket);
      if (!row) throw new AppError('NOT_FOUND', '二维码不存在');
      await markScanned(app.db, ticket);
      const isOpen = ['pending', 'scanned'].includes(row.status) && row.expiresAt > new Date();
      const body = isOpen
        ? confirmForm(ticket, `o_sim_${randomBytes(6).toString('hex')}`)
        : '<p class="empty">二维码已失效，请在电脑上刷新二维码后重新扫描。</p>';
      return reply.type('text/html; charset=utf-8').send(renderSimulatorPage('微信扫码登录', body));
    },
  );

  app.post(
    '/dev/wechat/:ticket',
    {
      schema: {
        hide: true,
        params: ticketParams,
        body: z.object({ openid: z.string().regex(OPENID_PATTERN, 'openid 格式不正确') }),
      },
    },
    async (request, reply) => {
      await confirmScannedTicket(app.db, accountOf, request.params.ticket, {
        openid: request.body.openid,
        unionid: null,
      });
      const body = '<p>已确认登录，请回到电脑上继续操作。</p>';
      return reply.type('text/html; charset=utf-8').send(renderSimulatorPage('微信扫码登录', body));
    },
  );
};
