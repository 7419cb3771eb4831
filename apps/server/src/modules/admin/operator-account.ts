import { randomInt } from 'node:crypto';
import { isPhone, isValidPassword } from '@portal/shared/validators';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recordAudit } from '../audit/index';
import { hashPassword, saveOperatorAccount } from '../auth/index';
import { users } from '../auth/tables';

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const DIGITS = '23456789';
const SYMBOLS = '@#%+=';

/** A random 16-character password that meets the password rule (docs/product/accounts.md). */
export function generateOperatorPassword(): string {
  const all = UPPER + LOWER + DIGITS + SYMBOLS;
  const pick = (set: string) => set.charAt(randomInt(set.length));
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS), pick(SYMBOLS)];
  while (chars.length < 16) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  return chars.join('');
}

export interface OperatorResult {
  userId: number;
  created: boolean;
  /** The password set by this call (given or generated); null when an existing one was kept. */
  password: string | null;
  /** The account had been disabled and this call enabled it again. */
  reenabled: boolean;
}

/**
 * Creates an operator account for a phone, or promotes the existing account of that phone to role
 * admin (docs/product/accounts.md: operators never come from sign-up). A new account gets `password` or a
 * generated one; an existing account keeps its password unless `password` is given. A disabled
 * account is enabled again: whoever runs the command on the server means that person to work in
 * the console now. Audited with no actor (the command line).
 */
export async function createOrPromoteOperator(
  db: Db,
  phone: string,
  password?: string,
): Promise<OperatorResult> {
  if (!isPhone(phone)) throw new Error(`手机号格式不正确：${phone}`);
  if (password !== undefined && !isValidPassword(password)) {
    throw new Error('ADMIN_PASSWORD 不符合密码规则：8-20位，须含大写字母、小写字母和数字');
  }
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({
        id: users.id,
        role: users.role,
        passwordHash: users.passwordHash,
        disabled: users.disabled,
      })
      .from(users)
      .where(eq(users.phone, phone));
    const newPassword = password ?? (existing?.passwordHash ? null : generateOperatorPassword());
    const passwordHash = newPassword ? await hashPassword(newPassword) : undefined;
    const userId = await saveOperatorAccount(tx, existing?.id ?? null, phone, passwordHash);
    const reenabled = existing?.disabled === true;
    await recordAudit(tx, {
      actorId: null,
      action: existing ? 'user.promote' : 'user.createOperator',
      targetType: 'user',
      targetId: userId,
      before: existing ? { role: existing.role, disabled: existing.disabled } : null,
      after: { role: 'admin', disabled: false, passwordChanged: Boolean(newPassword) },
    });
    return { userId, created: !existing, password: newPassword, reenabled };
  });
}
