import { formatBeijingDateTime } from '@portal/shared/beijing-time';
import { envelopeOf } from '@portal/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptFormBodies } from '../../integrations/form-body';
import { escapeHtml, renderSimulatorPage } from '../../integrations/simulator-page';
import { ok } from '../../lib/envelope';
import {
  ELAPSE_MAX_HOURS,
  elapseBodySchema,
  elapsedOrderSchema,
  elapseOrderTime,
  elapseParamsSchema,
} from './order-elapse.service';
import { latestOrders } from './orders.queries';
import type { OrderRow } from './own-order.queries';

/** Orders listed on the /dev/orders page. */
const PAGE_ROWS = 30;

const beijing = (value: Date | null) => (value ? formatBeijingDateTime(value) : '—');

function orderRow(order: OrderRow): string {
  const action = `/dev/orders/${encodeURIComponent(order.orderNo)}/elapse`;
  return (
    `<tr><td><a href="/myOrderDetails?id=${order.id}">${escapeHtml(order.orderNo)}</a></td>` +
    `<td>${escapeHtml(order.houseName)}</td>` +
    `<td>${order.payStatus}</td><td>${escapeHtml(beijing(order.payExpireTime))}</td>` +
    `<td>${escapeHtml(beijing(order.expireTime))}</td><td>` +
    `<form method="post" action="${escapeHtml(action)}" style="display:flex;gap:6px">` +
    `<input type="number" name="hours" value="1" min="0.01" max="${ELAPSE_MAX_HOURS}" step="any" ` +
    `aria-label="小时数" style="width:64px">` +
    `<button type="submit" style="white-space:nowrap">让时间流逝</button></form></td></tr>`
  );
}

/**
 * Simulated time for single orders (registered only while SIMULATORS is on, like every /dev
 * route): `POST /api/dev/orders/:orderNo/elapse { hours }` for tests, and the page /dev/orders
 * with a 让时间流逝 form per order for people. The server clock never moves; see
 * `elapseOrderTime`.
 */
export const orderClockDevRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptFormBodies(app);

  app.post(
    '/api/dev/orders/:orderNo/elapse',
    {
      // It stands in for the time an order's steps take, and is one of them in the benches.
      config: { foreground: true },
      schema: {
        tags: ['simulators'],
        summary: '模拟时间流逝：把一个订单及其房源的时间前移若干小时',
        params: elapseParamsSchema,
        body: elapseBodySchema,
        response: { 200: envelopeOf(elapsedOrderSchema) },
      },
    },
    async (request) =>
      ok(await elapseOrderTime(app.db, request.params.orderNo, request.body.hours), '时间已前移'),
  );

  app.get(
    '/dev/orders',
    {
      schema: {
        hide: true,
        querystring: z.object({ orderNo: elapseParamsSchema.shape.orderNo.optional() }),
      },
    },
    async (request, reply) => {
      const { orderNo } = request.query;
      const rows = await latestOrders(app.db, orderNo, PAGE_ROWS);
      const body = rows.length
        ? `<p>让某个订单的时间向前流逝若干小时（只移动该订单及其房源的时间，服务器时钟不变），用于体验支付超时、锁定到期前一天内申请延期、锁定期满释放等规则。</p>` +
          `<table><thead><tr><th>订单编号</th><th>房源</th><th style="white-space:nowrap">状态码</th><th>缴费截止</th><th>锁定到期</th><th>模拟时间流逝</th></tr></thead>` +
          `<tbody>${rows.map(orderRow).join('')}</tbody></table>`
        : '<p class="empty">暂无订单</p>';
      return reply.type('text/html; charset=utf-8').send(renderSimulatorPage('订单时间模拟', body));
    },
  );

  app.post(
    '/dev/orders/:orderNo/elapse',
    { schema: { hide: true, params: elapseParamsSchema, body: elapseBodySchema } },
    async (request, reply) => {
      const elapsed = await elapseOrderTime(app.db, request.params.orderNo, request.body.hours);
      return reply.redirect(`/dev/orders?orderNo=${encodeURIComponent(elapsed.orderNo)}`, 303);
    },
  );
};
