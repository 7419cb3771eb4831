import { eq, or, sql } from 'drizzle-orm';
import type { Db } from './client';
import { decryptIdentityText, identityHashOf } from './identity-cipher';
import { users } from './schema/index';

/**
 * Stops start-up when the configured key cannot read what is stored (a wrong or replaced
 * IDENTITY_ENCRYPTION_KEY), instead of failing on every later read of a user.
 */
async function checkIdentityKey(db: Db): Promise<void> {
  const [sample] = await db
    .select({ stored: sql<string>`users.id_card` })
    .from(users)
    .where(sql`users.id_card like 'enc1:%'`)
    .limit(1);
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
 * Encrypts names and ID numbers stored before encryption at rest, and gives verified users
 * their identity hash, once at start-up; a repeated run finds nothing to do. Where two accounts
 * share one verified identity, the first keeps the hash and the other is logged for operators.
 */
export async function backfillIdentities(db: Db, log: (line: string) => void): Promise<number> {
  await checkIdentityKey(db);
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
