import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema/index';
import { REMEMBERED_SESSION_MS, SESSION_IDLE_MS, type SessionUser } from '../access/index';
import { findLiveSession } from './auth.queries';

/** Sliding expiry is written at most once a minute per session. */
const TOUCH_INTERVAL_MS = 60 * 1000;

/** SHA-256 of a bearer token; only this is stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function lifetime(remember: boolean): number {
  return remember ? REMEMBERED_SESSION_MS : SESSION_IDLE_MS;
}

/** Opens a session and returns its 256-bit bearer token (base64url, shown to the client once). */
export async function createSession(
  db: Db,
  userId: number,
  options: { remember: boolean; userAgent?: string; ip?: string; now?: Date },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = options.now ?? new Date();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    remember: options.remember,
    expiresAt: new Date(now.getTime() + lifetime(options.remember)),
    userAgent: options.userAgent?.slice(0, 300),
    ip: options.ip,
    createdAt: now,
    lastSeenAt: now,
  });
  return token;
}

/**
 * The user behind a bearer token, or null when the token is unknown, expired or revoked, or
 * the account is disabled. Extends the sliding expiry.
 */
export async function resolveSession(
  db: Db,
  token: string,
  now: Date = new Date(),
): Promise<SessionUser | null> {
  const row = await findLiveSession(db, hashToken(token), now);
  if (!row || row.disabled) return null;
  const touched = now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS;
  if (touched) {
    await db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + lifetime(row.remember)) })
      .where(eq(sessions.id, row.sessionId));
  }
  return {
    id: row.userId,
    role: row.role === 'admin' ? 'admin' : 'user',
    sessionId: row.sessionId,
    remember: row.remember,
    touched,
  };
}

type SessionsEndedListener = (userId: number) => void;
const sessionsEndedListeners = new Set<SessionsEndedListener>();

/**
 * Subscribes to "some sessions of this user ended or the account was disabled", so holders of
 * long-lived connections (the 房聊 socket) can close the ones whose session is gone. Returns
 * the function that unsubscribes.
 */
export function onSessionsEnded(listener: SessionsEndedListener): () => void {
  sessionsEndedListeners.add(listener);
  return () => sessionsEndedListeners.delete(listener);
}

/**
 * Tells the listeners that sessions of a user ended. The revoke functions below call it; code
 * that revokes inside a transaction calls it again once the transaction has committed, since a
 * listener checking before the commit still sees the old sessions.
 */
export function announceSessionsEnded(userId: number): void {
  for (const listener of sessionsEndedListeners) listener(userId);
}

/** Ends one session (logout). */
export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  const ended = await db
    .delete(sessions)
    .where(eq(sessions.id, sessionId))
    .returning({ userId: sessions.userId });
  for (const row of ended) announceSessionsEnded(row.userId);
}

/** Ends every session of a user except one (password change keeps the caller signed in). */
export async function revokeOtherSessions(
  db: Db,
  userId: number,
  keepSessionId: number,
): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
  announceSessionsEnded(userId);
}

/** Ends every session of a user (forgotten password reset, account disabled). */
export async function revokeAllSessions(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  announceSessionsEnded(userId);
}

/**
 * Deletes sessions that expired before `now` (the record sweeper runs it every hour); a
 * plain conditional delete, so several instances may run it at once. Answers how many went.
 */
export async function purgeExpiredSessions(db: Db, now: Date = new Date()): Promise<number> {
  const purged = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, now))
    .returning({ id: sessions.id });
  return purged.length;
}
