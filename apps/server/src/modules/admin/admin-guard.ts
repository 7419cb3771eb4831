import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { requireAdmin } from '../access/index';

/** Every route whose pattern starts with this prefix belongs to the operator console. */
export const ADMIN_API_PREFIX = '/api/admin/';

/**
 * One guard for the whole operator API, whichever module registers a route there: on `onRequest`,
 * before any body is read or validated, an anonymous caller gets 90001 (401) and a signed-in
 * non-operator 10403 (403). It matches the route pattern, not the raw URL, so an encoded path
 * cannot slip past it. Register after the auth plugin.
 */
export const adminGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.url?.startsWith(ADMIN_API_PREFIX)) await requireAdmin(request, reply);
  });
});
