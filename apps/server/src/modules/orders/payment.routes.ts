import { envelopeOf } from '@portal/shared/schemas/common';
import {
  orderIdParamSchema,
  orderPayFormSchema,
  orderPayStatusSchema,
  payNotificationSchema,
  payNotificationWireSchema,
} from '@portal/shared/schemas/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BankConfig } from '../../config/index';
import { verifyFields } from '../../integrations/bank/bank-signature';
import type { BankGateway } from '../../integrations/bank/index';
import { acceptFormBodies } from '../../integrations/form-body';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { currentUser, requireUser } from '../access/index';
import { reconcilePayment } from './payment-status.service';
import { applyBankResult, startPayment } from './payment.service';

export interface PaymentRoutesOptions {
  /** The payment gateway built by the app from configuration; null = switched off (503). */
  gateway: BankGateway | null;
  bank: BankConfig;
  publicOrigin: string;
}

/**
 * Bank payment of deposit orders (docs/architecture.md): the payment form, the pay-status query that
 * reconciles with the bank, and the bank's signed server-to-server notification.
 */
export const paymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (app, options) => {
  const bank = options.gateway;
  const channel = bank?.notifications;
  const notifyUrl = `${new URL(options.publicOrigin).origin}${channel?.path ?? '/api/pay/notify'}`;

  app.post(
    '/api/orders/:id/pay',
    {
      config: { foreground: true },
      preHandler: requireUser,
      schema: {
        tags: ['orders'],
        summary: '发起订约金支付，返回自动提交到银行的支付表单',
        params: orderIdParamSchema,
        body: z.object({}).loose().nullish(),
        response: { 200: envelopeOf(orderPayFormSchema) },
      },
    },
    async (request) =>
      ok(
        await startPayment(app.db, bank, {
          userId: currentUser(request).id,
          orderId: request.params.id,
          notifyUrl,
          testAmountFen: options.bank.testAmountFen,
        }),
      ),
  );

  app.get(
    '/api/orders/:id/pay-status',
    {
      preHandler: requireUser,
      schema: {
        tags: ['orders'],
        summary: '支付结果查询（未收到通知时向银行查询并补记）',
        params: orderIdParamSchema,
        response: { 200: envelopeOf(orderPayStatusSchema) },
      },
    },
    async (request) =>
      ok(await reconcilePayment(app.db, bank, currentUser(request).id, request.params.id)),
  );

  app.post(
    '/api/pay/notify',
    {
      schema: {
        tags: ['orders'],
        summary: '银行支付结果通知（HMAC-SHA256 签名，幂等）',
        body: payNotificationWireSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const secret = options.bank.notifySecret;
      if (!secret) throw new AppError('BANK_UNAVAILABLE');
      // The signature covers the fields exactly as received; they are read only afterwards.
      const { sign, ...received } = request.body;
      if (!verifyFields(received, sign, secret)) throw new AppError('PAY_SIGNATURE_INVALID');
      const parsed = payNotificationSchema.safeParse(request.body);
      if (!parsed.success) {
        throw new AppError('VALIDATION_FAILED', '支付结果通知字段不正确');
      }
      const fields = parsed.data;
      const changed = await applyBankResult(app.db, {
        outTradeNo: fields.outTradeNo,
        tradeNo: fields.tradeNo,
        orderNo: fields.orderNo,
        amountFen: fields.amountFen,
        status: fields.status,
      });
      request.log.info({ outTradeNo: fields.outTradeNo, changed }, 'bank notification');
      return ok(null, 'success');
    },
  );

  if (channel) {
    await app.register(async (scope) => {
      acceptFormBodies(scope);
      scope.post(
        channel.path,
        {
          schema: {
            tags: ['orders'],
            summary: `${bank.name}异步支付通知（验签、核对金额，幂等）`,
            body: z.record(z.string(), z.string()),
          },
        },
        async (request, reply) => {
          const text = reply.type('text/plain; charset=utf-8');
          try {
            const result = await channel.verify(request.body as Record<string, string>);
            const changed = result ? await applyBankResult(app.db, result) : false;
            request.log.info({ outTradeNo: result?.outTradeNo, changed }, 'bank notification');
            return text.send(channel.acknowledge);
          } catch (error) {
            request.log.warn({ err: error }, 'bank notification refused');
            return text.send(channel.reject);
          }
        },
      );
    });
  }
};
