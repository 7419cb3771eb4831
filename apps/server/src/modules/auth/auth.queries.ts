import { type CodePurpose, OPERATOR_LOGIN_PURPOSE } from '@portal/shared/schemas/auth';
import { and, count, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { sessions, smsCodes, users } from '../../db/schema/index';

const SESSION_BY_TOKEN = 'session_by_token';
/** The live session of a token hash with its account: read on every signed-in request. */
const sessionByToken = (db: Db) =>
  preparedStatement(db, SESSION_BY_TOKEN, (handle) =>
    handle
      .select({
        sessionId: sessions.id,
        userId: sessions.userId,
        remember: sessions.remember,
        lastSeenAt: sessions.lastSeenAt,
        role: users.role,
        disabled: users.disabled,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          gt(sessions.expiresAt, sql.placeholder('now')),
        ),
      )
      .limit(1)
      .prepare(SESSION_BY_TOKEN),
  );

/** The live session of a token hash with its account's role and state, if there is one. */
export async function findLiveSession(db: Db, tokenHash: string, now: Date) {
  const [row] = await sessionByToken(db).execute({ tokenHash, now });
  return row;
}

/**
 * Which of the given sessions are still usable: not revoked, not expired, and their account not
 * disabled. For connections that outlive the request that opened them (the 房聊 socket).
 */
export async function liveSessionIds(
  db: Db,
  sessionIds: number[],
  now: Date = new Date(),
): Promise<Set<number>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(inArray(sessions.id, sessionIds), gt(sessions.expiresAt, now), eq(users.disabled, false)),
    );
  return new Set(rows.map((row) => row.id));
}

/**
 * Whether a code of this purpose was consumed for the phone since `since` (phone change step 1):
 * used in time and before `maxAttempts` tries.
 */
export async function wasCodeConsumedSince(
  db: Db,
  input: { phone: string; purpose: CodePurpose; since: Date; maxAttempts: number },
): Promise<boolean> {
  const [row] = await db
    .select({ id: smsCodes.id })
    .from(smsCodes)
    .where(
      and(
        eq(smsCodes.phone, input.phone),
        eq(smsCodes.purpose, input.purpose),
        gt(smsCodes.usedAt, input.since),
        sql`${smsCodes.attempts} < ${input.maxAttempts}`,
        sql`${smsCodes.usedAt} < ${smsCodes.expiresAt}`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * SMS codes sent since `since` to a phone, from an address or of a purpose (operator sign-in
 * codes aside). The send limits run it on their transaction, under its locks.
 */
export async function countSentCodes(
  db: Db,
  where: { phone?: string; ip?: string; purpose?: CodePurpose },
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(smsCodes)
    .where(
      and(
        where.phone ? eq(smsCodes.phone, where.phone) : undefined,
        where.ip ? eq(smsCodes.ip, where.ip) : undefined,
        where.purpose ? eq(smsCodes.purpose, where.purpose) : undefined,
        ne(smsCodes.purpose, OPERATOR_LOGIN_PURPOSE),
        gt(smsCodes.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}
