import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from './config/index';
import type { Database } from './db/client';
import { useIdentityKey } from './db/identity-cipher';
import { bankDevRoutes } from './integrations/bank/bank.dev-routes';
import { createBeacons } from './integrations/beacon/index';
import { devRoutes } from './integrations/dev.routes';
import { createIntegrations, isWechatMp, type IntegrationOverrides } from './integrations/index';
import { publicServicesRoutes } from './integrations/public-services.routes';
import { realnameDevRoutes } from './integrations/realname/realname.dev-routes';
import { realnameProviderRoutes } from './integrations/realname/realname.routes';
import {
  createObjectStorage,
  storagePlugin,
  type ObjectStorage,
} from './integrations/storage/index';
import { createWechatOAuthGateway } from './integrations/wechat/index';
import { wechatCallbackRoutes } from './integrations/wechat/wechat-callback.routes';
import { wechatJsConfigRoutes } from './integrations/wechat/wechat-js-config.routes';
import { wechatStore } from './integrations/wechat/wechat-shared-store';
import { wechatDevRoutes } from './integrations/wechat/wechat.dev-routes';
import { fileSweeperPlugin } from './jobs/file-sweeper';
import { lotteryJobPlugin } from './jobs/lottery-job';
import { orderSweeperPlugin } from './jobs/order-sweeper';
import { recordSweeperPlugin } from './jobs/record-sweeper';
import { refundReconcilerPlugin } from './jobs/refund-reconciler';
import { projectReadCacheRelayPlugin } from './lib/read-cache';
import { friendlyIssueMessage } from './lib/zod-messages';
import { activityRoutes } from './modules/activity/activity.routes';
import { analyticsModule } from './modules/analytics/analytics.routes';
import { authRoutes } from './modules/auth/auth.routes';
import {
  accountOfWechatUser,
  isIdentityHeldByAnother,
  markAccountVerified,
} from './modules/auth/index';
import { securityRoutes } from './modules/auth/security.routes';
import { wechatOAuthRoutes } from './modules/auth/wechat-oauth.routes';
import { wechatRoutes } from './modules/auth/wechat.routes';
import { buildingTableEventRoutes } from './modules/building-table/building-table.events';
import { buildingTableRoutes } from './modules/building-table/building-table.routes';
import { chatRoutes } from './modules/chat/chat.routes';
import { startChatHub } from './modules/chat/index';
import { compareRoutes } from './modules/compare/compare.routes';
import { contentRoutes } from './modules/content/content.routes';
import { favouritesRoutes } from './modules/favourites/favourites.routes';
import { feedbackRoutes } from './modules/feedback/feedback.routes';
import { healthRoutes } from './modules/health/health.routes';
import { historyRoutes } from './modules/history/history.routes';
import { legalRoutes } from './modules/legal/legal.routes';
import { findPublishedListing } from './modules/listings/index';
import { listingsModule } from './modules/listings/listings.module';
import { lotteryProofRoutes } from './modules/lottery/lottery-proofs.routes';
import { lotteryEventRoutes } from './modules/lottery/lottery.events';
import { lotteryRoutes } from './modules/lottery/lottery.routes';
import { mapModule } from './modules/map/map.routes';
import { newsRoutes } from './modules/news/news.routes';
import { noticesRoutes } from './modules/notices/notices.routes';
import { orderClockDevRoutes } from './modules/orders/order-clock.dev-routes';
import { ordersRoutes } from './modules/orders/orders.routes';
import { paymentRoutes } from './modules/orders/payment.routes';
import { placesRoutes } from './modules/places/places.routes';
import { priceHistoryModule } from './modules/price-history/price-history.routes';
import { projectsModule } from './modules/projects/projects.module';
import { questionsRoutes } from './modules/questions/questions.routes';
import { recommendRoutes } from './modules/recommend/recommend.routes';
import { registryRoutes } from './modules/registry/registry.routes';
import { seoRoutes } from './modules/seo/seo.routes';
import { siteRoutes } from './modules/site/site.routes';
import { subscriptionsModule } from './modules/subscriptions/subscriptions.module';
import { telemetryRoutes } from './modules/telemetry/telemetry.routes';
import { usersRoutes } from './modules/users/users.routes';
import { operatorApi } from './operator-api';
import { authPlugin } from './plugins/auth';
import { databasePlugin } from './plugins/database';
import { errorHandlerPlugin } from './plugins/error-handler';
import { foregroundPlugin } from './plugins/foreground';
import { redactedRequest } from './plugins/log-redaction';
import { openApiPlugin } from './plugins/openapi';
import { rateLimitPlugin } from './plugins/rate-limit';
import { redisPlugin } from './plugins/redis';
import { securityHeadersPlugin } from './plugins/security-headers';
import { staticFilesPlugin } from './plugins/static-files';

