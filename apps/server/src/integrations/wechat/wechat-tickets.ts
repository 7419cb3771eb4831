import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { wechatTickets } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';

/** A QR ticket lives 120 seconds (docs/product/accounts.md). */
export const WECHAT_TICKET_TTL_MS = 120 * 1000;
/** A confirmed WeChat-only account may bind its phone for 10 minutes after the scan. */
export const WECHAT_BIND_WINDOW_MS = 10 * 60 * 1000;

export type WechatTicketRow = typeof wechatTickets.$inferSelect;

/** The stored form of a browser secret: sha256 in hex (the secret itself is never stored). */
export function browserHashOf(secret: string): string {
  return createHash('sha256').update(`wechat-ticket:${secret}`).digest('hex');
}

/** Whether `secret` (from the browser's cookie) is the one the ticket was issued with. */
export function isAskingBrowser(row: WechatTicketRow, secret: string | undefined): boolean {
  if (!secret || !row.browserHash) return false;
  const given = Buffer.from(browserHashOf(secret));
  const expected = Buffer.from(row.browserHash);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Issues a fresh login ticket and the secret of the browser that asked for it (kept in that
 * browser's HttpOnly cookie; only its hash is stored). The QR shows the confirm page for it.
 */
export async function issueTicket(
  db: Db,
  now: Date = new Date(),
): Promise<{ row: WechatTicketRow; browserSecret: string }> {
  const ticket = randomBytes(18).toString('base64url');
  const browserSecret = randomBytes(24).toString('base64url');
  const [row] = await db
    .insert(wechatTickets)
    .values({
      ticket,
      createdAt: now,
      expiresAt: new Date(now.getTime() + WECHAT_TICKET_TTL_MS),
      browserHash: browserHashOf(browserSecret),
    })
    .returning();
  if (!row) throw new AppError('INTERNAL_ERROR');
  return { row, browserSecret };
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
 * Finds or creates the account of a WeChat user (`openid`, and `unionid` when known). Accounts are
 * the auth module's table (docs/decisions/0075-one-owner-per-table.md), so the app hands its
 * function in; this layer never writes an account.
 */
export type WechatAccountOf = (
  db: Db,
  openid: string,
  unionid: string | null,
) => Promise<{ id: number } | undefined>;

/**
 * The WeChat user `openid` (and `unionid`, when known) confirmed the sign-in: ties the ticket
 * to their account, `userId`, which the caller found through the accounts' owner
 * (WechatAccountOf). Throws CONFLICT when the ticket is no longer open.
 */
export async function confirmTicket(
  db: Db,
  ticket: string,
  wechatUser: { openid: string; unionid: string | null; userId: number },
  now: Date = new Date(),
): Promise<void> {
  const { openid, unionid, userId } = wechatUser;
  const updated = await db
    .update(wechatTickets)
    .set({ status: 'confirmed', openid, unionid, userId, confirmedAt: now })
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

/**
 * A scan confirmed on the phone (the Official Account's callback, the simulator's page): finds or
 * creates the scanning user's account through `accountOf` and confirms the ticket for it.
 */
export async function confirmScannedTicket(
  db: Db,
  accountOf: WechatAccountOf,
  ticket: string,
  wechatUser: { openid: string; unionid: string | null },
): Promise<void> {
  const account = await accountOf(db, wechatUser.openid, wechatUser.unionid);
  if (!account) throw new AppError('INTERNAL_ERROR');
  await confirmTicket(db, ticket, { ...wechatUser, userId: account.id });
}

/**
 * Marks a confirmed ticket consumed, in one statement, so that it opens one session at most;
 * false when another request was first. With `before`, only while the ticket's lifetime lasts.
 */
export async function consumeTicket(
  db: Db,
  ticketId: number,
  before: Date | null = null,
): Promise<boolean> {
  const rows = await db
    .update(wechatTickets)
    .set({ status: 'consumed' })
    .where(
      and(
        eq(wechatTickets.id, ticketId),
        eq(wechatTickets.status, 'confirmed'),
        before ? gt(wechatTickets.expiresAt, before) : undefined,
      ),
    )
    .returning({ id: wechatTickets.id });
  return rows.length > 0;
}

/** Closing an account: its WeChat sign-in tickets go (call inside the closing transaction). */
export async function forgetWechatTicketsOfAccount(tx: Db, userId: number): Promise<void> {
  await tx.delete(wechatTickets).where(eq(wechatTickets.userId, userId));
}
