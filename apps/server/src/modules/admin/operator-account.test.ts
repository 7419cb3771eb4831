import { isValidPassword } from '@portal/shared/validators';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/db';
import { adminAuditLog, users } from '../../db/schema/index';
import { verifyPassword } from '../auth/index';
import { createOrPromoteOperator, generateOperatorPassword } from './operator-account';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.dispose();
});

async function userByPhone(phone: string) {
  const [row] = await database.db.select().from(users).where(eq(users.phone, phone));
  return row;
}

describe('npm run admin:create', () => {
  it('generates passwords that meet the password rule', () => {
    for (let i = 0; i < 50; i += 1) expect(isValidPassword(generateOperatorPassword())).toBe(true);
  });

  it('creates an operator with a generated password it prints once', async () => {
    const result = await createOrPromoteOperator(database.db, '13911110001');
    expect(result.created).toBe(true);
    const row = await userByPhone('13911110001');
    expect(row?.role).toBe('admin');
    expect(await verifyPassword(result.password as string, row?.passwordHash as string)).toBe(true);
    const [audit] = await database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetId, result.userId));
    expect(audit).toMatchObject({ action: 'user.createOperator', actorId: null });
  });

  it('promotes an existing citizen and keeps the password unless ADMIN_PASSWORD is given', async () => {
    await database.db.insert(users).values({ phone: '13911110002', passwordHash: 'scrypt$a$b' });
    const kept = await createOrPromoteOperator(database.db, '13911110002');
    expect(kept).toMatchObject({ created: false, password: null });
    expect((await userByPhone('13911110002'))?.passwordHash).toBe('scrypt$a$b');
    expect((await userByPhone('13911110002'))?.role).toBe('admin');

    const given = await createOrPromoteOperator(database.db, '13911110002', 'Operator2026');
    expect(given.password).toBe('Operator2026');
    const row = await userByPhone('13911110002');
    expect(await verifyPassword('Operator2026', row?.passwordHash as string)).toBe(true);
  });

  it('enables a disabled account again when it is made an operator, and says so', async () => {
    await database.db
      .insert(users)
      .values({ phone: '13911110004', passwordHash: 'scrypt$a$b', disabled: true });
    const result = await createOrPromoteOperator(database.db, '13911110004');
    expect(result).toMatchObject({ created: false, reenabled: true, password: null });
    expect(await userByPhone('13911110004')).toMatchObject({ role: 'admin', disabled: false });
    const [audit] = await database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetId, result.userId));
    expect(audit).toMatchObject({
      action: 'user.promote',
      before: { role: 'user', disabled: true },
      after: { role: 'admin', disabled: false },
    });
    expect((await createOrPromoteOperator(database.db, '13911110004')).reenabled).toBe(false);
  });

  it('refuses a bad phone or a weak ADMIN_PASSWORD', async () => {
    await expect(createOrPromoteOperator(database.db, '12345')).rejects.toThrow('手机号格式不正确');
    await expect(createOrPromoteOperator(database.db, '13911110003', 'weak')).rejects.toThrow(
      '不符合密码规则',
    );
    expect(await userByPhone('13911110003')).toBeUndefined();
  });
});
