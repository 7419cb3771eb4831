import { startOfBeijingDay } from '@portal/shared/beijing-time';
import { NOTICE_BIZ_TYPE } from '@portal/shared/constants/notices';
import {
  SUBSCRIPTION_SMS_DAILY_CAP,
  SUBSCRIPTION_TOPIC_LABEL,
  type SearchScope,
  type SubscriptionTopic,
} from '@portal/shared/constants/subscriptions';
import { and, asc, count, eq, gte, inArray, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { subscriptionDeliveries, subscriptionEvents, subscriptions } from '../../db/schema/index';
import { smsVariable, type SmsGateway } from '../../integrations/sms/sms-gateway';
import { users } from '../auth/tables';
import { sendNotices } from '../notices/index';
import { projects } from '../projects/tables';
import { inQuietHours, quietHoursEnd } from './quiet-hours';
import { describeSearch } from './saved-search';
import { findNewMatches } from './saved-search.queries';

const D = subscriptionDeliveries;
/** Events, searches and SMS handled per step and run; the next run takes the rest. */
const BATCH = 50;
/** A saved search is checked at most this often. */
export const SEARCH_CHECK_EVERY_MS = 5 * 60_000;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

interface NewDelivery {
  subscriptionId: number;
  userId: number;
  eventKey: string;
  content: string;
  bizType: string;
  bizId: number;
}

/**
 * Writes deliveries and their notices in the caller's transaction. The unique key
 * (subscription, event key) drops anything already told, so a repeated run tells nothing twice.
 */
async function deliver(tx: Tx, rows: NewDelivery[], now: Date): Promise<number> {
  let written = 0;
  for (const row of rows) {
    const [inserted] = await tx
      .insert(D)
      .values({
        subscriptionId: row.subscriptionId,
        userId: row.userId,
        eventKey: row.eventKey,
        content: row.content,
        smsDueAt: now,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: D.id });
    if (!inserted) continue;
    const [noticeId] = await sendNotices(tx, [
      {
        userId: row.userId,
        content: row.content,
        bizType: row.bizType,
        bizId: row.bizId,
        createdAt: now,
      },
    ]);
    await tx
      .update(D)
      .set({ noticeId: noticeId ?? null })
      .where(eq(D.id, inserted.id));
    written += 1;
  }
  return written;
}

/**
 * Step 1: turns waiting project events into one delivery per subscriber of that project and
 * topic. Events are claimed with `FOR UPDATE SKIP LOCKED`, so instances running at once take
 * different events, and marked processed in the same transaction.
 */
export async function fanOutEvents(db: Db, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const events = await tx
      .select({
        id: subscriptionEvents.id,
        projectId: subscriptionEvents.projectId,
        topic: subscriptionEvents.topic,
        detail: subscriptionEvents.detail,
      })
      .from(subscriptionEvents)
      .where(isNull(subscriptionEvents.processedAt))
      .orderBy(asc(subscriptionEvents.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    if (events.length === 0) return 0;
    let written = 0;
    for (const event of events) {
      const [project] = await tx
        .select({ name: projects.publishName })
        .from(projects)
        .where(eq(projects.id, event.projectId));
      const subscribers = await tx
        .select({ id: subscriptions.id, userId: subscriptions.userId })
        .from(subscriptions)
        .where(
          and(eq(subscriptions.projectId, event.projectId), eq(subscriptions.topic, event.topic)),
        );
      const label = SUBSCRIPTION_TOPIC_LABEL[event.topic as SubscriptionTopic] ?? '订阅通知';
      const content = `【${label}】您订阅的楼盘「${project?.name ?? ''}」${event.detail}。`;
      written += await deliver(
        tx,
        subscribers.map((sub) => ({
          subscriptionId: sub.id,
          userId: sub.userId,
          eventKey: `event:${event.id}`,
          content,
          bizType: NOTICE_BIZ_TYPE.PROJECT,
          bizId: event.projectId,
        })),
        now,
      );
    }
    await tx
      .update(subscriptionEvents)
      .set({ processedAt: now })
      .where(
        inArray(
          subscriptionEvents.id,
          events.map((event) => event.id),
        ),
      );
    return written;
  });
}

/**
 * Step 2: checks saved searches last checked `SEARCH_CHECK_EVERY_MS` or more ago for projects
 * or listings published since, and tells each find once. Searches are claimed like events.
 */
export async function checkSavedSearches(db: Db, now: Date): Promise<number> {
  const due = new Date(now.getTime() - SEARCH_CHECK_EVERY_MS);
  return db.transaction(async (tx) => {
    const searches = await tx
      .select({
        id: subscriptions.id,
        userId: subscriptions.userId,
        scope: subscriptions.scope,
        query: subscriptions.query,
        lastCheckedAt: subscriptions.lastCheckedAt,
      })
      .from(subscriptions)
      .where(and(eq(subscriptions.topic, 'search'), lte(subscriptions.lastCheckedAt, due)))
      .orderBy(asc(subscriptions.lastCheckedAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    let written = 0;
    for (const search of searches) {
      const scope = search.scope as SearchScope;
      const query = search.query ?? '';
      const matches = await findNewMatches(tx, scope, query, search.lastCheckedAt, now);
      const title = describeSearch(scope, query);
      written += await deliver(
        tx,
        matches.map((match) => ({
          subscriptionId: search.id,
          userId: search.userId,
          eventKey: `${match.kind}:${match.id}`,
          content: `【搜索订阅】您订阅的搜索「${title}」有新${match.kind === 'project' ? '楼盘' : '房源'}：${match.name}。`,
          bizType:
            match.kind === 'project' ? NOTICE_BIZ_TYPE.PROJECT : NOTICE_BIZ_TYPE.SECOND_HOUSE,
          bizId: match.id,
        })),
        now,
      );
      await tx
        .update(subscriptions)
        .set({ lastCheckedAt: now })
        .where(eq(subscriptions.id, search.id));
    }
    return written;
  });
}

export interface SmsStepOptions {
  sms: SmsGateway | null;
  /** The site's public address, named in the SMS as where to unsubscribe (我的订阅). */
  publicOrigin: string;
  /** Told of each SMS the provider refused (the job logs it; the error holds no phone). */
  onSmsFailure?: (error: unknown, deliveryId: number) => void;
}

/**
 * The subscription SMS of a delivery's notice text: the template's two variables, `title` (the
 * project or the search, from 「…」) and `detail` (the kind of news and the news), each at most
 * 35 characters (shortened with …), and the text the registered template makes of them. The
 * template's end is constant: unsubscribing is in 我的订阅 at the site's own address, never a
 * personal link (providers refuse links in variables; docs/operations.md).
 */
export function subscriptionSms(
  content: string,
  publicOrigin: string,
): { params: { title: string; detail: string }; text: string } {
  const match = /^【([^】]+)】您订阅的(?:楼盘|搜索)「(.*)」(.*?)。?$/.exec(content);
  const [, label = '订阅通知', subject = '', news = content] = match ?? [];
  const params = {
    title: smsVariable(subject || label),
    detail: smsVariable(`${label}：${news.replace(/^[：:]/, '')}`),
  };
  const host = new URL(publicOrigin).host;
  const text = `您订阅的「${params.title}」有新动态：${params.detail}。详情及退订请登录 ${host}/mySubscriptions（我的订阅）。`;
  return { params, text };
}

/**
 * Step 3: sends the SMS of due deliveries, one at a time. During quiet hours (22:00–08:00
 * Beijing) due SMS are moved to 08:00. Each delivery is claimed with `FOR UPDATE SKIP LOCKED`
 * and its user row locked, so two instances never send the same SMS and never both count under
 * the day's cap; past the cap (3 a Beijing day) the SMS is dropped (the notice stays). The SMS
 * goes out while the claim is held and is marked sent in the same transaction.
 */
export async function sendDueSms(db: Db, now: Date, options: SmsStepOptions): Promise<number> {
  if (inQuietHours(now)) {
    await db
      .update(D)
      .set({ smsDueAt: quietHoursEnd(now) })
      .where(and(eq(D.smsStatus, 'pending'), lte(D.smsDueAt, now)));
    return 0;
  }
  let sent = 0;
  for (let i = 0; i < BATCH; i += 1) {
    const outcome = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({
          id: D.id,
          userId: D.userId,
          subscriptionId: D.subscriptionId,
          content: D.content,
        })
        .from(D)
        .where(and(eq(D.smsStatus, 'pending'), lte(D.smsDueAt, now)))
        .orderBy(asc(D.smsDueAt), asc(D.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return 'done' as const;
      const [user] = await tx
        .select({ phone: users.phone })
        .from(users)
        .where(eq(users.id, row.userId))
        .for('no key update');
      if (!options.sms || !user?.phone) {
        await tx.update(D).set({ smsStatus: 'none' }).where(eq(D.id, row.id));
        return 'skipped' as const;
      }
      const [today] = await tx
        .select({ value: count() })
        .from(D)
        .where(
          and(
            eq(D.userId, row.userId),
            eq(D.smsStatus, 'sent'),
            gte(D.smsSentAt, startOfBeijingDay(now)),
          ),
        );
      if ((today?.value ?? 0) >= SUBSCRIPTION_SMS_DAILY_CAP) {
        await tx.update(D).set({ smsStatus: 'capped' }).where(eq(D.id, row.id));
        return 'skipped' as const;
      }
      const { params, text } = subscriptionSms(row.content, options.publicOrigin);
      try {
        await options.sms.sendNotice(user.phone, { template: 'SUBSCRIPTION', params });
      } catch (error) {
        options.onSmsFailure?.(error, row.id);
        await tx
          .update(D)
          .set({ smsStatus: 'failed', smsPhone: user.phone, smsText: text })
          .where(eq(D.id, row.id));
        return 'skipped' as const;
      }
      await tx
        .update(D)
        .set({ smsStatus: 'sent', smsSentAt: now, smsPhone: user.phone, smsText: text })
        .where(eq(D.id, row.id));
      return 'sent' as const;
    });
    if (outcome === 'done') break;
    if (outcome === 'sent') sent += 1;
  }
  return sent;
}

/** What one run did. */
export interface DeliveryRun {
  told: number;
  found: number;
  sms: number;
}

/** One run of the delivery job: events, saved searches, then due SMS. */
export async function runSubscriptionDelivery(
  db: Db,
  now: Date,
  options: SmsStepOptions,
): Promise<DeliveryRun> {
  const told = await fanOutEvents(db, now);
  const found = await checkSavedSearches(db, now);
  const sms = await sendDueSms(db, now, options);
  return { told, found, sms };
}
