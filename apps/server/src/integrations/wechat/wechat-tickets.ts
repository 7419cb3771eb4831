import { randomBytes } from 'node:crypto';
import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, wechatTickets } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';

/** A QR ticket lives 120 seconds (docs/product/accounts.md). */
export const WECHAT_TICKET_TTL_MS = 120 * 1000;
/** A confirmed WeChat-only account may bind its phone for 10 minutes after the scan. */
export const WECHAT_BIND_WINDOW_MS = 10 * 60 * 1000;

export type WechatTicketRow = typeof wechatTickets.$inferSelect;

/** Issues a fresh login ticket; the QR shows the confirm page for it. */
export async function issueTicket(db: Db, now: Date = new Date()): Promise<WechatTicketRow> {
  const ticket = randomBytes(18).toString('base64url');
  const [row] = await db
    .insert(wechatTickets)
    .values({ ticket, createdAt: now, expiresAt: new Date(now.getTime() + WECHAT_TICKET_TTL_MS) })
    .returning();
  if (!row) throw new AppError('INTERNAL_ERROR');
  return row;
}

/** One ticket by its value. */
export async function findTicket(db: Db, ticket: string): Promise<WechatTicketRow | undefined> {
  const [row] = await db
    .select()
    .from(wechatTickets)
    .where(eq(wechatTickets.ticket, ticket))
    .limit(1);
  return row;
}

/** The phone opened the QR (simulator page): pending → scanned. */
export async function markScanned(db: Db, ticket: string, now: Date = new Date()): Promise<void> {
  await db
    .update(wechatTickets)
    .set({ status: 'scanned' })
    .where(
      and(
        eq(wechatTickets.ticket, ticket),
        eq(wechatTickets.status, 'pending'),
        gt(wechatTickets.expiresAt, now),
      ),
    );
}

/**
 * The account of a WeChat user: the one holding the unionid (the same person across the
 * city's WeChat apps), else the one holding the openid, else a new WeChat-only account (no
 * phone, no password). A unionid learned later is bound to the account found by openid.
 */
async function accountOfWechatUser(db: Db, openid: string, unionid: string | null) {
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

/**
 * The WeChat user `openid` (and `unionid`, when known) confirmed the sign-in: ties the ticket
 * to their account (see accountOfWechatUser). Throws CONFLICT when the ticket is no longer open.
 */
export async function confirmTicket(
  db: Db,
  ticket: string,
  openid: string,
  unionid: string | null = null,
  now: Date = new Date(),
): Promise<void> {
  const user = await accountOfWechatUser(db, openid, unionid);
  if (!user) throw new AppError('INTERNAL_ERROR');
  const updated = await db
    .update(wechatTickets)
    .set({ status: 'confirmed', openid, unionid, userId: user.id, confirmedAt: now })
    .where(
      and(
        eq(wechatTickets.ticket, ticket),
        inArray(wechatTickets.status, ['pending', 'scanned']),
        gt(wechatTickets.expiresAt, now),
      ),
    )
    .returning({ id: wechatTickets.id });
  if (updated.length === 0) throw new AppError('CONFLICT', '二维码已失效，请在电脑上刷新二维码');
}

/** Marks a confirmed ticket consumed once its session exists; false when someone was first. */
export async function consumeTicket(db: Db, ticketId: number): Promise<boolean> {
  const rows = await db
    .update(wechatTickets)
    .set({ status: 'consumed' })
    .where(and(eq(wechatTickets.id, ticketId), eq(wechatTickets.status, 'confirmed')))
    .returning({ id: wechatTickets.id });
  return rows.length > 0;
}
