import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankSimTrades } from '../../db/schema/index';
import { escapeHtml } from '../simulator-page';
import type { BankGateway, BankPayRequest, BankTradeQueryResult } from './bank-gateway';

export type SimTrade = typeof bankSimTrades.$inferSelect;

/** Bank-side trade number: SIM + 12 random hex digits. */
function newTradeNo(): string {
  return `SIM${randomBytes(6).toString('hex').toUpperCase()}`;
}

/** The simulator's trade for one portal trade number, if any. */
export async function findSimTrade(db: Db, by: { tradeNo: string }): Promise<SimTrade | undefined> {
  const [row] = await db.select().from(bankSimTrades).where(eq(bankSimTrades.tradeNo, by.tradeNo));
  return row;
}

/**
 * Settles a pending simulator trade as paid or failed. Only a pending trade changes (the bank's
 * result is final), so a second click changes nothing; returns whether this call settled it.
 */
export async function settleSimTrade(
  db: Db,
  tradeNo: string,
  result: 'paid' | 'failed',
  now = new Date(),
): Promise<boolean> {
  const rows = await db
    .update(bankSimTrades)
    .set({ status: result, finishedAt: now })
    .where(and(eq(bankSimTrades.tradeNo, tradeNo), eq(bankSimTrades.status, 'pending')))
    .returning({ id: bankSimTrades.id });
  return rows.length > 0;
}

/**
 * The bank simulator (docs/architecture.md): keeps its own ledger (`bank_sim_trades`), answers the
 * payment form with a page under `/dev/bank/…` and reports trades to pay-status queries.
 */
export function createBankSimulator(db: Db): BankGateway {
  return {
    name: 'simulator',
    async payForm(request: BankPayRequest): Promise<string> {
      await db
        .insert(bankSimTrades)
        .values({
          tradeNo: newTradeNo(),
          outTradeNo: request.outTradeNo,
          orderNo: request.orderNo,
          subject: request.subject,
          amountFen: request.amountFen,
          notifyUrl: request.notifyUrl,
          returnUrl: request.returnPath,
        })
        .onConflictDoNothing({ target: bankSimTrades.outTradeNo });
      const [trade] = await db
        .select({ tradeNo: bankSimTrades.tradeNo })
        .from(bankSimTrades)
        .where(eq(bankSimTrades.outTradeNo, request.outTradeNo));
      const tradeNo = escapeHtml(trade?.tradeNo ?? '');
      return (
        `<form method="post" action="/dev/bank/pay" accept-charset="utf-8">` +
        `<input type="hidden" name="tradeNo" value="${tradeNo}">` +
        `<input type="hidden" name="outTradeNo" value="${escapeHtml(request.outTradeNo)}">` +
        `</form>`
      );
    },
    async query(outTradeNo: string): Promise<BankTradeQueryResult> {
      const [row] = await db
        .select()
        .from(bankSimTrades)
        .where(eq(bankSimTrades.outTradeNo, outTradeNo));
      if (!row) return { status: 'unknown', tradeNo: null, amountFen: null };
      return {
        status: row.status as BankTradeQueryResult['status'],
        tradeNo: row.tradeNo,
        amountFen: row.amountFen,
      };
    },
    async refund(input) {
      const [row] = await db
        .select({ status: bankSimTrades.status })
        .from(bankSimTrades)
        .where(eq(bankSimTrades.outTradeNo, input.outTradeNo));
      if (row && row.status !== 'paid') throw new Error(`trade ${input.outTradeNo} is not paid`);
      // The simulator refunds at once (also the seed's deposits, which its ledger never saw).
      return {
        bankRefundNo: `SIMRF${randomBytes(6).toString('hex').toUpperCase()}`,
        settled: true,
      };
    },
    async queryRefund(input) {
      // The simulator refunds at once: a paid trade's refund has succeeded. It keeps no refund
      // ledger, so it does not name the amount (the portal then takes the amount it asked for).
      const [row] = await db
        .select({ status: bankSimTrades.status })
        .from(bankSimTrades)
        .where(eq(bankSimTrades.outTradeNo, input.outTradeNo));
      return row?.status === 'paid'
        ? { status: 'success', amountFen: null }
        : { status: 'unknown', amountFen: null };
    },
  };
}
