import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { backfillAccountIdentities } from '../modules/auth/index';
import { backfillIdentities } from './identity-backfill';
import { encryptIdentityText, identityHashOf, useIdentityKey } from './identity-cipher';
import { users } from './schema/index';

const KEY = randomBytes(32);
let database: TestDatabase;
beforeAll(async () => {
  useIdentityKey(KEY);
  database = await createTestDatabase();
});
afterAll(async () => {
  useIdentityKey(Buffer.from('ZGV2LW9ubHktaWRlbnRpdHkta2V5LW5vdC1zZWNyZXQ=', 'base64'));
  await database.dispose();
});

const stored = async (phone: string) =>
  (
    await database.db
      .select({
        name: sql<string>`real_name`,
        idCard: sql<string>`id_card`,
        hash: users.identityHash,
      })
      .from(users)
      .where(eq(users.phone, phone))
  )[0];

describe('identities at rest', () => {
  it('stores names and ID numbers encrypted and reads them back in clear', async () => {
    await database.db
      .insert(users)
      .values({ phone: '13600000001', realName: '王五', idCard: '130302199003151234' });
    const row = await stored('13600000001');
    expect(row?.name.startsWith('enc1:')).toBe(true);
    expect(row?.idCard).not.toContain('130302');
    const [user] = await database.db.select().from(users).where(eq(users.phone, '13600000001'));
    expect(user).toMatchObject({ realName: '王五', idCard: '130302199003151234' });
  });

  it('encrypts rows written before encryption and gives verified users their identity hash', async () => {
    await database.db.execute(
      sql`insert into users (phone, real_name, id_card, real_name_auth) values ('13600000002', '赵六', '11010519491231002X', true)`,
    );
    await backfillIdentities(database.db, () => undefined, backfillAccountIdentities);
    const row = await stored('13600000002');
    expect(row?.idCard.startsWith('enc1:')).toBe(true);
    expect(row?.hash).toBe(identityHashOf('11010519491231002x'));
    expect(await backfillIdentities(database.db, () => undefined, backfillAccountIdentities)).toBe(
      0,
    );
  });

  it('refuses to start with a key that cannot read what is stored', async () => {
    useIdentityKey(randomBytes(32));
    await expect(
      backfillIdentities(database.db, () => undefined, backfillAccountIdentities),
    ).rejects.toThrow(/IDENTITY_ENCRYPTION_KEY: 与数据库中已加密的实名信息不匹配/);
    useIdentityKey(KEY);
    expect(encryptIdentityText('x')).not.toBe(encryptIdentityText('x'));
  });
});
