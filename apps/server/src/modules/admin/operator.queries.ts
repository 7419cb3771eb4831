import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../auth/tables';

/** The signed-in operator's phone and nickname, as the console shows them (null when unknown). */
export async function findOperatorProfile(db: Db, userId: number) {
  const [row] = await db
    .select({ phone: users.phone, nickname: users.nickname })
    .from(users)
    .where(eq(users.id, userId));
  return { userId, phone: row?.phone ?? null, nickname: row?.nickname ?? null };
}
