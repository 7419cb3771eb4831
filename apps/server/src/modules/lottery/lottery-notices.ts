import { formatBeijingDateTime } from '@portal/shared/beijing-time';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { lotteryBatches, lotterySms } from '../../db/schema/index';
import type { SmsGateway } from '../../integrations/sms/index';
import { users } from '../auth/tables';

/** How many times a step's SMS is tried before it is left to 我的消息 alone. */
export const LOTTERY_SMS_TRIES = 3;
/** A claim older than this is taken to belong to a job that died while sending. */
const CLAIM_TIMEOUT_MS = 60_000;
/** SMS sent by one run of the job at most. */
const SMS_PER_RUN = 20;

/** HH:mm in Beijing time, as a turn's deadline is told. */
export function beijingClock(at: Date): string {
  return formatBeijingDateTime(at).slice(11, 16);
}

/**
 * Queues the SMS of one 摇号 step (docs/product/lottery.md): `detail` is at most 35 characters (a
 * template variable), written in the step's own transaction beside its notice in 我的消息 (a row
 * of lottery-moves.ts declares both), and sent by the lottery job after the commit.
 */
export async function queueLotterySms(
  tx: Db,
  sms: { batchId: number; userId: number; detail: string },
): Promise<void> {
  await tx.insert(lotterySms).values(sms);
}

/**
 * Sends the queued SMS of lottery steps (LOTTERY template: the batch's title and the step). Rows
 * are claimed first (`for update skip locked`, so instances never send one twice); a failed send
 * is tried again on a later run, three tries at most. With SMS switched off nothing is sent: the
 * notices in 我的消息 remain. `onFailure` is told the row id only, never the phone or the text.
 */
export async function sendQueuedLotterySms(
  db: Db,
  sms: SmsGateway | null,
  now: Date,
  onFailure: (error: unknown, smsId: number) => void,
): Promise<{ sent: number; failed: number }> {
  if (!sms) return { sent: 0, failed: 0 };
  const staleClaim = new Date(now.getTime() - CLAIM_TIMEOUT_MS);
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: lotterySms.id })
      .from(lotterySms)
      .where(
        and(
          isNull(lotterySms.sentAt),
          lt(lotterySms.attempts, LOTTERY_SMS_TRIES),
          or(isNull(lotterySms.claimedAt), lt(lotterySms.claimedAt, staleClaim)),
        ),
      )
      .orderBy(asc(lotterySms.id))
      .limit(SMS_PER_RUN)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(lotterySms)
      .set({ claimedAt: now, attempts: sql`${lotterySms.attempts} + 1` })
      .where(
        inArray(
          lotterySms.id,
          due.map((row) => row.id),
        ),
      )
      .returning({
        id: lotterySms.id,
        batchId: lotterySms.batchId,
        userId: lotterySms.userId,
        detail: lotterySms.detail,
      });
  });
  if (claimed.length === 0) return { sent: 0, failed: 0 };
  const [people, batches] = await Promise.all([
    db
      .select({ id: users.id, phone: users.phone })
      .from(users)
      .where(inArray(users.id, [...new Set(claimed.map((row) => row.userId))])),
    db
      .select({ id: lotteryBatches.id, title: lotteryBatches.title })
      .from(lotteryBatches)
      .where(inArray(lotteryBatches.id, [...new Set(claimed.map((row) => row.batchId))])),
  ]);
  const phoneOf = new Map(people.map((row) => [row.id, row.phone]));
  const titleOf = new Map(batches.map((row) => [row.id, row.title]));
  let sent = 0;
  let failed = 0;
  for (const row of claimed) {
    const phone = phoneOf.get(row.userId);
    if (phone) {
      try {
        await sms.sendNotice(phone, {
          template: 'LOTTERY',
          params: { title: titleOf.get(row.batchId) ?? '摇号选房', detail: row.detail },
        });
        sent += 1;
      } catch (error) {
        failed += 1;
        onFailure(error, row.id);
        // Left unsent: tried again once the claim is old, while tries remain.
        continue;
      }
    }
    // Sent, or an account without a phone (closed): done either way.
    await db.update(lotterySms).set({ sentAt: now }).where(eq(lotterySms.id, row.id));
  }
  return { sent, failed };
}
