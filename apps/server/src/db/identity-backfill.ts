import { sql } from 'drizzle-orm';
import type { Db } from './client';
import {
  decryptIdentityText,
  encryptIdentityText,
  identityHashOf,
  nameHashOf,
} from './identity-cipher';
import { buyerRecords, orders, users } from './schema/index';

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
 * One part of the start-up backfill: converts what it owns, answers how many rows it rewrote.
 * The accounts' part is the auth module's (`backfillAccountIdentities`: accounts are its table,
 * docs/decisions/0075-one-owner-per-table.md); the start-up hands it in.
 */
export type IdentityBackfill = (db: Db, log: (line: string) => void) => Promise<number>;

/**
 * Encrypts names and ID numbers stored before encryption at rest (of users, and the copies in
 * orders, listing verifications and the two registries), gives verified users their identity
 * hash and the copies their lookup hashes, once at start-up; a repeated run finds nothing to do. Where two accounts
 * share one verified identity, the first keeps the hash and the other is logged for operators.
 */
export async function backfillIdentities(
  db: Db,
  log: (line: string) => void,
  backfillAccounts: IdentityBackfill,
): Promise<number> {
  await checkIdentityKey(db);
  const copies = await backfillIdentityCopies(db);
  if (copies > 0) log(`已加密 ${copies} 条订单、核验和登记记录中的姓名与身份证号`);
  return copies + (await backfillAccounts(db, log));
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
 * Where a copy of a name and an ID number is kept outside `users`: its table, the two columns,
 * and the keyed hash that lookups use (of the ID number, or of the name for the operators' order
 * search), if any.
 */
interface IdentityCopies {
  table: string;
  name: string;
  idCard: string;
  hash?: { column: string; of: 'name' | 'idCard' };
}

const IDENTITY_COPIES: readonly IdentityCopies[] = [
  {
    table: 'orders',
    name: 'real_name',
    idCard: 'id_card',
    hash: { column: 'real_name_hash', of: 'name' },
  },
  { table: 'listing_verifications', name: 'owner_name', idCard: 'owner_id_card' },
  {
    table: 'ownership_records',
    name: 'owner_name',
    idCard: 'owner_id_card',
    hash: { column: 'owner_id_card_hash', of: 'idCard' },
  },
  {
    table: 'buyer_records',
    name: 'buyer_name',
    idCard: 'id_card',
    hash: { column: 'id_card_hash', of: 'idCard' },
  },
];

/**
 * Encrypts the copies of names and ID numbers held outside `users` (order snapshots, listing
 * verifications, the ownership and buyer registries) that were written in plain text, and
 * gives them their keyed hashes; rows already converted are not read again.
 */
async function backfillIdentityCopies(db: Db): Promise<number> {
  let total = 0;
  for (const copies of IDENTITY_COPIES) {
    const name = sql.identifier(copies.name);
    const idCard = sql.identifier(copies.idCard);
    const unconverted = [sql`${name} not like 'enc1:%'`, sql`${idCard} not like 'enc1:%'`];
    if (copies.hash) unconverted.push(sql`${sql.identifier(copies.hash.column)} is null`);
    for (;;) {
      // Read as stored (plain, or encrypted but missing its hash); decrypting passes plain through.
      const result = (await db.execute(
        sql`select id, ${name} as name, ${idCard} as id_card from ${sql.identifier(copies.table)}
            where ${sql.join(unconverted, sql` or `)} limit ${BATCH}`,
      )) as unknown as { rows: Array<{ id: number; name: string; id_card: string }> };
      const rows = result.rows.map((row) => {
        const plain = {
          name: decryptIdentityText(row.name),
          idCard: decryptIdentityText(row.id_card),
        };
        const values: Record<string, string> = {
          [copies.name]: encryptIdentityText(plain.name),
          [copies.idCard]: encryptIdentityText(plain.idCard),
        };
        if (copies.hash) {
          values[copies.hash.column] =
            copies.hash.of === 'name' ? nameHashOf(plain.name) : identityHashOf(plain.idCard);
        }
        return { id: Number(row.id), values };
      });
      await writeBack(db, copies.table, rows);
      total += rows.length;
      if (rows.length < BATCH) break;
    }
  }
  return total;
}
