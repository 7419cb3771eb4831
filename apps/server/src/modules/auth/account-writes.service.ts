import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { identityHashOf } from '../../db/identity-cipher';
import { users } from '../../db/schema/index';

/**
 * The writes of an account row that other modules ask for (docs/decisions/0075-one-owner-per-table.md):
 * accounts are auth's table, so the profile, the 长辈版 choice, the avatar, an operator's
 * real-name and disabling decisions, the console's operators, 房聊's service account and the
 * accounts WeChat sign-in finds or creates are written here, each in the caller's transaction where it has one. The rules of who may and when
 * stay with the callers.
 */

/** The profile fields a citizen edits (docs/product/accounts.md). */
export async function saveAccountProfile(
  db: Db,
  userId: number,
  profile: Pick<typeof users.$inferInsert, 'nickname' | 'gender' | 'birthday' | 'remark'>,
): Promise<void> {
  await db.update(users).set(profile).where(eq(users.id, userId));
}

/** The account's 长辈版 choice. */
export async function saveAccountCareMode(db: Db, userId: number, isOn: boolean): Promise<void> {
  await db.update(users).set({ careMode: isOn }).where(eq(users.id, userId));
}

/** Sets the account's avatar (the stored key of its first size); answers the one it replaced. */
export async function replaceAccountAvatar(
  db: Db,
  userId: number,
  avatar: string,
): Promise<string | null> {
  const [previous] = await db
    .select({ avatar: users.avatar })
    .from(users)
    .where(eq(users.id, userId));
  await db.update(users).set({ avatar }).where(eq(users.id, userId));
  return previous?.avatar ?? null;
}

/**
 * Marks the account real-name verified with this name and ID number (its keyed hash unique among
 * accounts: a second account of the same identity fails with a unique violation).
 */
export async function markAccountVerified(
  tx: Db,
  userId: number,
  identity: { realName: string; idCard: string },
  at: Date = new Date(),
): Promise<void> {
  await tx
    .update(users)
    .set({
      realName: identity.realName,
      idCard: identity.idCard,
      identityHash: identityHashOf(identity.idCard),
      realNameAuth: true,
      realNameAuthAt: at,
    })
    .where(eq(users.id, userId));
}

/** Withdraws a verified account's real-name verification (name and ID number kept for the record). */
export async function revokeAccountVerification(tx: Db, userId: number): Promise<void> {
  await tx
    .update(users)
    .set({ realNameAuth: false, realNameAuthAt: null })
    .where(and(eq(users.id, userId), eq(users.realNameAuth, true)));
}

/** Disables the account or enables it again (its sessions are the caller's to end). */
export async function setAccountDisabled(tx: Db, userId: number, disabled: boolean): Promise<void> {
  await tx.update(users).set({ disabled }).where(eq(users.id, userId));
}

/**
 * Makes an account an operator: an existing one promoted and enabled (its password changed when a
 * hash is given), or a new one with this phone. Answers the account's id.
 */
export async function saveOperatorAccount(
  tx: Db,
  existingId: number | null,
  phone: string,
  passwordHash: string | undefined,
): Promise<number> {
  if (existingId !== null) {
    await tx
      .update(users)
      .set({ role: 'admin', disabled: false, ...(passwordHash ? { passwordHash } : {}) })
      .where(eq(users.id, existingId));
    return existingId;
  }
  const [row] = await tx
    .insert(users)
    .values({ phone, passwordHash, role: 'admin', nickname: '运营人员' })
    .returning({ id: users.id });
  return row?.id as number;
}

/**
 * Creates an account nobody can sign in to (no phone, no password, no WeChat, disabled) that
 * speaks under `nickname`: 房聊's service channel (平台客服). Answers its id.
 */
export async function createSpeakingAccount(tx: Db, nickname: string): Promise<number> {
  const [user] = await tx
    .insert(users)
    .values({ nickname, disabled: true })
    .returning({ id: users.id });
  return user?.id as number;
}

/**
 * The account of a WeChat user: the one holding the unionid (the same person across the city's
 * WeChat apps), else the one holding the openid, else a new WeChat-only account (no phone, no
 * password). A unionid learned later is bound to the account found by openid. The WeChat
 * integration receives this function from the app (its `WechatAccountOf`).
 */
export async function accountOfWechatUser(db: Db, openid: string, unionid: string | null) {
  const byUnion = unionid
    ? (await db.select().from(users).where(eq(users.unionid, unionid)).limit(1))[0]
    : undefined;
  if (byUnion) return byUnion;
  const [byOpenid] = await db.select().from(users).where(eq(users.openid, openid)).limit(1);
  if (byOpenid) {
    if (unionid && !byOpenid.unionid) {
      await db.update(users).set({ unionid }).where(eq(users.id, byOpenid.id));
    }
    return byOpenid;
  }
  return (
    (await db.insert(users).values({ openid, unionid }).onConflictDoNothing().returning())[0] ??
    (await db.select().from(users).where(eq(users.openid, openid)).limit(1))[0]
  );
}
