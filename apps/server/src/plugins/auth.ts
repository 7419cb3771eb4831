import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  passesCsrfCheck,
  renewCsrfCookie,
  requireAdmin,
  requireUser,
  type SessionCookiePolicy,
  sessionCookiePolicy,
  sessionTokenFromCookie,
} from '../modules/access/index';
import { resolveSession } from '../modules/auth/index';

declare module 'fastify' {
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
 * guards answer 403. Needs @fastify/cookie registered first. The guards themselves
 * (`requireUser`, `requireAdmin`, `currentUser`) and the session cookie belong to
 * `modules/access` and are reached through its face, like the sessions of `modules/auth`.
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
