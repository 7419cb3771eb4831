import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordSignInFailures } from '../../db/schema/index';
import { failureLockedUntil } from './sign-in-failures.queries';

/**
 * Wrong citizen passwords, counted per typed phone — registered or not, so that no answer tells
 * a registered phone from an unknown one — and per client address (docs/product/accounts.md
 * "Password sign-in"). Each try is taken in one conditional upsert before the password is
 * weighed, so concurrent tries on any instance are counted one by one.
 */
const F = passwordSignInFailures;

export type FailureScope = 'phone' | 'address';

export interface FailureRule {
  /** The failure that locks (the counter then starts again from 0 under the lock). */
  max: number;
  lockMs: number;
  /** A run quiet for this long starts again from 1. */
  memoryMs: number;
}

/** Wrong passwords in a row that lock password sign-in of a phone, and for how long. */
export const PHONE_RULE: FailureRule = {
  max: 10,
  lockMs: 15 * 60_000,
  memoryMs: 24 * 60 * 60_000,
};
/**
 * Wrong passwords from one address (any phones) that lock its password sign-ins: generous,
 * since a sales office's buyers may share one address, and forgotten after an hour of quiet.
 */
export const ADDRESS_RULE: FailureRule = {
  max: 50,
  lockMs: 15 * 60_000,
  memoryMs: 60 * 60_000,
};

/**
 * Takes one try of a phone or an address: null while it is locked (nothing counted), else the
 * failures in its run with this try counted as one, and the lock this try set if it was the
 * last one allowed. A right password gives the try back (`forgiveTry`, `clearFailures`).
 */
export async function takeTry(
  db: Db,
  scope: FailureScope,
  key: string,
  rule: FailureRule,
  now: Date,
): Promise<{ failures: number; lockedUntil: Date | null } | null> {
  const at = now.toISOString();
  const forgotten = new Date(now.getTime() - rule.memoryMs).toISOString();
  const next = sql`case when ${F.updatedAt} < ${forgotten}::timestamptz then 1 else ${F.failures} + 1 end`;
  const until = new Date(now.getTime() + rule.lockMs).toISOString();
  const [row] = await db
    .insert(F)
    .values({ scope, key, failures: 1, lockedUntil: null, updatedAt: now })
    .onConflictDoUpdate({
      target: [F.scope, F.key],
      set: {
        failures: sql`case when ${next} >= ${rule.max} then 0 else ${next} end`,
        lockedUntil: sql`case when ${next} >= ${rule.max} then ${until}::timestamptz else null end`,
        updatedAt: now,
      },
      setWhere: sql`${F.lockedUntil} is null or ${F.lockedUntil} <= ${at}::timestamptz`,
    })
    .returning({ failures: F.failures, lockedUntil: F.lockedUntil });
  if (!row) return null;
  return { failures: row.lockedUntil ? rule.max : row.failures, lockedUntil: row.lockedUntil };
}

/** Until when a phone or address is locked (now + the rule's lock when the row went meanwhile). */
export async function lockedUntil(
  db: Db,
  scope: FailureScope,
  key: string,
  rule: FailureRule,
  now: Date,
): Promise<Date> {
  return (await failureLockedUntil(db, scope, key)) ?? new Date(now.getTime() + rule.lockMs);
}

/** A right password ends the phone's run of failures (and any lock). */
export async function clearFailures(db: Db, scope: FailureScope, key: string): Promise<void> {
  await db.delete(F).where(and(eq(F.scope, scope), eq(F.key, key)));
}

/** A right password gives its address back the try it took (the address's run goes on). */
export async function forgiveTry(db: Db, scope: FailureScope, key: string): Promise<void> {
  await db
    .update(F)
    .set({ failures: sql`greatest(${F.failures} - 1, 0)` })
    .where(and(eq(F.scope, scope), eq(F.key, key), sql`${F.lockedUntil} is null`));
}

/** Deletes runs that are over: unlocked (or lock passed) and quiet for a day. */
export async function purgeStaleFailures(db: Db, now: Date): Promise<number> {
  const quiet = new Date(now.getTime() - PHONE_RULE.memoryMs);
  const rows = await db
    .delete(F)
    .where(
      and(
        lt(F.updatedAt, quiet),
        sql`(${F.lockedUntil} is null or ${F.lockedUntil} <= ${now.toISOString()}::timestamptz)`,
      ),
    )
    .returning({ key: F.key });
  return rows.length;
}
