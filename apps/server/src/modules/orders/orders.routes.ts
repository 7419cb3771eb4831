import { envelopeOf, pagedOf } from '@portal/shared/schemas/common';
import {
  orderCancelSchema,
  orderCreatedSchema,
  orderCreateSchema,
  orderDetailSchema,
  orderIdParamSchema,
  orderDelaySchema,
  orderGiveUpDelaySchema,
  orderListQuerySchema,
  orderPrecheckSchema,
  orderPreviewQuerySchema,
  orderRefundSchema,
  orderPreviewSchema,
  orderSchema,
} from '@portal/shared/schemas/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { currentUser, requireUser } from '../access/index';
import { cancelOrder } from './order-cancel.service';
import { applyDelay, giveUpDelay } from './order-delay.service';
import { orderCreateRateLimit, type OrderCreateLimits } from './order-rate';
import { getOrderDetail, listOrders } from './order-reads.service';
import { applyRefund } from './order-refund.service';
import { createOrder, previewOrder } from './orders.service';
import { precheckOrder } from './payment.service';

/**
 * Deposit (订约金) orders: preview, create, cancel, the caller's own list and detail, the
 * house-order precheck before paying, delay, give-up delay and refund application.
 */
export const ordersRoutes: FastifyPluginAsyncZod<{ limits: OrderCreateLimits }> = async (
  app,
  options,
) => {
  app.get(
    '/api/orders/preview',
    {
      preHandler: requireUser,
      schema: {
        tags: ['orders'],
        summary: '订约金订单预览（需实名认证）',
        querystring: orderPreviewQuerySchema,
        response: { 200: envelopeOf(orderPreviewSchema) },
      },
    },
    async (request) =>
      ok(await previewOrder(app.db, currentUser(request).id, request.query.houseId)),
  );

  const createLimit = orderCreateRateLimit(app, options.limits);
  app.post(
    '/api/orders',
    {
      config: { foreground: true },
      preHandler: [requireUser, createLimit],
      schema: {
        tags: ['orders'],
        summary: '提交订约金订单（须同意订约金缴纳协议；锁定房源30分钟待支付）',
        body: orderCreateSchema,
        response: { 200: envelopeOf(orderCreatedSchema) },
      },
    },
    async (request) =>
      ok(await createOrder(app.db, currentUser(request).id, request.body), '下单成功'),
  );

  app.get(
    '/api/orders',
    {
      preHandler: requireUser,
      schema: {
        tags: ['orders'],
        summary: '我的订单',
        querystring: orderListQuerySchema,
        response: { 200: envelopeOf(pagedOf(orderSchema)) },
      },
    },
    async (request) =>
      ok(await listOrders(app.db, app.storage, currentUser(request).id, request.query)),
  );

  app.get(
    '/api/orders/:id',
    {
      preHandler: requireUser,
      schema: {
        tags: ['orders'],
        summary: '订单详情',
        params: orderIdParamSchema,
        response: { 200: envelopeOf(orderDetailSchema) },
      },
    },
    async (request) =>
      ok(await getOrderDetail(app.db, app.storage, currentUser(request).id, request.params.id)),
  );

  app.post(
    '/api/orders/:id/cancel',
    {
      config: { foreground: true },
      preHandler: requireUser,
      schema: {
        tags: ['orders'],
        summary: '取消待支付订单（取消原因必填）',
        params: orderIdParamSchema,
        body: orderCancelSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await cancelOrder(
        app.db,
        currentUser(request).id,
        request.params.id,
        request.body.cancelReason,
      );
      return ok(null, '订单已取消');
    },
  );

  app.get(
    '/api/orders/:id/precheck',
    {
      preHandler: requireUser,
      schema: {
        tags: ['orders'],
        summary: '支付前房源锁定校验（待支付且房源仍为该订单锁定）',
        params: orderIdParamSchema,
        response: { 200: envelopeOf(orderPrecheckSchema) },
      },
    },
    async (request) => ok(await precheckOrder(app.db, currentUser(request).id, request.params.id)),
  );

  app.post(
    '/api/orders/:id/delay',
    {
      preHandler: requireUser,
      schema: {
        tags: ['orders'],
        summary: '申请延期（锁定到期前一天内，延长3天，仅一次；延期原因必填）',
        params: orderIdParamSchema,
        body: orderDelaySchema,
        response: { 200: envelopeOf(z.object({ expireTime: z.string() })) },
      },
    },
    async (request) =>
      ok(
        await applyDelay(app.db, currentUser(request).id, request.params.id, request.body.reason),
        '提交成功',
      ),
  );

  app.post(
    '/api/orders/:id/delay/give-up',
    {
      preHandler: requireUser,
      schema: {
        tags: ['orders'],
        summary: '放弃延期',
        params: orderIdParamSchema,
        body: orderGiveUpDelaySchema.nullish(),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await giveUpDelay(app.db, currentUser(request).id, request.params.id, request.body?.remark);
      return ok(null, '提交成功');
    },
  );

  app.post(
    '/api/orders/:id/refund',
    {
      preHandler: requireUser,
      schema: {
        tags: ['orders'],
        summary: '申请退还订约金',
        params: orderIdParamSchema,
        body: orderRefundSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await applyRefund(app.db, currentUser(request).id, request.params.id, request.body);
      return ok(null, '退款申请已提交，请等待审核');
    },
  );
};
