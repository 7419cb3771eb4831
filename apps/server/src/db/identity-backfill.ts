import { eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from './client';
import {
  decryptIdentityText,
  encryptIdentityText,
  identityHashOf,
  nameHashOf,
} from './identity-cipher';
import {
  buyerRecords,
  listingVerifications,
  orders,
  ownershipRecords,
  users,
} from './schema/index';

/**
 * Stops start-up when the configured key cannot read what is stored (a wrong or replaced
 * IDENTITY_ENCRYPTION_KEY), instead of failing on every later read of a user.
 */
async function checkIdentityKey(db: Db): Promise<void> {
  let sample: { stored: string } | undefined;
  for (const [table, column] of [
    [users, 'users.id_card'],
    [orders, 'orders.id_card'],
    [buyerRecords, 'buyer_records.id_card'],
  ] as const) {
    [sample] = await db
      .select({ stored: sql<string>`${sql.raw(column)}` })
      .from(table)
      .where(sql`${sql.raw(column)} like 'enc1:%'`)
      .limit(1);
    if (sample) break;
  }
  if (!sample) return;
  try {
    decryptIdentityText(sample.stored);
  } catch {
    throw new Error(
      'IDENTITY_ENCRYPTION_KEY: 与数据库中已加密的实名信息不匹配（密钥错误或已更换），服务未启动',
    );
  }
}

/**
 * Encrypts names and ID numbers stored before encryption at rest (of users, and the copies in
 * orders, listing verifications and the two registries), gives verified users their identity
 * hash and the copies their lookup hashes, once at start-up; a repeated run finds nothing to do. Where two accounts
 * share one verified identity, the first keeps the hash and the other is logged for operators.
 */
export async function backfillIdentities(db: Db, log: (line: string) => void): Promise<number> {
  await checkIdentityKey(db);
  const copies = await backfillIdentityCopies(db);
  if (copies > 0) log(`已加密 ${copies} 条订单、核验和登记记录中的姓名与身份证号`);
  return copies + (await backfillUsers(db, log));
}

/** Rows rewritten per round of the copies' backfill (each round reads only unconverted rows). */
const BATCH = 500;

/**
 * Writes a batch of converted rows back in one statement (an `update … from (values …)`), so a
 * large register is converted in a few hundred statements rather than one per row. Values are
 * already encrypted or hashed here; `updated_at` is left alone (the record did not change).
 */
async function writeBack(
  db: Db,
  table: string,
  rows: ReadonlyArray<{ id: number; values: Record<string, string> }>,
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first.values);
  const values = sql.join(
    rows.map(
      (row) =>
        sql`(${row.id}::integer, ${sql.join(
          columns.map((column) => sql`${row.values[column]}::text`),
          sql`, `,
        )})`,
    ),
    sql`, `,
  );
  const names = sql.join(
    columns.map((column) => sql.identifier(column)),
    sql`, `,
  );
  const assignments = sql.join(
    columns.map((column) => sql`${sql.identifier(column)} = v.${sql.identifier(column)}`),
    sql`, `,
  );
  await db.execute(
    sql`update ${sql.identifier(table)} as t set ${assignments}
        from (values ${values}) as v (id, ${names}) where t.id = v.id`,
  );
}

/**
 * Encrypts the copies of names and ID numbers held outside `users` (order snapshots, listing
 * verifications, the ownership and buyer registries) that were written in plain text, and
 * gives them their keyed hashes; rows already converted are not read again.
 */
