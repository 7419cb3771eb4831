import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { acceptFormBodies } from '../form-body';
import { escapeHtml, renderSimulatorPage } from '../simulator-page';
import { confirmTicket, findTicket, markScanned } from './wechat-tickets';

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

/** The WeChat simulator's phone side: the page a scanned QR opens, and its confirm button. */
export const wechatDevRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptFormBodies(app);
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
      await confirmTicket(app.db, request.params.ticket, request.body.openid);
      const body = '<p>已确认登录，请回到电脑上继续操作。</p>';
      return reply.type('text/html; charset=utf-8').send(renderSimulatorPage('微信扫码登录', body));
    },
  );
};
