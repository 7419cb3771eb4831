import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import {
  clearSessionCookies,
  passesCsrfCheck,
  renewCsrfCookie,
  type SessionCookiePolicy,
  sessionCookiePolicy,
  sessionTokenFromCookie,
} from '../modules/auth/session-cookie';
import { resolveSession, type SessionUser } from '../modules/auth/session.service';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The signed-in caller, or null. Set for every request that carries a valid bearer token, or
     * a valid session cookie (on a state change only with its CSRF token).
     */
    user: SessionUser | null;
    /** A cookie-signed-in state change came without its CSRF token or from a foreign Origin. */
    csrfRefused: boolean;
  }
  interface FastifyInstance {
    /** Every route guarded by requireUser or requireAdmin, for the access-control tests. */
    guardedRoutes: GuardedRoute[];
    /** How the session cookies are set (Secure or not, the site's own origin). */
    sessionCookies: SessionCookiePolicy;
  }
}

export interface GuardedRoute {
  method: string;
  url: string;
  guard: 'user' | 'admin';
}

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{20,100})$/;

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * Reads `Authorization: Bearer <token>` on every request, else the session cookie; an invalid
 * token counts as none. A state change signed in by the cookie also needs its CSRF token
 * (docs/decisions/0034-cookie-sessions.md); without it the caller counts as signed out and the
 * guards answer 403. Needs @fastify/cookie registered first.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, options: { publicOrigin: string; nodeEnv: string }) => {
    app.decorateRequest('user', null);
    app.decorateRequest('csrfRefused', false);
    app.decorate('sessionCookies', sessionCookiePolicy(options));
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
    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith('/api/')) return;
      const header = request.headers.authorization;
      if (header) {
        const match = BEARER.exec(header);
        if (!match?.[1]) return;
        request.user = await resolveSession(app.db, match[1]);
        return;
      }
      const token = sessionTokenFromCookie(request);
      if (!token || !TOKEN.test(token)) return;
      if (!passesCsrfCheck(request, token)) {
        request.csrfRefused = true;
        return;
      }
      request.user = await resolveSession(app.db, token);
      if (request.user?.touched) {
        renewCsrfCookie(reply, token, { remember: request.user.remember ?? false });
      }
    });
  },
);

/** Why a guarded call has no caller: a refused CSRF check, else no valid session. */
function missingCaller(request: FastifyRequest, reply?: FastifyReply): AppError {
  if (request.csrfRefused) return new AppError('CSRF_REFUSED');
  // A session cookie the server no longer knows is removed, so the browser stops sending it
  // (not when a bearer header was refused: the cookie beside it was never looked at).
  const byCookie = !request.headers.authorization && sessionTokenFromCookie(request) !== undefined;
  if (reply && byCookie) clearSessionCookies(reply);
  return new AppError('INVALID_SESSION');
}

/**
 * Route guard: the caller must be signed in, otherwise `90001` (401) — the web client then signs
 * out silently. Use as `preHandler: requireUser`; read the caller with `currentUser(request)`.
 */
export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!request.user) throw missingCaller(request, reply);
}

/** Route guard for the operator console: signed in (90001 otherwise) and role admin (403). */
export async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!request.user) throw missingCaller(request, reply);
  if (request.user.role !== 'admin') throw new AppError('FORBIDDEN');
}

/** The caller of a guarded route. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw missingCaller(request);
  return request.user;
}
