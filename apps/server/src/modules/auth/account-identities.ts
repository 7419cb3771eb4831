import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { identityHashOf } from '../../db/identity-cipher';
import { users } from '../../db/schema/index';

/**
 * The accounts' part of the start-up backfill of identities at rest (`backfillIdentities` in
 * `db/identity-backfill.ts`): names and ID numbers stored before encryption are written again
 * (the columns encrypt on write), and verified accounts get the keyed hash of their ID number.
 * Where two accounts share one verified identity, the first keeps the hash and the other is logged
 * by id for operators. Answers how many accounts were rewritten; a repeated run finds none.
 */
export async function backfillAccountIdentities(
  db: Db,
  log: (line: string) => void,
): Promise<number> {
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
