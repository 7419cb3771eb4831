import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { clearSessionCookies, sessionTokenFromCookie } from './session-cookie';

/** The caller of an authenticated request. */
export interface SessionUser {
  id: number;
  role: 'user' | 'admin';
  sessionId: number;
  /** The session was opened with 记住密码. */
  remember?: boolean;
  /** This request moved the session's sliding expiry on (at most once a minute). */
  touched?: boolean;
}

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
}

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
