import type { FastifyPluginAsync } from 'fastify';
import { projectPersonalRoutes } from './project-personal.routes';
import { projectRoutes } from './projects.routes';
import { createProjectReadCache, releaseProjectReadCache } from './read-cache';

/** The new-build module: public project reads (cached) and the personal project routes. */
export const projectsModule: FastifyPluginAsync = async (app) => {
  const cache = createProjectReadCache();
  app.addHook('onClose', async () => releaseProjectReadCache(cache));
  await app.register(projectRoutes, { cache });
  await app.register(projectPersonalRoutes);
};
