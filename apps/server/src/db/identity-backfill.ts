import { eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from './client';
import { decryptIdentityText, identityHashOf, nameHashOf } from './identity-cipher';
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
 * Encrypts the copies of names and ID numbers held outside `users` (order snapshots, listing
 * verifications, the ownership and buyer registries) that were written in plain text, and
 * gives them their keyed hashes; rows already converted are not read again.
 */
async function backfillIdentityCopies(db: Db): Promise<number> {
  let total = 0;
  for (;;) {
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
    for (const row of rows) {
      await db
        .update(orders)
        .set({
          realName: row.realName,
          idCard: row.idCard,
          realNameHash: nameHashOf(row.realName),
        })
        .where(eq(orders.id, row.id));
    }
    total += rows.length;
    if (rows.length < BATCH) break;
  }
  for (;;) {
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
    for (const row of rows) {
      await db
        .update(listingVerifications)
        .set({ ownerName: row.ownerName, ownerIdCard: row.ownerIdCard })
        .where(eq(listingVerifications.id, row.id));
    }
    total += rows.length;
    if (rows.length < BATCH) break;
  }
  for (;;) {
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
    for (const row of rows) {
      await db
        .update(ownershipRecords)
        .set({
          ownerName: row.ownerName,
          ownerIdCard: row.ownerIdCard,
          ownerIdCardHash: identityHashOf(row.ownerIdCard),
        })
        .where(eq(ownershipRecords.id, row.id));
    }
    total += rows.length;
    if (rows.length < BATCH) break;
  }
  for (;;) {
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
    for (const row of rows) {
      await db
        .update(buyerRecords)
        .set({
          buyerName: row.buyerName,
          idCard: row.idCard,
          idCardHash: identityHashOf(row.idCard),
        })
        .where(eq(buyerRecords.id, row.id));
    }
    total += rows.length;
    if (rows.length < BATCH) break;
  }
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
