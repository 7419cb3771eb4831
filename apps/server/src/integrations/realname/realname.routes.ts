import { REALNAME_BACK_COOKIE, sameSitePath } from '@portal/shared/return-to';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { escapeHtml } from '../simulator-page';
import type { RealnameService } from './realname-service';

const tokenParams = z.object({ token: z.string().min(10).max(100) });

/**
 * On a phone the verification page opened in place of the site's page (no QR): the page it left
 * is named by a short-lived cookie, and the result page links back to it — a path of this site
 * only, never an address from elsewhere.
 */
export function backLink(request: FastifyRequest): string {
  const back = sameSitePath(request.cookies?.[REALNAME_BACK_COOKIE]);
  if (!back) return '';
  const style =
    'display:inline-block;min-height:44px;line-height:44px;padding:0 24px;border-radius:4px;' +
    'background:#1d5fd6;color:#fff;text-decoration:none;font-size:16px';
  return `<p><a href="${escapeHtml(back)}" style="${style}">返回继续办理</a></p>`;
}

/** A small page for the citizen's phone after the provider's flow (no simulator label). */
function resultPage(title: string, text: string, extra = ''): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,"Noto Sans CJK SC",sans-serif;margin:0;padding:48px 24px;text-align:center;color:#1f2329}h1{font-size:22px}p{font-size:16px;color:#4e5969}</style>
</head><body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${extra}</body></html>`;
}

/**
 * The provider side of real-name verification: `/api/realname/go/:token` (what our QR encodes)
 * forwards the phone to the provider's page; `/api/realname/return/:token` is where the provider
 * sends it back. The result is then fetched by the server from the provider; the return visit
 * itself proves nothing.
 */
export const realnameProviderRoutes: FastifyPluginAsyncZod<{ realname: RealnameService }> = async (
  app,
  { realname },
) => {
  app.get(
    '/api/realname/go/:token',
    { schema: { hide: true, params: tokenParams } },
    async (request, reply) => {
      const page = await realname.providerPage(request.params.token);
      if (!page) {
        return reply
          .type('text/html; charset=utf-8')
          .send(resultPage('二维码已失效', '请在网页上重新获取实名认证二维码。'));
      }
      return reply.redirect(page, 302);
    },
  );

  app.get(
    '/api/realname/return/:token',
    { schema: { hide: true, params: tokenParams } },
    async (request, reply) => {
      const status = await realname.refreshByToken(request.params.token).catch((error: unknown) => {
        if (error instanceof AppError) return error.message;
        throw error;
      });
      const [title, text] =
        status === 'passed'
          ? ['认证成功', '实名认证已完成，请回到网页继续操作。']
          : status === 'pending'
            ? ['认证处理中', '认证结果稍后同步，请回到网页查看。']
            : status === 'failed' || status === 'closed'
              ? ['认证未通过', '请回到网页重新获取二维码后再试。']
              : ['认证未完成', status];
      return reply
        .type('text/html; charset=utf-8')
        .send(resultPage(title, text, backLink(request)));
    },
  );
};
