import type { FastifyPluginAsync } from 'fastify';
import { createAppReadCache } from '../../lib/read-cache';
import { projectPersonalRoutes } from './project-personal.routes';
import { projectRoutes } from './projects.routes';

/**
 * The new-build module: public project reads (cached) and the personal project routes. The
 * operator routes are `projects.admin.routes.ts`, mounted by `src/operator-api.ts`.
 */
export const projectsModule: FastifyPluginAsync = async (app) => {
  const cache = createAppReadCache(app);
  await app.register(projectRoutes, { cache });
  await app.register(projectPersonalRoutes);
};
