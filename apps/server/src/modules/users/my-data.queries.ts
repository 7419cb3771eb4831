import { CHAT_REPORT_STATUS } from '@portal/shared/constants/chat';
import { PAY_STATUS } from '@portal/shared/status';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { findUserById } from '../auth/index';
import { chatMessages, chatReports } from '../chat/tables';
import { favourites } from '../favourites/tables';
import { feedback } from '../feedback/tables';
import { browsingHistory } from '../history/tables';
import { legalAcceptances } from '../legal/tables';
import { listingReports, listingVerifications, secondHandListings } from '../listings/tables';
import { notices } from '../notices/tables';
import { orders } from '../orders/tables';
import { subscriptions } from '../subscriptions/tables';

/** Leaves out what is the platform's own bookkeeping rather than the citizen's data. */
function withoutSecrets<T extends Record<string, unknown>>(row: T, keys: string[]): Partial<T> {
  const copy: Record<string, unknown> = { ...row };
  for (const key of keys) delete copy[key];
  return copy as Partial<T>;
}

/** The order fields the export spells as the published API does (docs/glossary.md, "API spellings"). */
const exportedOrderNames: Record<string, string> = {
  netSignNumber: 'netsignnum',
  netSignedAt: 'netsignTime',
};

/**
 * An order as exported: the contract number and its filing time keep the published API's names
 * `netsignnum` and `netsignTime`, in their places among the fields.
 */
function exportedOrder(row: typeof orders.$inferSelect): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(withoutSecrets(row, ['identityHash', 'realNameHash'])).map(([key, value]) => [
      exportedOrderNames[key] ?? key,
      value,
    ]),
  );
}

/**
 * 下载我的数据: everything the portal keeps about the caller, their own rows only, with the ID
 * number and name decrypted for them (docs/product/accounts.md "My data"). Hashes, session tokens
 * and SMS codes are left out: they identify nothing to the citizen and would only weaken them.
 */
export async function exportMyData(db: Db, userId: number) {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('INVALID_SESSION');
  const own = <T>(rows: Promise<T[]>) => rows;
  const [
    myOrders,
    myListings,
    myVerifications,
    myFavourites,
    myHistory,
    myNotices,
    myFeedback,
    myMessages,
    myConsents,
    mySubscriptions,
    myListingReports,
    myChatReports,
  ] = await Promise.all([
    own(db.select().from(orders).where(eq(orders.userId, userId)).orderBy(orders.id)),
    own(
      db
        .select()
        .from(secondHandListings)
        .where(eq(secondHandListings.userId, userId))
        .orderBy(secondHandListings.id),
    ),
    own(
      db
        .select()
        .from(listingVerifications)
        .where(eq(listingVerifications.userId, userId))
        .orderBy(listingVerifications.id),
    ),
    own(db.select().from(favourites).where(eq(favourites.userId, userId)).orderBy(favourites.id)),
    own(
      db
        .select()
        .from(browsingHistory)
        .where(eq(browsingHistory.userId, userId))
        .orderBy(browsingHistory.id),
    ),
    own(db.select().from(notices).where(eq(notices.userId, userId)).orderBy(notices.id)),
    own(db.select().from(feedback).where(eq(feedback.userId, userId)).orderBy(feedback.id)),
    own(
      db
        .select()
        .from(chatMessages)
        .where(or(eq(chatMessages.senderId, userId), eq(chatMessages.receiverId, userId)))
        .orderBy(chatMessages.id),
    ),
    own(
      db
        .select({
          kind: legalAcceptances.kind,
          version: legalAcceptances.version,
          acceptedAt: legalAcceptances.acceptedAt,
        })
        .from(legalAcceptances)
        .where(eq(legalAcceptances.userId, userId))
        .orderBy(legalAcceptances.acceptedAt),
    ),
    own(
      db
        .select({
          id: subscriptions.id,
          topic: subscriptions.topic,
          projectId: subscriptions.projectId,
          scope: subscriptions.scope,
          query: subscriptions.query,
          lastCheckedAt: subscriptions.lastCheckedAt,
          createdAt: subscriptions.createdAt,
        })
        .from(subscriptions)
        .where(eq(subscriptions.userId, userId))
        .orderBy(subscriptions.id),
    ),
    own(
      db
        .select({
          id: listingReports.id,
          listingId: listingReports.listingId,
          reason: listingReports.reason,
          description: listingReports.description,
          status: listingReports.status,
          outcomeNote: listingReports.outcomeNote,
          handledAt: listingReports.handledAt,
          createdAt: listingReports.createdAt,
          // Table-qualified by hand: a single-table select leaves its own columns unqualified.
          photos: sql<
            string[]
          >`coalesce((select array_agg(p.path order by p.sort) from listing_report_photos p where p.report_id = listing_reports.id), '{}')`,
        })
        .from(listingReports)
        .where(eq(listingReports.reporterId, userId))
        .orderBy(listingReports.id),
    ),
    own(
      db
        .select({
          id: chatReports.id,
          conversationId: chatReports.conversationId,
          reason: chatReports.reason,
          description: chatReports.description,
          status: chatReports.status,
          outcomeNote: chatReports.outcomeNote,
          handledAt: chatReports.handledAt,
          createdAt: chatReports.createdAt,
        })
        .from(chatReports)
        .where(eq(chatReports.reporterId, userId))
        .orderBy(chatReports.id),
    ),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    profile: {
      userId: user.id,
      phone: user.phone,
      nickname: user.nickname,
      gender: user.gender,
      birthday: user.birthday,
      avatar: user.avatar,
      remark: user.remark,
      wechatBound: Boolean(user.openid),
      realName: user.realName,
      idCard: user.idCard,
      realNameAuth: user.realNameAuth,
      realNameAuthAt: user.realNameAuthAt,
      createdAt: user.createdAt,
      lastLoginAt: user.lastLoginAt,
    },
    orders: myOrders.map(exportedOrder),
    listings: myListings,
    listingVerifications: myVerifications,
    favourites: myFavourites,
    history: myHistory,
    notices: myNotices,
    feedback: myFeedback,
    chatMessages: myMessages,
    consents: myConsents,
    subscriptions: mySubscriptions,
    /** The reports the citizen made: on listings (举报房源) and on conversations (举报房聊). */
    reports: { listings: myListingReports, chats: myChatReports },
  };
}

/** Pay states of an order still under way: awaiting payment, refunding, refund failed. */
const OPEN_PAY_STATUSES: number[] = [
  PAY_STATUS.AWAITING_PAYMENT,
  PAY_STATUS.REFUNDING,
  PAY_STATUS.REFUND_FAILED,
];

/**
 * Whether an order is still under way: unpaid in its window, a refund in progress or failed, or
 * a paid deposit whose flat is neither signed (网签) nor refunded yet.
 */
const orderUnderWay = or(
  inArray(orders.payStatus, OPEN_PAY_STATUSES),
  and(eq(orders.payStatus, PAY_STATUS.PAID), isNull(orders.netSignNumber)),
);

/** Whether the user has an order still under way, which keeps the account from closing. */
export async function hasOrderUnderWay(db: Db, userId: number): Promise<boolean> {
  const [open] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), orderUnderWay))
    .limit(1);
  return open !== undefined;
}

/** Whether a 房聊 report against the user is still open. */
export async function hasOpenChatReportsAgainst(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: chatReports.id })
    .from(chatReports)
    .where(and(eq(chatReports.reportedId, userId), eq(chatReports.status, CHAT_REPORT_STATUS.OPEN)))
    .limit(1);
  return row !== undefined;
}
