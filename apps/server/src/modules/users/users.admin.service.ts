import type { AdminRealname } from '@portal/shared/schemas/users/admin';
import { isValidIdCard } from '@portal/shared/validators';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError } from '../../lib/app-error';
import { notifyOwner, recordAudit } from '../audit/index';
import {
  announceSessionsEnded,
  markAccountVerified,
  revokeAccountVerification,
  revokeAllSessions,
  setAccountDisabled,
} from '../auth/index';
import { maskIdCard } from '../orders/index';
import { requireUserRow } from './users.admin.queries';

/**
 * Marks a user real-name verified with the given name and ID number, standing in for the
 * mini-program face check when the simulator is off. The ID number must pass GB 11643. Audited;
 * the user gets a notice.
 */
export async function markRealname(
  db: Db,
  actorId: number,
  userId: number,
  input: AdminRealname,
): Promise<void> {
  if (!isValidIdCard(input.idCard)) throw new AppError('VALIDATION_FAILED', '身份证号码格式不正确');
  await db
    .transaction(async (tx) => {
      const before = await requireUserRow(tx, userId);
      await markAccountVerified(tx, userId, { realName: input.realName, idCard: input.idCard });
      await recordAudit(tx, {
        actorId,
        action: 'user.realname',
        targetType: 'user',
        targetId: userId,
        before: { realNameAuth: before.realNameAuth, realName: before.realName },
        after: { realNameAuth: true, realName: input.realName, idCard: maskIdCard(input.idCard) },
      });
      await notifyOwner(tx, {
        userId,
        content: '您的账号已由平台工作人员完成实名认证。',
        bizType: 'system',
        bizId: null,
      });
    })
    .catch((error: unknown) => {
      // One identity verifies one account: the keyed hash is unique among users.
      if (isUniqueViolation(error)) throw new AppError('REALNAME_IDENTITY_TAKEN');
      throw error;
    });
}

/** Revokes a user's real-name verification (name and ID number are kept for the record). Audited; notice. */
export async function revokeRealname(db: Db, actorId: number, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await requireUserRow(tx, userId);
    if (!before.realNameAuth) throw new AppError('CONFLICT', '该用户尚未实名认证');
    await revokeAccountVerification(tx, userId);
    await recordAudit(tx, {
      actorId,
      action: 'user.realnameRevoke',
      targetType: 'user',
      targetId: userId,
      before: { realNameAuth: true, realName: before.realName },
      after: { realNameAuth: false },
    });
    await notifyOwner(tx, {
      userId,
      content: '您的实名认证已被平台撤销，如有疑问请联系平台客服。',
      bizType: 'system',
      bizId: null,
    });
  });
}

/**
 * Disables an account (every session ends at once, sign-in refused) or enables it again.
 * An operator cannot disable himself. Audited; the user gets a notice.
 */
export async function setUserDisabled(
  db: Db,
  actorId: number,
  userId: number,
  disabled: boolean,
): Promise<void> {
  if (disabled && userId === actorId) throw new AppError('CONFLICT', '不能停用自己的账号');
  await db.transaction(async (tx) => {
    const before = await requireUserRow(tx, userId);
    if (before.disabled === disabled) {
      throw new AppError('CONFLICT', disabled ? '该账号已停用' : '该账号未停用');
    }
    await setAccountDisabled(tx, userId, disabled);
    if (disabled) await revokeAllSessions(tx, userId);
    await recordAudit(tx, {
      actorId,
      action: disabled ? 'user.disable' : 'user.enable',
      targetType: 'user',
      targetId: userId,
      before: { disabled: before.disabled },
      after: { disabled },
    });
    await notifyOwner(tx, {
      userId,
      content: disabled ? '您的账号已被平台停用，如有疑问请联系平台客服。' : '您的账号已恢复使用。',
      bizType: 'system',
      bizId: null,
    });
  });
  // Once committed: live connections (房聊 sockets) of the account close on every instance.
  if (disabled) announceSessionsEnded(userId);
}
