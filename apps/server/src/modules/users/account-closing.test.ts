import { eq, getTableName, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import type { Db } from '../../db/client';
import {
  browsingHistory,
  favourites,
  feedback,
  notices,
  recommendDemands,
  users,
} from '../../db/schema/index';
import type { ForgetClosedAccount } from '../../lib/closed-account';
import { hashPassword } from '../auth/index';
import { freshBuyer, greenRoomIds } from '../orders/orders-test-helpers';
import { closeAccount, FORGET_CLOSED_ACCOUNT } from './my-data.service';

/**
 * Closing an account asks each owning module to forget its part (docs/product/accounts.md
 * "注销账号"): every part writes only the tables of its own module, no table has two owners, and
 * another citizen's rows stay exactly as they were.
 */
const OWNED: Record<string, string[]> = {
  forgetOrdersOfClosedAccount: ['orders'],
  forgetChatOfClosedAccount: ['chat_blocks', 'chat_channels'],
  forgetListingsOfClosedAccount: [
    'second_hand_listings',
    'listing_check_codes',
    'listing_verifications',
  ],
  forgetSubscriptionsOfClosedAccount: ['subscriptions'],
  forgetFavouritesOfClosedAccount: ['favourites'],
  forgetHistoryOfClosedAccount: ['browsing_history'],
  forgetNoticesOfClosedAccount: ['notices'],
  forgetFeedbackOfClosedAccount: ['feedback'],
  forgetDemandsOfClosedAccount: ['recommend_demands'],
  forgetGroupBuyOfClosedAccount: ['group_buy_signups'],
  forgetLotteryOfClosedAccount: ['lottery_proofs'],
  forgetSignInOfClosedAccount: ['wechat_tickets', 'sms_codes', 'sessions'],
  forgetAccountRowOfClosedAccount: ['realname_requests', 'users'],
};

const PASSWORD = 'Close@2026';
const DEMO_BUYER = '13800000001';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.05 });
});
afterAll(async () => t.dispose());

/** The handle a part gets, recording the name of every table it inserts into, updates or deletes from. */
function recording(tx: Db, written: Set<string>): Db {
  return new Proxy(tx, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      if (property === 'insert' || property === 'update' || property === 'delete') {
        return (table: PgTable) => {
          written.add(getTableName(table));
          return (value as (table: PgTable) => unknown).call(target, table);
        };
      }
      return (value as (...args: unknown[]) => unknown).bind(target);
    },
  });
}

/** A verified buyer who booked a green room through the API. */
async function buyerWithOrder(): Promise<number> {
  const buyer = await freshBuyer(t.database.db);
  const [room] = await greenRoomIds(t.database.db, 1);
  const booked = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: buyer.headers,
    payload: { houseId: room, agreed: true },
  });
  expect(booked.statusCode, booked.body).toBe(200);
  return buyer.id;
}

/** A citizen with a password, 收藏, feedback, messages, history and a 找房需求. */
async function citizenWithData(phone: string): Promise<number> {
  const db = t.database.db;
  const [row] = await db
    .insert(users)
    .values({ phone, nickname: '购房人', passwordHash: await hashPassword(PASSWORD) })
    .returning({ id: users.id });
  const userId = row?.id as number;
  await db.insert(favourites).values([
    { userId, businessType: 'PROJECT', businessId: 1 },
    { userId, businessType: 'PROJECT', businessId: 2 },
  ]);
  await db
    .insert(feedback)
    .values({ userId, realname: '购房人', phone, title: '反馈', content: '反馈内容' });
  await db.insert(notices).values({ userId, content: '您有一条新消息' });
  await db.insert(browsingHistory).values({ userId, businessType: 'PROJECT', businessId: 1 });
  await db.insert(recommendDemands).values({ userId, bedroom: 3 });
  return userId;
}

/** Every row of the tables above that belongs to `userId`, as stored. */
async function rowsOf(userId: number) {
  const db = t.database.db;
  return {
    favourites: await db.select().from(favourites).where(eq(favourites.userId, userId)),
    feedback: await db.select().from(feedback).where(eq(feedback.userId, userId)),
    notices: await db.select().from(notices).where(eq(notices.userId, userId)),
    history: await db.select().from(browsingHistory).where(eq(browsingHistory.userId, userId)),
    demands: await db.select().from(recommendDemands).where(eq(recommendDemands.userId, userId)),
    user: await db
      .select()
      .from(users)
      .where(inArray(users.id, [userId])),
  };
}

describe('closing an account, module by module', () => {
  it('runs one part per owning module, and no table has two owners', () => {
    const names = FORGET_CLOSED_ACCOUNT.map((forget) => forget.name);
    expect(names).toEqual(Object.keys(OWNED));
    const tables = Object.values(OWNED).flat();
    expect(new Set(tables).size).toBe(tables.length);
  });

  it.each(FORGET_CLOSED_ACCOUNT.map((forget) => [forget.name, forget] as const))(
    '%s writes only its own tables',
    async (name, forget: ForgetClosedAccount) => {
      // The demo buyer (listings, 收藏, messages, sessions of the seeded city), or for the orders
      // a buyer who has just booked a room; every change is rolled back.
      const subject =
        name === 'forgetOrdersOfClosedAccount'
          ? eq(users.id, await buyerWithOrder())
          : eq(users.phone, DEMO_BUYER);
      const [demo] = await t.database.db
        .select({ id: users.id, phone: users.phone })
        .from(users)
        .where(subject);
      const written = new Set<string>();
      const rollback = new Error('rollback');
      await t.database.db
        .transaction(async (tx) => {
          await forget(recording(tx as unknown as Db, written), {
            userId: demo?.id as number,
            phone: demo?.phone ?? null,
            now: new Date(),
          });
          throw rollback;
        })
        .catch((error: unknown) => {
          if (error !== rollback) throw error;
        });
      // Each part met rows of its first table, so the check is not empty.
      expect([...written]).toContain(OWNED[name]?.[0]);
      for (const table of written) expect(OWNED[name], table).toContain(table);
    },
  );

  it("forgets the closing citizen's rows and leaves another citizen's exactly as they were", async () => {
    const closing = await citizenWithData('13777010001');
    const other = await citizenWithData('13777010002');
    const before = await rowsOf(other);
    await closeAccount(t.database.db, closing, { password: PASSWORD });
    expect(await rowsOf(other)).toEqual(before);
    const after = await rowsOf(closing);
    expect(after.favourites).toEqual([]);
    expect(after.feedback).toEqual([]);
    expect(after.notices).toEqual([]);
    expect(after.history).toEqual([]);
    expect(after.demands).toEqual([]);
    expect(after.user[0]).toMatchObject({ phone: null, nickname: null, disabled: true });
  });
});
