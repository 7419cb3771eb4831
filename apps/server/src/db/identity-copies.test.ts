import { idCardCheckChar } from '@portal/shared/validators';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { backfillAccountIdentities } from '../modules/auth/index';
import { bearerFor } from '../modules/news/test-helpers';
import { DEMO_BUYER_IDENTITY, DEMO_BUYER_QUERY } from '../seed/demo-accounts';
import { backfillIdentities } from './identity-backfill';
import { identityHashOf, nameHashOf } from './identity-cipher';
import { buyerRecords, listingVerifications, orders, ownershipRecords } from './schema/index';

/**
 * Copies of names and ID numbers outside `users` (order snapshots, listing verifications, the
 * ownership and buyer registries) are encrypted at rest and found through keyed hashes.
 */

let t: TestApp;
let admin: { authorization: string };

beforeAll(async () => {
  t = await createTestApp({ seedScale: 0.1 });
  admin = await bearerFor(t.database.db, '13900000000');
}, 120_000);
afterAll(async () => {
  await t.dispose();
});

const ID_NUMBER = /\d{17}[\dXx]/;

/** The columns as stored, read with plain SQL (no decryption). */
const ENCRYPTED_COLUMNS = [
  ['orders', 'real_name'],
  ['orders', 'id_card'],
  ['listing_verifications', 'owner_name'],
  ['listing_verifications', 'owner_id_card'],
  ['ownership_records', 'owner_name'],
  ['ownership_records', 'owner_id_card'],
  ['buyer_records', 'buyer_name'],
  ['buyer_records', 'id_card'],
] as const;

async function storedValues(table: string, column: string): Promise<string[]> {
  const result = await t.database.db.execute(
    sql`select ${sql.identifier(column)} as value from ${sql.identifier(table)}`,
  );
  return (result as unknown as { rows: Array<{ value: string }> }).rows.map((row) => row.value);
}

const buyerQuery = (idcard: string, netsignnum: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/registry/buyer-contracts',
    payload: { areaCode: DEMO_BUYER_QUERY.areaCode, idcard, netsignnum, password },
    remoteAddress: '10.0.35.1',
  });

describe('identity copies at rest', () => {
  it.each(ENCRYPTED_COLUMNS)('stores %s.%s as ciphertext only', async (table, column) => {
    const values = await storedValues(table, column);
    expect(values.length).toBeGreaterThan(0);
    for (const value of values) {
      expect(value.startsWith('enc1:')).toBe(true);
      expect(value).not.toMatch(ID_NUMBER);
    }
    expect(values.join('\n')).not.toContain(DEMO_BUYER_IDENTITY.idCard);
    expect(values.join('\n')).not.toContain(DEMO_BUYER_IDENTITY.realName);
  });

  it('still reads the copies back in clear through the schema', async () => {
    const [record] = await t.database.db
      .select()
      .from(buyerRecords)
      .where(eq(buyerRecords.idCardHash, identityHashOf(DEMO_BUYER_QUERY.idCard)));
    expect(record?.idCard).toBe(DEMO_BUYER_QUERY.idCard);
    expect(record?.buyerName).toBeTruthy();
    const [verification] = await t.database.db.select().from(listingVerifications).limit(1);
    expect(verification?.ownerIdCard).toMatch(/^\d{17}[\dX]$/);
  });

  it('finds the buyer record by ID number (any case, spaces trimmed)', async () => {
    const found = await buyerQuery(
      ` ${DEMO_BUYER_QUERY.idCard.toLowerCase()} `,
      DEMO_BUYER_QUERY.netsignnum,
      DEMO_BUYER_QUERY.password,
    );
    expect(found.statusCode).toBe(200);
    expect(found.json().data.houseList.length).toBe(1);
  });

  it('lets the console find orders by the buyer’s full name or ID number', async () => {
    const [order] = await t.database.db
      .select({ orderNo: orders.orderNo, realName: orders.realName, idCard: orders.idCard })
      .from(orders)
      .where(sql`orders.identity_hash is not null`)
      .limit(1);
    expect(order).toBeDefined();
    for (const keyword of [order?.realName, order?.idCard]) {
      const response = await t.app.inject({
        url: `/api/admin/orders?keyword=${encodeURIComponent(keyword as string)}&pageSize=100`,
        headers: admin,
      });
      expect(response.statusCode).toBe(200);
      const list = response.json().data.list as Array<{ orderNo: string; realName: string }>;
      expect(list.map((row) => row.orderNo)).toContain(order?.orderNo);
      if (keyword === order?.realName) {
        expect(list.every((row) => row.realName === order?.realName)).toBe(true);
      }
    }
  });
});

