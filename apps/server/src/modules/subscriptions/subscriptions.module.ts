import type { FastifyPluginAsync } from 'fastify';
import type { SmsGateway } from '../../integrations/sms/sms-gateway';
import { subscriptionDeliveryPlugin } from './delivery.job';
import { subscriptionDevRoutes } from './subscriptions.dev-routes';
import { subscriptionsRoutes } from './subscriptions.routes';

export interface SubscriptionsModuleOptions {
  sms: SmsGateway | null;
  publicOrigin: string;
  /** The server's identity key; unsubscribe tokens are signed with a key derived from it. */
  tokenKey: Buffer;
  /** Run the delivery job (off in API tests, which run it with their own clock). */
  runJobs: boolean;
  /** Simulators on: the subscription SMS outbox and an immediate delivery run. */
  simulators: boolean;
}

/** Buyers' subscriptions: the personal routes, SMS unsubscribe and the delivery job. */
export const subscriptionsModule: FastifyPluginAsync<SubscriptionsModuleOptions> = async (
  app,
  options,
) => {
  await app.register(subscriptionsRoutes, { tokenKey: options.tokenKey });
  const sms = { sms: options.sms, publicOrigin: options.publicOrigin };
  await app.register(subscriptionDeliveryPlugin, { enabled: options.runJobs, ...sms });
  if (options.simulators) await app.register(subscriptionDevRoutes, sms);
};
