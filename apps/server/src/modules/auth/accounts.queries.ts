import type { CurrentUser } from '@portal/shared/schemas/auth';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';

/*
 * Who an account is, by phone number or id: the lookups sign-in and registration start from, and
 * that every module naming a user reads through this module's face.
 */

export type UserRow = typeof users.$inferSelect;

/** The account holding a phone number, if any. */
export async function findUserByPhone(db: Db, phone: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
  return row;
}

/** One account by id. */
export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/**
 * Whether an account other than `userId` already verified the identity of this keyed hash of an
 * ID number: one identity, one account (the hash is unique among accounts).
 */
export async function isIdentityHeldByAnother(
  db: Db,
  userId: number,
  hash: string,
): Promise<boolean> {
  const [holder] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.identityHash, hash), ne(users.id, userId)))
    .limit(1);
  return Boolean(holder);
}

/** The user as the current-user call answers it (docs/product/accounts.md). */
export function toCurrentUser(row: UserRow): CurrentUser {
  return {
    userId: row.id,
    nickName: row.nickname,
    phoneNumber: row.phone,
    avatar: row.avatar,
    gender: row.gender,
    birthday: row.birthday,
    remark: row.remark,
    realNameAuth: row.realNameAuth,
    openid: row.openid,
  };
}
