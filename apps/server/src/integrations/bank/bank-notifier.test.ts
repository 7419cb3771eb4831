import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/db';
import { bankSimTrades } from '../../db/schema/index';
import { BankNotifier } from './bank-notifier';
import { verifyFields } from './bank-signature';
import { createBankSimulator, settleSimTrade } from './bank-simulator';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.dispose());

const SECRET = 'test-secret-0123456789';

async function settledTrade(outTradeNo: string): Promise<string> {
  const bank = createBankSimulator(database.db);
  const html = await bank.payForm({
    outTradeNo,
    orderNo: 'DJ2026010100000000001',
    subject: '测试房源 订约金',
    amountFen: 500_000,
    notifyUrl: 'http://bank-test.invalid/api/pay/notify',
    returnPath: '/myOrderDetails?id=1',
  });
  const tradeNo = /value="(SIM[0-9A-F]{12})"/.exec(html)?.[1] as string;
  expect(await settleSimTrade(database.db, tradeNo, 'paid')).toBe(true);
  expect(await settleSimTrade(database.db, tradeNo, 'failed')).toBe(false);
  return tradeNo;
}

describe('bank notifier', () => {
  it('retries with back-off until the portal acknowledges, with a valid signature', async () => {
    const tradeNo = await settledTrade('PTEST1');
    const received: { at: number; body: Record<string, string | number> }[] = [];
    const notifier = new BankNotifier(
      database.db,
      SECRET,
      async (_url, body) => {
        received.push({ at: Date.now(), body });
        return received.length >= 3;
      },
      [30, 60, 120],
    );
    expect(await notifier.send(tradeNo)).toBe(false);
    for (let i = 0; i < 100 && received.length < 3; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    notifier.stop();
    expect(received).toHaveLength(3);
    const gaps = [
      (received[1]?.at ?? 0) - (received[0]?.at ?? 0),
      (received[2]?.at ?? 0) - (received[1]?.at ?? 0),
    ];
    expect(gaps[0]).toBeGreaterThanOrEqual(25);
    expect(gaps[1]).toBeGreaterThanOrEqual(55);
    const { sign, ...fields } = received[2]?.body as Record<string, string | number>;
    expect(fields).toMatchObject({
      outTradeNo: 'PTEST1',
      tradeNo,
      status: 'paid',
      amountFen: 500_000,
    });
    expect(verifyFields(fields, String(sign), SECRET)).toBe(true);
    expect(verifyFields(fields, String(sign), 'another-secret-0000000')).toBe(false);
    const [trade] = await database.db
      .select()
      .from(bankSimTrades)
      .where(eq(bankSimTrades.tradeNo, tradeNo));
    expect(trade?.notifyAttempts).toBe(3);
    expect(trade?.notifiedAt).not.toBeNull();
  });

  it('gives up after the schedule and reports the trade to queries', async () => {
    const tradeNo = await settledTrade('PTEST2');
    let calls = 0;
    const notifier = new BankNotifier(
      database.db,
      SECRET,
      async () => {
        calls += 1;
        throw new Error('connection refused');
      },
      [10, 10],
    );
    await notifier.send(tradeNo);
    await new Promise((resolve) => setTimeout(resolve, 150));
    notifier.stop();
    expect(calls).toBe(3);
    const answer = await createBankSimulator(database.db).query('PTEST2');
    expect(answer).toEqual({ status: 'paid', tradeNo, amountFen: 500_000 });
    expect((await createBankSimulator(database.db).query('NOPE')).status).toBe('unknown');
  });
});
