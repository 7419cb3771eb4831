import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankSimTrades } from '../../db/schema/index';
import { signFields } from './bank-signature';
import type { SimTrade } from './bank-simulator';

/** Sends one notification; resolves true when the portal acknowledged it (code 000000). */
export type NotifyTransport = (
  url: string,
  body: Record<string, string | number>,
) => Promise<boolean>;

/** Waits between attempts after a failed delivery: 1 s, 2 s, 4 s … (back-off). */
export const NOTIFY_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 64_000];

/** The signed notification body of a settled trade. */
export function notificationOf(trade: SimTrade, secret: string, now = new Date()) {
  const fields = {
    outTradeNo: trade.outTradeNo,
    tradeNo: trade.tradeNo,
    orderNo: trade.orderNo,
    amountFen: trade.amountFen,
    status: trade.status,
    notifyTime: now.toISOString(),
    nonce: randomBytes(8).toString('hex'),
  };
  return { ...fields, sign: signFields(fields, secret) };
}

/**
 * Delivers the bank's signed notifications to the portal: the first attempt at once, then
 * retries with back-off until one is acknowledged or the schedule runs out. Attempts are counted
 * on the trade. `stop()` cancels the retries still waiting (server shutdown).
 */
export class BankNotifier {
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly transport: NotifyTransport,
    private readonly delaysMs: readonly number[] = NOTIFY_RETRY_DELAYS_MS,
  ) {}

  /** Sends the trade's notification; true when the first attempt was acknowledged. */
  send(tradeNo: string): Promise<boolean> {
    return this.attempt(tradeNo, 0);
  }

  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private async attempt(tradeNo: string, retry: number): Promise<boolean> {
    const [trade] = await this.db
      .select()
      .from(bankSimTrades)
      .where(eq(bankSimTrades.tradeNo, tradeNo));
    if (!trade || trade.status === 'pending') return false;
    let acknowledged = false;
    try {
      acknowledged = await this.transport(trade.notifyUrl, notificationOf(trade, this.secret));
    } catch {
      acknowledged = false;
    }
    await this.db
      .update(bankSimTrades)
      .set({
        notifyAttempts: sql`${bankSimTrades.notifyAttempts} + 1`,
        ...(acknowledged ? { notifiedAt: new Date() } : {}),
      })
      .where(eq(bankSimTrades.id, trade.id));
    if (!acknowledged && retry < this.delaysMs.length) {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        void this.attempt(tradeNo, retry + 1).catch(() => undefined);
      }, this.delaysMs[retry]);
      timer.unref();
      this.timers.add(timer);
    }
    return acknowledged;
  }
}
