import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from './config/index';
import type { Database } from './db/client';
import { devRoutes } from './integrations/dev.routes';
import { realnameDevRoutes } from './integrations/realname/realname.dev-routes';
import { wechatDevRoutes } from './integrations/wechat/wechat.dev-routes';
import { orderSweeperPlugin } from './jobs/order-sweeper';
import { AppError } from './lib/app-error';
import { authRoutes } from './modules/auth/auth.routes';
import { securityRoutes } from './modules/auth/security.routes';
import { wechatRoutes } from './modules/auth/wechat.routes';
import { contentRoutes } from './modules/content/content.routes';
import { favouritesRoutes } from './modules/favourites/favourites.routes';
import { healthRoutes } from './modules/health/health.routes';
import { newsRoutes } from './modules/news/news.routes';
import { ordersRoutes } from './modules/orders/orders.routes';
import { projectsModule } from './modules/projects/index';
import { recommendRoutes } from './modules/recommend/recommend.routes';
import { registryRoutes } from './modules/registry/registry.routes';
import { siteRoutes } from './modules/site/site.routes';
import { telemetryRoutes } from './modules/telemetry/telemetry.routes';
import { usersRoutes } from './modules/users/users.routes';
import { authPlugin } from './plugins/auth';
import { databasePlugin } from './plugins/database';
import { errorHandlerPlugin } from './plugins/error-handler';
import { openApiPlugin } from './plugins/openapi';
import { staticFilesPlugin } from './plugins/static-files';

z.config(z.locales.zhCN());

/** JSON bodies over 1 MiB are refused (uploads have their own limit). */
export const BODY_LIMIT_BYTES = 1024 * 1024;
/** One uploaded file at most 10 MiB. */
export const UPLOAD_FILE_LIMIT_BYTES = 10 * 1024 * 1024;

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  /** Close the database when the app closes (true for the server, false for shared test DBs). */
  ownsDatabase?: boolean;
  logger?: FastifyServerOptions['logger'];
}

/**
 * Builds the whole HTTP application: plugins first, then modules, then static files and the
 * not-found handler, in a fixed order. Tests call it with a fresh database and `app.inject`.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorHandlerPlugin);
  await app.register(databasePlugin, {
    database: options.database,
    closeOnShutdown: options.ownsDatabase ?? false,
  });
  await app.register(authPlugin);
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, {
    limits: { fileSize: UPLOAD_FILE_LIMIT_BYTES, files: 10, fields: 50 },
  });
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
  });
  await app.register(openApiPlugin);

  await app.register(healthRoutes);
  await app.register(siteRoutes);
  await app.register(telemetryRoutes);
  await app.register(authRoutes);
  await app.register(securityRoutes);
  await app.register(wechatRoutes);
  await app.register(usersRoutes, { uploadsDir: config.uploadsDir });
  await app.register(newsRoutes);
  await app.register(favouritesRoutes);
  await app.register(recommendRoutes);
  await app.register(contentRoutes);
  await app.register(projectsModule);
  await app.register(ordersRoutes);
  await app.register(orderSweeperPlugin, { enabled: config.nodeEnv !== 'test' });
  await app.register(registryRoutes);
  if (config.simulators) {
    await app.register(devRoutes);
    await app.register(wechatDevRoutes);
    await app.register(realnameDevRoutes);
  }

  await app.register(staticFilesPlugin, { uploadsDir: config.uploadsDir, webDist: config.webDist });
  return app;
}
