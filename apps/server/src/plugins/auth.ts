import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { resolveSession, type SessionUser } from '../modules/auth/session.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, or null. Set for every request that carries a valid bearer token. */
    user: SessionUser | null;
  }
  interface FastifyInstance {
    /** Every route guarded by requireUser or requireAdmin, for the access-control tests. */
    guardedRoutes: GuardedRoute[];
  }
}

export interface GuardedRoute {
  method: string;
  url: string;
  guard: 'user' | 'admin';
}

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{20,100})$/;

/** Reads `Authorization: Bearer <token>` on every request; an invalid token counts as none. */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  const guarded: GuardedRoute[] = [];
  app.decorate('guardedRoutes', guarded);
  // Guards given as preHandler run at onRequest instead: before the body is read and
  // validated, so an anonymous caller learns nothing about a route's input and uploads from
  // callers without rights are refused before they are received.
  app.addHook('onRoute', (route) => {
    const preHandlers = [route.preHandler ?? []].flat();
    const guards = preHandlers.filter((hook) => hook === requireUser || hook === requireAdmin);
    if (guards.length === 0) return;
    route.preHandler = preHandlers.filter((hook) => !guards.includes(hook));
    route.onRequest = [...[route.onRequest ?? []].flat(), ...guards];
    const guard = guards.includes(requireAdmin) ? 'admin' : 'user';
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') guarded.push({ method, url: route.url, guard });
    }
  });
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header || !request.url.startsWith('/api/')) return;
    const match = BEARER.exec(header);
    if (!match?.[1]) return;
    request.user = await resolveSession(app.db, match[1]);
  });
});

/**
 * Route guard: the caller must be signed in, otherwise `90001` (401) — the web client then signs
 * out silently. Use as `preHandler: requireUser`; read the caller with `currentUser(request)`.
 */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.user) throw new AppError('INVALID_SESSION');
}

/** Route guard for the operator console: signed in (90001 otherwise) and role admin (403). */
export async function requireAdmin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.user) throw new AppError('INVALID_SESSION');
  if (request.user.role !== 'admin') throw new AppError('FORBIDDEN');
}

/** The caller of a guarded route. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('INVALID_SESSION');
  return request.user;
}
