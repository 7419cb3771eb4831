import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { acceptFormBodies } from '../form-body';
import { escapeHtml, renderSimulatorPage } from '../simulator-page';
import { BankNotifier, type NotifyTransport } from './bank-notifier';
import { describePayee } from './bank-payee';
import { findSimTrade, settleSimTrade, type SimTrade } from './bank-simulator';

export interface BankDevRoutesOptions {
  /** HMAC secret shared with `/api/pay/notify`. */
  notifySecret: string;
  /** The site's own origin: notifications to it are delivered in-process. */
  publicOrigin: string;
  /** Retry schedule override (tests). */
  retryDelaysMs?: number[];
  /** Transport override (tests); default: in-process for the own origin, HTTP otherwise. */
  transport?: NotifyTransport;
}

const tradeNoSchema = z.string().regex(/^SIM[0-9A-F]{12}$/, '交易流水号不正确');

const yuan = (fen: number) =>
  (fen / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const STATUS_TEXT: Record<string, string> = {
  pending: '待支付',
  paid: '支付成功',
  failed: '支付失败',
};

function tradePage(trade: SimTrade, payee: string): string {
  const rows = [
    ['收款方', payee],
    ['商户订单号', trade.orderNo],
    ['商品', trade.subject],
    ['银行交易流水号', trade.tradeNo],
    ['交易状态', STATUS_TEXT[trade.status] ?? trade.status],
  ]
    .map(
      ([label, value]) =>
        `<tr><th>${escapeHtml(label ?? '')}</th><td>${escapeHtml(value ?? '')}</td></tr>`,
    )
    .join('');
  const amount = `<p style="font-size:28px;margin:16px 0">支付金额：<strong style="color:#c0392b">¥${escapeHtml(yuan(trade.amountFen))}</strong></p>`;
  const action = `/dev/bank/pay/${encodeURIComponent(trade.tradeNo)}`;
  const button = (result: string, label: string, colour: string) =>
    `<button type="submit" name="result" value="${result}" style="font-size:16px;padding:10px 28px;margin-right:16px;background:${colour};color:#fff;border:0;border-radius:4px;cursor:pointer">${label}</button>`;
  const actions =
    trade.status === 'pending'
      ? `<form method="post" action="${escapeHtml(action)}">${button('paid', '支付成功', '#1f8f4e')}${button('failed', '支付失败', '#c0392b')}</form>
<p style="color:#86909c">这是模拟网上银行，不会发生真实扣款。选择结果后，银行会向平台发送签名的支付结果通知，并带您返回平台。</p>`
      : `<p>该交易已处理。</p><p><a href="${escapeHtml(trade.returnUrl)}">返回平台查看订单</a></p>` +
        `<p><a href="/dev/orders?orderNo=${encodeURIComponent(trade.orderNo)}">模拟时间流逝</a>` +
        `<span style="color:#86909c">（让该订单的时间前移若干小时，体验延期、锁定到期等规则）</span></p>`;
  return `<h2 style="margin-top:0">网上银行收银台</h2><table>${rows}</table>${amount}${actions}`;
}

/** Notifications to the site itself go through `inject`; elsewhere through HTTP with a timeout. */
function defaultTransport(app: FastifyInstance, publicOrigin: string): NotifyTransport {
  const ownOrigin = new URL(publicOrigin).origin;
  return async (url, body) => {
    const target = new URL(url);
    if (target.origin === ownOrigin) {
      const response = await app.inject({
        method: 'POST',
        url: `${target.pathname}${target.search}`,
        payload: body,
      });
      return response.statusCode === 200 && response.json<{ code?: string }>().code === '000000';
    }
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(5_000),
    });
    if (!response.ok) return false;
    const envelope = (await response.json().catch(() => null)) as { code?: string } | null;
    return envelope?.code === '000000';
  };
}

/**
 * The bank simulator's pages (only while SIMULATORS is on): the cashier page the payment form
 * posts to, and its 支付成功 / 支付失败 buttons, which settle the trade, send the signed
 * notification (retried with back-off) and return the browser to the site.
 */
export const bankDevRoutes: FastifyPluginAsyncZod<BankDevRoutesOptions> = async (app, options) => {
  acceptFormBodies(app);
  const notifier = new BankNotifier(
    app.db,
    options.notifySecret,
    options.transport ?? defaultTransport(app, options.publicOrigin),
    options.retryDelaysMs,
  );
  app.addHook('onClose', async () => notifier.stop());

  const showTrade = async (tradeNo: string) => {
    const trade = await findSimTrade(app.db, { tradeNo });
    if (!trade) throw new AppError('NOT_FOUND', '交易不存在');
    return renderSimulatorPage(
      '网上银行支付',
      tradePage(trade, await describePayee(app.db, trade.orderNo)),
    );
  };

  app.get(
    '/dev/bank/pay',
    { schema: { hide: true, querystring: z.object({ tradeNo: tradeNoSchema }) } },
    async (request, reply) =>
      reply.type('text/html; charset=utf-8').send(await showTrade(request.query.tradeNo)),
  );

  app.post(
    '/dev/bank/pay',
    { schema: { hide: true, body: z.object({ tradeNo: tradeNoSchema }).loose() } },
    async (request, reply) =>
      reply.type('text/html; charset=utf-8').send(await showTrade(request.body.tradeNo)),
  );

  app.post(
    '/dev/bank/pay/:tradeNo',
    {
      schema: {
        hide: true,
        params: z.object({ tradeNo: tradeNoSchema }),
        body: z.object({ result: z.enum(['paid', 'failed']) }),
      },
    },
    async (request, reply) => {
      const { tradeNo } = request.params;
      const trade = await findSimTrade(app.db, { tradeNo });
      if (!trade) throw new AppError('NOT_FOUND', '交易不存在');
      if (await settleSimTrade(app.db, tradeNo, request.body.result)) {
        const delivered = await notifier.send(tradeNo);
        if (!delivered)
          request.log.warn({ tradeNo }, 'bank notification not acknowledged; retrying');
      }
      return reply.redirect(trade.returnUrl, 303);
    },
  );
};
