import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { resolveSession, type SessionUser } from '../modules/auth/session.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, or null. Set for every request that carries a valid bearer token. */
    user: SessionUser | null;
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{20,100})$/;

/** Reads `Authorization: Bearer <token>` on every request; an invalid token counts as none. */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
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
