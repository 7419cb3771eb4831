import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import {
  CallbackGuard,
  type CallbackRefusal,
  parseWechatXml,
  scannedTicket,
  textReply,
} from './wechat-callback';
import { aesKeyOf, decryptMessage, encryptedReply } from './wechat-crypto';
import type { WechatMpGateway } from './wechat-mp';
import type { SharedStore } from './wechat-shared-store';
import {
  confirmScannedTicket,
  findTicket,
  markScanned,
  type WechatAccountOf,
} from './wechat-tickets';

const signed = z.object({
  signature: z.string().max(64).optional(),
  timestamp: z.string().max(20).optional(),
  nonce: z.string().max(64).optional(),
  echostr: z.string().max(200).optional(),
  encrypt_type: z.string().max(10).optional(),
  msg_signature: z.string().max(64).optional(),
});

const CONFIRMED = '您已确认登录城市房产交易服务平台，请回到电脑上继续操作。';
const CLOSED = '二维码已失效，请在电脑上刷新二维码后重新扫描。';

function refused(log: FastifyBaseLogger, refusal: CallbackRefusal | 'appid' | 'plain'): AppError {
  log.warn({ refusal }, 'wechat callback refused');
  return new AppError('WECHAT_CALLBACK_INVALID');
}

/**
 * The Official Account's server callback (`/api/wechat/callback`, configured in the account's
 * 服务器配置): GET answers WeChat's URL check; POST receives scan events, in 安全模式 (encrypted,
 * when WECHAT_MP_ENCODING_AES_KEY is set: plain-text messages are then refused) or plain text.
 * Every call's signature, time and nonce, and every message's time and id, are checked against
 * the shared store before anything is acted on (docs/security.md, "WeChat sign-in"). A scan of
 * an open login QR is answered at once (WeChat waits 5 seconds at most); the scanning user's
 * unionid is looked up after the answer, and the ticket is confirmed when that is done.
 */
export const wechatCallbackRoutes: FastifyPluginAsyncZod<{
  gateway: WechatMpGateway;
  store: SharedStore;
  accountOf: WechatAccountOf;
}> = async (app, { gateway, store, accountOf }) => {
  const guard = new CallbackGuard(gateway.callbackToken, store);
  const aesKey = gateway.encodingAesKey ? aesKeyOf(gateway.encodingAesKey) : null;
  const confirming = new Set<Promise<void>>();
  app.addContentTypeParser(
    ['text/xml', 'application/xml'],
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, body),
  );
  app.addHook('onClose', async () => {
    await Promise.allSettled([...confirming]);
  });

  /** Looks the user's unionid up and confirms the ticket, after the callback was answered. */
  function confirmAfterAnswer(log: FastifyBaseLogger, ticket: string, openid: string): void {
    const task = (async () => {
      const unionid = await gateway.unionidOf(openid).catch(() => {
        log.warn('wechat user info lookup failed: the scan is confirmed by openid alone');
        return null;
      });
      await confirmScannedTicket(app.db, accountOf, ticket, { openid, unionid });
    })()
      .catch((error: unknown) => {
        if (error instanceof AppError)
          log.info('wechat ticket closed before its scan was confirmed');
        else log.error({ err: error }, 'wechat scan confirmation failed');
      })
      .finally(() => confirming.delete(task));
    confirming.add(task);
  }

  app.get(
    '/api/wechat/callback',
    { schema: { hide: true, querystring: signed } },
    async (request, reply) => {
      const refusal = await guard.refusal(request.query);
      if (refusal) throw refused(request.log, refusal);
      return reply.type('text/plain; charset=utf-8').send(request.query.echostr ?? '');
    },
  );

  app.post(
    '/api/wechat/callback',
    { schema: { hide: true, querystring: signed } },
    async (request, reply) => {
      const body = typeof request.body === 'string' ? request.body : '';
      let xml = body;
      let encrypted: string | null = null;
      if (aesKey) {
        encrypted = parseWechatXml(body).Encrypt ?? '';
        if (request.query.encrypt_type !== 'aes' || !encrypted) throw refused(request.log, 'plain');
      }
      const refusal = await guard.refusal(request.query, encrypted);
      if (refusal) throw refused(request.log, refusal);
      if (aesKey && encrypted) {
        const opened = decryptMessage(aesKey, encrypted);
        if (!opened || opened.appId !== gateway.appId) throw refused(request.log, 'appid');
        xml = opened.message;
      }
      const fields = parseWechatXml(xml);
      const ticket = scannedTicket(fields);
      const openid = fields.FromUserName ?? '';
      if (!ticket || !/^[A-Za-z0-9_-]{6,64}$/.test(openid)) {
        return reply.type('text/plain; charset=utf-8').send('success');
      }
      const messageRefusal = await guard.messageRefusal(fields);
      if (messageRefusal === 'stale') throw refused(request.log, messageRefusal);
      // WeChat's own retry of a message already handled: acknowledged, nothing done again.
      if (messageRefusal) return reply.type('text/plain; charset=utf-8').send('success');

      const row = await findTicket(app.db, ticket);
      const isOpen =
        (row?.status === 'pending' || row?.status === 'scanned') && row.expiresAt > new Date();
      if (isOpen) {
        await markScanned(app.db, ticket);
        confirmAfterAnswer(request.log, ticket, openid);
      }
      const answer = textReply(openid, fields.ToUserName ?? '', isOpen ? CONFIRMED : CLOSED);
      if (!aesKey) return reply.type('application/xml; charset=utf-8').send(answer);
      const timestamp = String(Math.floor(Date.now() / 1000));
      const nonce = randomBytes(8).toString('hex');
      return reply
        .type('application/xml; charset=utf-8')
        .send(
          encryptedReply(aesKey, gateway.callbackToken, gateway.appId, answer, timestamp, nonce),
        );
    },
  );
};