async function backfillIdentityCopies(db: Db): Promise<number> {
  let total = 0;
  const rounds = async (
    next: () => Promise<Array<{ id: number; values: Record<string, string> }>>,
    table: string,
  ) => {
    for (;;) {
      const rows = await next();
      await writeBack(db, table, rows);
      total += rows.length;
      if (rows.length < BATCH) return;
    }
  };
  await rounds(async () => {
    const rows = await db
      .select({ id: orders.id, realName: orders.realName, idCard: orders.idCard })
      .from(orders)
      .where(
        or(
          sql`orders.real_name not like 'enc1:%'`,
          sql`orders.id_card not like 'enc1:%'`,
          isNull(orders.realNameHash),
        ),
      )
      .limit(BATCH);
    return rows.map((row) => ({
      id: row.id,
      values: {
        real_name: encryptIdentityText(row.realName),
        id_card: encryptIdentityText(row.idCard),
        real_name_hash: nameHashOf(row.realName),
      },
    }));
  }, 'orders');
  await rounds(async () => {
    const rows = await db
      .select({
        id: listingVerifications.id,
        ownerName: listingVerifications.ownerName,
        ownerIdCard: listingVerifications.ownerIdCard,
      })
      .from(listingVerifications)
      .where(
        or(
          sql`listing_verifications.owner_name not like 'enc1:%'`,
          sql`listing_verifications.owner_id_card not like 'enc1:%'`,
        ),
      )
      .limit(BATCH);
    return rows.map((row) => ({
      id: row.id,
      values: {
        owner_name: encryptIdentityText(row.ownerName),
        owner_id_card: encryptIdentityText(row.ownerIdCard),
      },
    }));
  }, 'listing_verifications');
  await rounds(async () => {
    const rows = await db
      .select({
        id: ownershipRecords.id,
        ownerName: ownershipRecords.ownerName,
        ownerIdCard: ownershipRecords.ownerIdCard,
      })
      .from(ownershipRecords)
      .where(
        or(
          sql`ownership_records.owner_name not like 'enc1:%'`,
          sql`ownership_records.owner_id_card not like 'enc1:%'`,
          isNull(ownershipRecords.ownerIdCardHash),
        ),
      )
      .limit(BATCH);
    return rows.map((row) => ({
      id: row.id,
      values: {
        owner_name: encryptIdentityText(row.ownerName),
        owner_id_card: encryptIdentityText(row.ownerIdCard),
        owner_id_card_hash: identityHashOf(row.ownerIdCard),
      },
    }));
  }, 'ownership_records');
  await rounds(async () => {
    const rows = await db
      .select({
        id: buyerRecords.id,
        buyerName: buyerRecords.buyerName,
        idCard: buyerRecords.idCard,
      })
      .from(buyerRecords)
      .where(
        or(
          sql`buyer_records.buyer_name not like 'enc1:%'`,
          sql`buyer_records.id_card not like 'enc1:%'`,
          isNull(buyerRecords.idCardHash),
        ),
      )
      .limit(BATCH);
    return rows.map((row) => ({
      id: row.id,
      values: {
        buyer_name: encryptIdentityText(row.buyerName),
        id_card: encryptIdentityText(row.idCard),
        id_card_hash: identityHashOf(row.idCard),
      },
    }));
  }, 'buyer_records');
  return total;
}

/** The users part of backfillIdentities. */
async function backfillUsers(db: Db, log: (line: string) => void): Promise<number> {
  const rows = await db
    .select({
      id: users.id,
      realName: users.realName,
      idCard: users.idCard,
      verified: users.realNameAuth,
      storedName: sql<string | null>`users.real_name`,
      storedIdCard: sql<string | null>`users.id_card`,
    })
    .from(users)
    .where(
      or(
        sql`users.real_name not like 'enc1:%'`,
        sql`users.id_card not like 'enc1:%'`,
        sql`(users.real_name_auth and users.identity_hash is null and users.id_card is not null)`,
      ),
    );
  for (const row of rows) {
    const hash = row.verified && row.idCard ? identityHashOf(row.idCard) : null;
    const [holder] = hash
      ? await db.select({ id: users.id }).from(users).where(eq(users.identityHash, hash))
      : [];
    if (holder && holder.id !== row.id) {
      log(`用户 ${row.id} 与用户 ${holder.id} 的实名身份相同，请人工核查`);
    }
    await db
      .update(users)
      .set({
        realName: row.realName,
        idCard: row.idCard,
        ...(hash && !holder ? { identityHash: hash } : {}),
      })
      .where(eq(users.id, row.id));
  }
  return rows.length;
}
