import { envelopeOf } from '@portal/shared/schemas/common';
import { PHONE_PATTERN } from '@portal/shared/validators';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { runSubscriptionDelivery, type SmsStepOptions } from './delivery.service';
import { inQuietHours, quietHoursEnd } from './quiet-hours';
import { listSentSubscriptionSms } from './subscriptions.queries';

/**
 * Simulator endpoints of subscriptions (only while simulators are on): the outbox of
 * subscription SMS, and one delivery run at once instead of waiting for the job. Run during
 * quiet hours, the run takes the moment they end as its clock, as the job would at 08:00.
 */
export const subscriptionDevRoutes: FastifyPluginAsyncZod<SmsStepOptions> = async (
  app,
  options,
) => {
  app.get(
    '/api/dev/sms/notices',
    {
      schema: {
        tags: ['simulators'],
        summary: '模拟短信：某手机号收到的订阅通知短信（新到旧）',
        querystring: z.object({ phone: z.string().regex(PHONE_PATTERN, '请输入正确的手机号') }),
        response: {
          200: envelopeOf(
            z.array(z.object({ phone: z.string(), text: z.string(), sentAt: z.string() })),
          ),
        },
      },
    },
    async (request) => ok(await listSentSubscriptionSms(app.db, request.query.phone)),
  );

  app.post(
    '/api/dev/subscriptions/run',
    {
      schema: {
        tags: ['simulators'],
        summary: '模拟：立即执行一次订阅通知投递',
        response: {
          200: envelopeOf(
            z.object({ told: z.number(), found: z.number(), sms: z.number(), at: z.string() }),
          ),
        },
      },
    },
    async () => {
      const now = new Date();
      const at = inQuietHours(now) ? new Date(quietHoursEnd(now).getTime() + 60_000) : now;
      const result = await runSubscriptionDelivery(app.db, at, options);
      return ok({ ...result, at: at.toISOString() });
    },
  );
};