describe('backfill of copies written in plain text', () => {
  const plainIdCard = `13030219880506123${idCardCheckChar('13030219880506123')}`;
  const plainName = '钱七';

  it('encrypts old plain rows once, gives them their hashes, and they are found again', async () => {
    const [record] = await t.database.db
      .select({ id: ownershipRecords.id })
      .from(ownershipRecords)
      .limit(1);
    const [order] = await t.database.db.select({ id: orders.id }).from(orders).limit(1);
    const [verification] = await t.database.db
      .select({ id: listingVerifications.id })
      .from(listingVerifications)
      .limit(1);
    const [buyer] = await t.database.db
      .select({ id: buyerRecords.id })
      .from(buyerRecords)
      .where(eq(buyerRecords.idCardHash, identityHashOf(DEMO_BUYER_QUERY.idCard)));
    // The start-up run (gives the seeded verified users their identity hashes).
    await backfillIdentities(t.database.db, () => undefined, backfillAccountIdentities);
    // Rows as an older release wrote them: plain text, no lookup hashes.
    await t.database.db.execute(
      sql`update ownership_records set owner_name = ${plainName}, owner_id_card = ${plainIdCard}, owner_id_card_hash = null where id = ${record?.id}`,
    );
    await t.database.db.execute(
      sql`update orders set real_name = ${plainName}, id_card = ${plainIdCard}, real_name_hash = null where id = ${order?.id}`,
    );
    await t.database.db.execute(
      sql`update listing_verifications set owner_name = ${plainName}, owner_id_card = ${plainIdCard} where id = ${verification?.id}`,
    );
    await t.database.db.execute(
      sql`update buyer_records set buyer_name = ${plainName}, id_card = ${plainIdCard}, id_card_hash = null where id = ${buyer?.id}`,
    );

    const lines: string[] = [];
    expect(
      await backfillIdentities(
        t.database.db,
        (line) => lines.push(line),
        backfillAccountIdentities,
      ),
    ).toBe(4);
    expect(lines.join('\n')).toContain('已加密 4 条');
    expect(
      await backfillIdentities(t.database.db, () => undefined, backfillAccountIdentities),
    ).toBe(0);

    for (const [table, column] of ENCRYPTED_COLUMNS) {
      const values = await storedValues(table, column);
      expect(values.filter((value) => !value.startsWith('enc1:'))).toEqual([]);
      expect(values.join('\n')).not.toContain(plainIdCard);
    }
    const [converted] = await t.database.db
      .select()
      .from(ownershipRecords)
      .where(eq(ownershipRecords.id, record?.id as number));
    expect(converted).toMatchObject({
      ownerName: plainName,
      ownerIdCard: plainIdCard,
      ownerIdCardHash: identityHashOf(plainIdCard),
    });
    const [convertedOrder] = await t.database.db
      .select({ realName: orders.realName, realNameHash: orders.realNameHash })
      .from(orders)
      .where(eq(orders.id, order?.id as number));
    expect(convertedOrder).toEqual({ realName: plainName, realNameHash: nameHashOf(plainName) });
    const [convertedVerification] = await t.database.db
      .select({ ownerIdCard: listingVerifications.ownerIdCard })
      .from(listingVerifications)
      .where(eq(listingVerifications.id, verification?.id as number));
    expect(convertedVerification?.ownerIdCard).toBe(plainIdCard);

    const found = await buyerQuery(
      plainIdCard,
      DEMO_BUYER_QUERY.netsignnum,
      DEMO_BUYER_QUERY.password,
    );
    expect(found.statusCode).toBe(200);
    expect(found.json().data.houseList.length).toBe(1);
  });
});
