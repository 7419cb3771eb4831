import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { operatorSignInFailures, passwordSignInFailures } from '../../db/schema/index';

/** Until when a phone or address is locked by its wrong passwords, or null (no row, no lock). */
export async function failureLockedUntil(
  db: Db,
  scope: 'phone' | 'address',
  key: string,
): Promise<Date | null> {
  const F = passwordSignInFailures;
  const [row] = await db
    .select({ lockedUntil: F.lockedUntil })
    .from(F)
    .where(and(eq(F.scope, scope), eq(F.key, key)));
  return row?.lockedUntil ?? null;
}

/** Until when an operator's sign-in from one address waits after wrong passwords, or null. */
export async function operatorBlockedUntil(
  db: Db,
  userId: number,
  ip: string,
): Promise<Date | null> {
  const t = operatorSignInFailures;
  const [row] = await db
    .select({ blockedUntil: t.blockedUntil })
    .from(t)
    .where(and(eq(t.userId, userId), eq(t.ip, ip)));
  return row?.blockedUntil ?? null;
}
