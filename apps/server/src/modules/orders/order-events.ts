import type { Db } from '../../db/client';
import { orderLogs } from '../../db/schema/index';
import { sendNotices } from '../notices/index';

/** One order transition: the timeline entry and the buyer's notice, written together. */
export interface OrderEvent {
  orderId: number;
  userId: number;
  /** Order step 1–5 of the step bar (docs/product/orders.md), or null for transitions outside the step bar. */
  step: number | null;
  /** The order's pay status after the transition. */
  status: number;
  operation: string;
  notice: string;
  at: Date;
}

/**
 * Writes the order log entry and the buyer's order notice (bizType `order`) of a transition.
 * Call inside the transition's transaction so both appear only when the transition happened.
 */
export async function recordOrderEvent(db: Db, event: OrderEvent): Promise<void> {
  await db.insert(orderLogs).values({
    orderId: event.orderId,
    step: event.step,
    status: event.status,
    operation: event.operation,
    operateTime: event.at,
  });
  await sendNotices(db, [
    {
      userId: event.userId,
      content: event.notice,
      bizType: 'order',
      bizId: event.orderId,
      createdAt: event.at,
    },
  ]);
}

/** Masks an ID number to its first 6 and last 4 characters: `130302********1234`. */
export function maskIdCard(idCard: string): string {
  return idCard.length > 10
    ? `${idCard.slice(0, 6)}${'*'.repeat(idCard.length - 10)}${idCard.slice(-4)}`
    : idCard;
}
