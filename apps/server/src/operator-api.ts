import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminGuardPlugin } from './modules/admin/admin-guard';
import { adminRoutes } from './modules/admin/admin.routes';
import { buildingTableAdminRoutes } from './modules/building-table/building-table.admin.routes';
import { chatAdminRoutes } from './modules/chat/chat.admin.routes';
import type { ChatHub } from './modules/chat/index';
import { feedbackAdminRoutes } from './modules/feedback/feedback.admin.routes';
import { legalAdminRoutes } from './modules/legal/legal.admin.routes';
import { listingsAdminRoutes } from './modules/listings/listings.admin.routes';
import {
  lotteryAdminRoutes,
  type LotteryAdminOptions,
} from './modules/lottery/lottery.admin.routes';
import { newsAdminRoutes } from './modules/news/news.admin.routes';
import { ordersAdminRoutes } from './modules/orders/orders.admin.routes';
import type { BankSettings } from './modules/orders/refunds.admin.service';
import { placesAdminRoutes } from './modules/places/places.admin.routes';
import { projectsAdminRoutes } from './modules/projects/projects.admin.routes';
import { questionsAdminRoutes } from './modules/questions/questions.admin.routes';
import { siteAdminRoutes } from './modules/site/site.admin.routes';
import { telemetryAdminRoutes } from './modules/telemetry/telemetry.admin.routes';
import { usersAdminRoutes } from './modules/users/users.admin.routes';

export interface OperatorApiOptions extends BankSettings, LotteryAdminOptions {
  /** The 房聊 live hub, which the service inbox's replies and read marks go through. */
  chatHub: ChatHub;
}

/**
 * The operator console API (`/api/admin/…`): the one guard, then every domain's operator routes,
 * each owned by its module as `<domain>.admin.routes.ts` (docs/decisions/0046-module-boundaries.md).
 * The guard lands in the root context and covers every route under the prefix registered after
 * it. The chat screens take the live hub the app started (`startChatHub`), which the citizen
 * routes share. Register after the auth, multipart and API-document plugins and before any
 * module's routes.
 */
const operatorApiPlugin: FastifyPluginAsyncZod<OperatorApiOptions> = async (app, options) => {
  await app.register(adminGuardPlugin);
  await app.register(adminRoutes);
  await app.register(newsAdminRoutes);
  await app.register(projectsAdminRoutes);
  await app.register(buildingTableAdminRoutes);
  await app.register(ordersAdminRoutes, { gateway: options.gateway });
  await app.register(usersAdminRoutes);
  await app.register(feedbackAdminRoutes);
  await app.register(siteAdminRoutes);
  await app.register(legalAdminRoutes);
  await app.register(listingsAdminRoutes, { storage: app.storage });
  await app.register(chatAdminRoutes, { hub: options.chatHub });
  await app.register(telemetryAdminRoutes);
  await app.register(placesAdminRoutes);
  await app.register(questionsAdminRoutes);
  await app.register(lotteryAdminRoutes, { beacons: options.beacons });
};

export const operatorApi = fp(operatorApiPlugin, { name: 'operator-api' });
