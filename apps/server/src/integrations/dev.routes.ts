import { formatBeijingDateTime } from '@portal/shared/beijing-time';
import { envelopeOf } from '@portal/shared/schemas/common';
import { PHONE_PATTERN } from '@portal/shared/validators';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../lib/envelope';
import { renderSimulatorPage, escapeHtml } from './simulator-page';
import { listOutbox } from './sms/sms-outbox';

const outboxItem = z.object({ code: z.string(), purpose: z.string(), createdAt: z.string() });

/**
 * Simulator endpoints, registered only while `SIMULATORS` is on (otherwise every path here is a
 * plain 404): the SMS outbox (only while SMS are simulated, not beside a real SMS provider) as
 * JSON for tests and as a page for people. Simulated time for single orders
 * (`/api/dev/orders/:orderNo/elapse`, `/dev/orders`) is the orders module's own
 * (`modules/orders/order-clock.dev-routes.ts`), registered beside these by the app.
 */
export const devRoutes: FastifyPluginAsyncZod<{ sms: boolean }> = async (app, options) => {
  // The outbox only while the SMS themselves are simulated.
  if (!options.sms) return;

  app.get(
    '/api/dev/sms',
    {
      schema: {
        tags: ['simulators'],
        summary: '模拟短信：某手机号收到的验证码（新到旧）',
        querystring: z.object({
          phone: z.string().regex(PHONE_PATTERN, '请输入正确的手机号'),
        }),
        response: { 200: envelopeOf(z.array(outboxItem)) },
      },
    },
    async (request) => {
      const entries = await listOutbox(app.db, request.query.phone);
      return ok(entries.map(({ code, purpose, createdAt }) => ({ code, purpose, createdAt })));
    },
  );

  app.get('/dev/sms', async (request, reply) => {
    const entries = await listOutbox(app.db, undefined, 100);
    const rows = entries
      .map(
        (e) =>
          `<tr><td>${escapeHtml(e.phone)}</td><td class="code">${escapeHtml(e.code)}</td>` +
          `<td>${escapeHtml(e.purpose)}</td><td>${escapeHtml(formatBeijingDateTime(e.createdAt))}</td></tr>`,
      )
      .join('');
    const body = entries.length
      ? `<table><thead><tr><th>手机号</th><th>验证码</th><th>用途</th><th>发送时间</th></tr></thead><tbody>${rows}</tbody></table>`
      : '<p class="empty">暂无短信</p>';
    return reply.type('text/html; charset=utf-8').send(renderSimulatorPage('短信发件箱', body));
  });
};
