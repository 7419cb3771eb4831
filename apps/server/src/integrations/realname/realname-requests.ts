import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { identityHashOf } from '../../db/identity-cipher';
import { realnameRequests } from '../../db/schema/index';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError } from '../../lib/app-error';
import type { RealnameOutcome } from './realname-gateway';

/**
 * What face verification asks of the accounts' owner (the auth module), handed in by the app:
 * accounts are its table (docs/decisions/0075-one-owner-per-table.md), so this layer neither reads
 * nor writes them itself.
 */
export interface RealnameAccounts {
  /**
   * Whether an account other than `userId` already verified the identity of this keyed hash of
   * an ID number (one identity, one account).
   */
  isIdentityHeldByAnother(db: Db, userId: number, hash: string): Promise<boolean>;
  /** Marks the account real-name verified with this name and ID number, in the caller's transaction. */
  markVerified(
    tx: Db,
    userId: number,
    identity: { realName: string; idCard: string },
    at: Date,
  ): Promise<void>;
}

/** A face-verification QR stays usable for 10 minutes. */
export const REALNAME_REQUEST_TTL_MS = 10 * 60 * 1000;

export type RealnameRequestRow = typeof realnameRequests.$inferSelect;

/** Starts a face verification for a user: a fresh token (what our QR and links carry). */
export async function createRealnameRequest(
  db: Db,
  userId: number,
  provider: string,
  now: Date = new Date(),
): Promise<RealnameRequestRow> {
  const [row] = await db
    .insert(realnameRequests)
    .values({
      token: randomBytes(18).toString('base64url'),
      userId,
      provider,
      createdAt: now,
      expiresAt: new Date(now.getTime() + REALNAME_REQUEST_TTL_MS),
    })
    .returning();
  if (!row) throw new AppError('INTERNAL_ERROR');
  return row;
}

/** Records the provider's flow token and page of a request. */
export async function attachProviderFlow(
  db: Db,
  id: number,
  flow: { providerToken: string; url: string },
): Promise<void> {
  await db
    .update(realnameRequests)
    .set({ providerToken: flow.providerToken, providerUrl: flow.url })
    .where(eq(realnameRequests.id, id));
}

/** Requests still open at `now` (pending, unexpired) that also meet `conditions`. */
function openAt(now: Date, ...conditions: SQL[]) {
  return and(
    ...conditions,
    eq(realnameRequests.status, 'pending'),
    gt(realnameRequests.expiresAt, now),
  );
}

/** One open (pending, unexpired) request by token. */
export async function findOpenRealnameRequest(
  db: Db,
  token: string,
  now: Date = new Date(),
): Promise<RealnameRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(realnameRequests)
    .where(openAt(now, eq(realnameRequests.token, token)))
    .limit(1);
  return row;
}

/**
 * Settles an open request with the provider's (or the simulator's) outcome. Passed: the user
 * becomes real-name verified, the name and ID number stored encrypted, unless another account
 * holds that identity (then the request fails and REALNAME_IDENTITY_TAKEN is thrown). A request
 * is settled once; a later outcome for it changes nothing. Returns the final status.
 */
export async function completeRealnameRequest(
  db: Db,
  token: string,
  outcome: Exclude<RealnameOutcome, { status: 'pending' }>,
  accounts: RealnameAccounts,
  now: Date = new Date(),
): Promise<'passed' | 'failed'> {
  const row = await findOpenRealnameRequest(db, token, now);
  if (!row) throw new AppError('CONFLICT', '二维码已失效，请在网页上重新获取');
  const hash = outcome.status === 'passed' ? identityHashOf(outcome.idCard) : null;
  const taken = hash !== null && (await accounts.isIdentityHeldByAnother(db, row.userId, hash));
  const status = outcome.status === 'passed' && !taken ? 'passed' : 'failed';
  const failReason =
    outcome.status === 'failed' ? outcome.reason : taken ? '该身份已认证其他账号' : null;
  await db
    .transaction(async (tx) => {
      const settled = await tx
        .update(realnameRequests)
        .set({ status, completedAt: now, failReason })
        .where(and(eq(realnameRequests.id, row.id), eq(realnameRequests.status, 'pending')))
        .returning({ id: realnameRequests.id });
      if (settled.length === 0 || outcome.status !== 'passed' || status !== 'passed') return;
      await accounts.markVerified(
        tx,
        row.userId,
        { realName: outcome.realName, idCard: outcome.idCard.toUpperCase() },
        now,
      );
    })
    .catch((error: unknown) => {
      // Two accounts verifying one identity at the same moment: the unique hash keeps one.
      if (isUniqueViolation(error)) throw new AppError('REALNAME_IDENTITY_TAKEN');
      throw error;
    });
  if (taken) throw new AppError('REALNAME_IDENTITY_TAKEN');
  return status;
}

/** The newest open provider request of a user, whose result the server may still fetch. */
export async function findOpenProviderRequest(
  db: Db,
  userId: number,
  now: Date = new Date(),
): Promise<RealnameRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(realnameRequests)
    .where(
      openAt(now, eq(realnameRequests.userId, userId), ne(realnameRequests.provider, 'simulator')),
    )
    .orderBy(desc(realnameRequests.id))
    .limit(1);
  return row;
}

/** Closing an account: its face-verification requests go (call inside the closing transaction). */
export async function forgetRealnameRequestsOfAccount(tx: Db, userId: number): Promise<void> {
  await tx.delete(realnameRequests).where(eq(realnameRequests.userId, userId));
}
