import type { CurrentUser } from '@portal/shared/schemas/auth';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';

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

/** Whether the account uses 长辈版 (docs/product/accessibility.md); false for an unknown id. */
export async function readCareMode(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ careMode: users.careMode })
    .from(users)
    .where(eq(users.id, userId));
  return row?.careMode ?? false;
}
