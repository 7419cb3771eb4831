import { LISTING_FRESHNESS, LISTING_STATUS } from '@portal/shared/constants/listing-status';
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { secondHandListings } from '../../db/schema/index';
import type { SmsGateway } from '../../integrations/sms/sms-gateway';
import { users } from '../auth/tables';
import { withTransitions } from '../transitions/index';
import { expireListings, unansweredSince } from './listing-moves';
import { noticeToUsers } from './listing-notices';

const L = secondHandListings;
const DAY_MS = 86_400_000;
/** Listings handled per sweep and step; the next sweep takes the rest. */
const BATCH = 200;

/** What one sweep did. */
export interface FreshnessSweep {
  /** Owners asked to confirm (notice and SMS). */
  asked: number;
  /** Listings hidden for want of an answer (待确认在售). */
  hidden: number;
  /** SMS the gateway refused (the notice was still written). */
  smsFailed: number;
}

/** The text of the confirmation request, in 我的消息 and by SMS. */
export function confirmRequestText(title: string): string {
  return `您发布的房源「${title}」已发布满${LISTING_FRESHNESS.confirmEveryDays}天，请在${LISTING_FRESHNESS.graceDays}天内登录“我的二手房”确认房源仍在售，逾期未确认将暂停展示。`;
}

/**
 * Step 1: asks the owner of every published listing last confirmed
 * `confirmEveryDays` or more ago, and not yet asked, to confirm it is still available — a notice
 * and an SMS through the gateway. Marking the request is a conditional update, so when several
 * instances sweep at once each listing is asked exactly once (the instance whose update matched
 * writes the notice and sends the SMS). `now` is the sweep's clock.
 */
export async function requestConfirmations(
  db: Db,
  sms: SmsGateway | null,
  now: Date,
  log: (error: unknown, listingId: number) => void,
): Promise<{ asked: number; smsFailed: number }> {
  const due = new Date(now.getTime() - LISTING_FRESHNESS.confirmEveryDays * DAY_MS);
  const isDue = and(
    eq(L.publishStatus, LISTING_STATUS.PUBLISHED),
    isNull(L.confirmRequestedAt),
    lte(sql`coalesce(${L.confirmedAt}, ${L.publishTime})`, due),
  );
  const asked = await db.transaction(async (tx) => {
    const candidates = tx.select({ id: L.id }).from(L).where(isDue).limit(BATCH);
    const rows = await tx
      .update(L)
      .set({ confirmRequestedAt: now })
      .where(and(inArray(L.id, candidates), isDue))
      .returning({ id: L.id, userId: L.userId, title: L.title });
    for (const row of rows)
      await noticeToUsers(tx, [row.userId], row.id, confirmRequestText(row.title));
    return rows;
  });
  // With SMS switched off the notice in 我的消息 is the only request.
  if (asked.length === 0 || !sms) return { asked: asked.length, smsFailed: 0 };
  const phones = await db
    .select({ id: users.id, phone: users.phone })
    .from(users)
    .where(inArray(users.id, [...new Set(asked.map((row) => row.userId))]));
  const phoneOf = new Map(phones.map((row) => [row.id, row.phone]));
  let smsFailed = 0;
  for (const row of asked) {
    const phone = phoneOf.get(row.userId);
    if (!phone) continue;
    try {
      await sms.sendNotice(phone, { template: 'LISTING_CONFIRM', params: { title: row.title } });
    } catch (error) {
      smsFailed += 1;
      log(error, row.id);
    }
  }
  return { asked: asked.length, smsFailed };
}

/**
 * Step 2: a published listing whose request is `graceDays` old without an answer leaves search
 * (已发布 → 待确认在售), and its owner is told how to bring it back. Conditional like step 1.
 */
export async function hideUnconfirmed(db: Db, now: Date): Promise<number> {
  const limit = new Date(now.getTime() - LISTING_FRESHNESS.graceDays * DAY_MS);
  return withTransitions(db, (tx) => expireListings(tx, unansweredSince(limit), now, BATCH));
}

/** One freshness sweep: ask what is due, then hide what went unanswered. */
export async function sweepListingFreshness(
  db: Db,
  sms: SmsGateway | null,
  now: Date,
  log: (error: unknown, listingId: number) => void,
): Promise<FreshnessSweep> {
  const { asked, smsFailed } = await requestConfirmations(db, sms, now, log);
  const hidden = await hideUnconfirmed(db, now);
  return { asked, hidden, smsFailed };
}