z.config(z.locales.zhCN());
z.config({ customError: friendlyIssueMessage });

/** JSON bodies over 1 MiB are refused (uploads have their own limit). */
export const BODY_LIMIT_BYTES = 1024 * 1024;
/** One uploaded file at most 10 MiB. */
export const UPLOAD_FILE_LIMIT_BYTES = 10 * 1024 * 1024;

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  /** PostgreSQL read replica for public reads (DATABASE_READ_URL); unset = the primary. */
  readDatabase?: Database;
  /** Close the database when the app closes (true for the server, false for shared test DBs). */
  ownsDatabase?: boolean;
  /** Object storage to use instead of the configured one (closed by its owner, not the app). */
  storage?: ObjectStorage;
  /** Outside-service gateways to use instead of the configured ones (tests). */
  integrations?: IntegrationOverrides;
  logger?: FastifyServerOptions['logger'];
}

/**
 * The request log as the server ships it: one line per request at `info`, the authorization
 * header and cookies redacted, the URL's secrets masked (plugins/log-redaction.ts). Benchmarks use
 * it too, so they measure the logging production pays for.
 */
export function shippedLogger(level: string) {
  return {
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    serializers: { req: redactedRequest },
  };
}

/**
 * Builds the whole HTTP application: plugins first, then modules, then static files and the
 * not-found handler, in a fixed order. Tests call it with a fresh database and `app.inject`.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const { trustProxy } = config;
  const app = Fastify({
    logger: options.logger ?? shippedLogger(config.logLevel),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy:
      typeof trustProxy === 'number'
        ? (_address: string, hop: number) => hop < trustProxy
        : trustProxy,
  }).withTypeProvider<ZodTypeProvider>();

  for (const warning of config.warnings) app.log.warn(`配置提醒：${warning}`);
  useIdentityKey(config.identityKey);
  const integrations = createIntegrations(
    config,
    options.database.db,
    { realname: { markVerified: markAccountVerified, isIdentityHeldByAnother } },
    options.integrations,
  );
  const wechatMp = isWechatMp(integrations.wechat) ? integrations.wechat : null;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorHandlerPlugin);
  // Before every route: deposit orders run before public reads on the one thread.
  await app.register(foregroundPlugin, { maxDeferMs: config.foregroundMaxDeferMs });
  const storage =
    options.storage ?? (await createObjectStorage(config.storage, config.outboundProxy));
  await app.register(securityHeadersPlugin, {
    publicOrigin: config.publicOrigin,
    fileOrigins: storage.fileOrigins,
    wechatJsSdk: wechatMp !== null,
  });
  await app.register(databasePlugin, {
    database: options.database,
    readDatabase: options.readDatabase,
    closeOnShutdown: options.ownsDatabase ?? false,
  });
  await app.register(storagePlugin, { storage, closeOnShutdown: !options.storage });
  // Cookies are parsed before the auth plugin reads the session cookie.
  await app.register(fastifyCookie);
  await app.register(authPlugin, { publicOrigin: config.publicOrigin, nodeEnv: config.nodeEnv });
  await app.register(fastifyMultipart, {
    limits: { fileSize: UPLOAD_FILE_LIMIT_BYTES, files: 10, fields: 50 },
  });
  await app.register(redisPlugin, { url: config.redisUrl });
  await app.register(rateLimitPlugin, { prefix: config.redisPrefix });
  await app.register(projectReadCacheRelayPlugin, {
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
  });
  await app.register(openApiPlugin);
  // The operator console: its one guard, then every domain's operator routes (before any module's
  // routes, so the guard covers all of /api/admin/).
  // 房聊's live hub, shared by the citizen routes and the operators' service inbox.
  const chatHub = await startChatHub(app, config);
  await app.register(operatorApi, {
    gateway: integrations.bank,
    chatHub,
    beacons: createBeacons({ simulators: config.simulators, proxy: config.outboundProxy }),
  });

  await app.register(healthRoutes);
  await app.register(siteRoutes);
  await app.register(publicServicesRoutes, { config, wechatShare: wechatMp !== null });
  await app.register(telemetryRoutes);
  await app.register(authRoutes, {
    sms: integrations.sms,
    realname: integrations.realname,
    smsCodesPerClientPerHour: config.smsCodesPerClientPerHour,
  });
  await app.register(securityRoutes);
  await app.register(legalRoutes);
  // WeChat's used callbacks and access token, shared by every instance when Redis is configured.
  const wechatShared = wechatStore(app.redis, config.redisPrefix);
  wechatMp?.shareThrough(wechatShared);
  await app.register(wechatRoutes, { wechat: integrations.wechat });
  const wechatOAuth =
    options.integrations && 'wechatOAuth' in options.integrations
      ? (options.integrations.wechatOAuth ?? null)
      : createWechatOAuthGateway(config.services.wechat, wechatShared, config.outboundProxy);
  await app.register(wechatOAuthRoutes, {
    oauth: wechatOAuth,
    store: wechatShared,
    publicOrigin: config.publicOrigin,
  });
  if (wechatMp)
    await app.register(wechatCallbackRoutes, {
      gateway: wechatMp,
      store: wechatShared,
      accountOf: accountOfWechatUser,
    });
  await app.register(wechatJsConfigRoutes, {
    gateway: wechatMp,
    publicOrigin: config.publicOrigin,
    redisPrefix: config.redisPrefix,
  });
  await app.register(usersRoutes, { realname: integrations.realname });
  if (integrations.realname.hasProvider) {
    await app.register(realnameProviderRoutes, { realname: integrations.realname });
  }
  await app.register(newsRoutes);
  // A listing may be favourited while it is public: the listings module's rule, handed to the
  // favourites (which listings ask who follows a listing) so that neither imports the other back.
  await app.register(favouritesRoutes, {
    isPublicListing: async (db, id) => (await findPublishedListing(db, id)) !== null,
  });
  await app.register(compareRoutes);
  await app.register(historyRoutes);
  await app.register(recommendRoutes);
  await app.register(contentRoutes);
  await app.register(projectsModule);
  await app.register(buildingTableRoutes);
  await app.register(placesRoutes);
  await app.register(activityRoutes);
  await app.register(questionsRoutes);
  await app.register(buildingTableEventRoutes);
  await app.register(ordersRoutes, { limits: config.orderCreateLimits });
  await app.register(paymentRoutes, {
    gateway: integrations.bank,
    bank: config.bank,
    publicOrigin: config.publicOrigin,
  });
  await app.register(noticesRoutes);
  await app.register(lotteryRoutes);
  await app.register(lotteryEventRoutes);
  await app.register(lotteryProofRoutes);
  await app.register(orderSweeperPlugin, { enabled: config.nodeEnv !== 'test' });
  await app.register(fileSweeperPlugin, { enabled: config.nodeEnv !== 'test' });
  await app.register(recordSweeperPlugin, { enabled: config.nodeEnv !== 'test' });
  await app.register(lotteryJobPlugin, {
    enabled: config.nodeEnv !== 'test',
    sms: integrations.sms,
  });
  await app.register(refundReconcilerPlugin, {
    enabled: config.nodeEnv !== 'test',
    gateway: integrations.bank,
  });
  await app.register(registryRoutes, { redisPrefix: config.redisPrefix });
  await app.register(listingsModule, {
    sms: integrations.sms,
    publicOrigin: config.publicOrigin,
    runJobs: config.nodeEnv !== 'test',
  });
  await app.register(chatRoutes, { config, hub: chatHub });
  await app.register(feedbackRoutes, { simulators: config.simulators });
  await app.register(mapModule);
  await app.register(analyticsModule);
  await app.register(priceHistoryModule);
  await app.register(subscriptionsModule, {
    sms: integrations.sms,
    publicOrigin: config.publicOrigin,
    tokenKey: config.identityKey,
    runJobs: config.nodeEnv !== 'test',
    simulators: config.simulators,
  });
  // Each simulator's pages exist only for a service it stands in for: beside a real provider
  // (Alipay, WeChat, face verification, SMS) its routes are never registered.
  const { services } = config;
  if (config.simulators) {
    await app.register(orderClockDevRoutes);
    await app.register(devRoutes, { sms: services.sms.provider === 'simulator' });
    if (services.wechat.provider === 'simulator')
      await app.register(wechatDevRoutes, {
        store: wechatShared,
        accountOf: accountOfWechatUser,
      });
    if (services.realname.provider === 'simulator')
      await app.register(realnameDevRoutes, { realname: integrations.realname });
    if (services.payment.provider === 'simulator' && config.bank.notifySecret) {
      await app.register(bankDevRoutes, {
        notifySecret: config.bank.notifySecret,
        publicOrigin: config.publicOrigin,
      });
    }
  }

  await app.register(seoRoutes, { publicOrigin: config.publicOrigin });
  await app.register(staticFilesPlugin, {
    storage: app.storage,
    webDist: config.webDist,
    publicOrigin: config.publicOrigin,
    render: config.render,
    redisPrefix: config.redisPrefix,
  });
  return app;
}
