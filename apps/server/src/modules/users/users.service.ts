import type { profileUpdateSchema } from '@portal/shared/schemas/auth';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { saveAccountCareMode, saveAccountProfile } from '../auth/index';

/** Earliest birthday accepted (a real person's). */
const EARLIEST_BIRTHDAY = '1900-01-01';

/**
 * Saves the caller's profile (docs/product/accounts.md): nickname 3–15, signature ≤ 20, gender 0/1/2 and a
 * real yyyy-MM-dd birthday between 1900-01-01 and today.
 */
export async function updateProfile(
  db: Db,
  userId: number,
  input: z.output<typeof profileUpdateSchema>,
  today: Date = new Date(),
): Promise<void> {
  const { birthday } = input;
  if (birthday) {
    const parsed = new Date(`${birthday}T00:00:00Z`);
    const isReal = !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(birthday);
    if (!isReal || birthday < EARLIEST_BIRTHDAY || parsed.getTime() > today.getTime()) {
      throw new AppError('VALIDATION_FAILED', '请选择正确的生日');
    }
  }
  await saveAccountProfile(db, userId, {
    nickname: input.nickName,
    gender: input.gender,
    birthday,
    remark: input.remark,
  });
}

/** Keeps the account's 长辈版 choice, so it follows the citizen to every device they sign in on. */
export async function saveCareMode(db: Db, userId: number, isOn: boolean): Promise<void> {
  await saveAccountCareMode(db, userId, isOn);
}
