import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { CallbackGuard, parseWechatXml, scannedTicket, textReply } from './wechat-callback';
import type { WechatMpGateway } from './wechat-mp';
import { confirmTicket } from './wechat-tickets';

const signed = z.object({
  signature: z.string().max(64).optional(),
  timestamp: z.string().max(20).optional(),
  nonce: z.string().max(64).optional(),
  echostr: z.string().max(200).optional(),
});

/**
 * The Official Account's server callback (`/api/wechat/callback`, configured in the account's
 * 服务器配置, plain-text mode): GET answers WeChat's URL check; POST receives scan events. Every
 * call's signature, time and nonce are checked before anything is read. A scan of a login QR
 * confirms its ticket for the scanning openid (and unionid); the user gets a reply message.
 */
export const wechatCallbackRoutes: FastifyPluginAsyncZod<{ gateway: WechatMpGateway }> = async (
  app,
  { gateway },
) => {
  const guard = new CallbackGuard(gateway.callbackToken);
  app.addContentTypeParser(
    ['text/xml', 'application/xml'],
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/api/wechat/callback',
    { schema: { hide: true, querystring: signed } },
    async (request, reply) => {
      if (guard.refusal(request.query)) throw new AppError('WECHAT_CALLBACK_INVALID');
      return reply.type('text/plain; charset=utf-8').send(request.query.echostr ?? '');
    },
  );

  app.post(
    '/api/wechat/callback',
    { schema: { hide: true, querystring: signed } },
    async (request, reply) => {
      const refusal = guard.refusal(request.query);
      if (refusal) {
        request.log.warn({ refusal }, 'wechat callback refused');
        throw new AppError('WECHAT_CALLBACK_INVALID');
      }
      const fields = parseWechatXml(typeof request.body === 'string' ? request.body : '');
      const ticket = scannedTicket(fields);
      const openid = fields.FromUserName ?? '';
      if (!ticket || !/^[A-Za-z0-9_-]{6,64}$/.test(openid)) {
        return reply.type('text/plain; charset=utf-8').send('success');
      }
      const unionid = await gateway.unionidOf(openid).catch(() => null);
      const content = await confirmTicket(app.db, ticket, openid, unionid)
        .then(() => '您已确认登录城市房产交易服务平台，请回到电脑上继续操作。')
        .catch((error: unknown) => {
          if (error instanceof AppError) return '二维码已失效，请在电脑上刷新二维码后重新扫描。';
          throw error;
        });
      return reply
        .type('application/xml; charset=utf-8')
        .send(textReply(openid, fields.ToUserName ?? '', content));
    },
  );
};
