import { envelopeOf, pagedOf } from '@portal/shared/schemas/common';
import {
  orderCancelSchema,
  orderCreatedSchema,
  orderCreateSchema,
  orderDetailSchema,
  orderIdParamSchema,
  orderListQuerySchema,
  orderPreviewQuerySchema,
  orderPreviewSchema,
  orderSchema,
} from '@portal/shared/schemas/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { currentUser, requireUser } from '../../plugins/auth';
import { cancelOrder } from './order-cancel.service';
import { getOrderDetail, listOrders } from './orders.queries';
import { createOrder, previewOrder } from './orders.service';

/** Deposit (订约金) orders: preview, create, cancel and the caller's own list and detail. */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
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

  app.post(
    '/api/orders',
    {
      preHandler: requireUser,
      schema: {
        tags: ['orders'],
        summary: '提交订约金订单（锁定房源30分钟待支付）',
        body: orderCreateSchema,
        response: { 200: envelopeOf(orderCreatedSchema) },
      },
    },
    async (request) =>
      ok(await createOrder(app.db, currentUser(request).id, request.body.houseId), '下单成功'),
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
    async (request) => ok(await listOrders(app.db, currentUser(request).id, request.query)),
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
    async (request) => ok(await getOrderDetail(app.db, currentUser(request).id, request.params.id)),
  );

  app.post(
    '/api/orders/:id/cancel',
    {
      preHandler: requireUser,
      schema: {
        tags: ['orders'],
        summary: '取消待支付订单',
        params: orderIdParamSchema,
        body: orderCancelSchema.nullish(),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await cancelOrder(
        app.db,
        currentUser(request).id,
        request.params.id,
        request.body?.cancelReason,
      );
      return ok(null, '订单已取消');
    },
  );
};
