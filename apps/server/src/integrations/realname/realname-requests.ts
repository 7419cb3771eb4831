import { randomBytes } from 'node:crypto';
import { isValidIdCard } from '@portal/shared/validators';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { realnameRequests, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';

/** A face-verification QR stays usable for 10 minutes. */
export const REALNAME_REQUEST_TTL_MS = 10 * 60 * 1000;

export type RealnameRequestRow = typeof realnameRequests.$inferSelect;

/** Starts a face verification for a user; the QR opens the mini-program (simulator) page. */
export async function createRealnameRequest(
  db: Db,
  userId: number,
  now: Date = new Date(),
): Promise<RealnameRequestRow> {
  const [row] = await db
    .insert(realnameRequests)
    .values({
      token: randomBytes(18).toString('base64url'),
      userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + REALNAME_REQUEST_TTL_MS),
    })
    .returning();
  if (!row) throw new AppError('INTERNAL_ERROR');
  return row;
}

/** One open (pending, unexpired) request by token. */
export async function findOpenRealnameRequest(
  db: Db,
  token: string,
  now: Date = new Date(),
): Promise<RealnameRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(realnameRequests)
    .where(
      and(
        eq(realnameRequests.token, token),
        eq(realnameRequests.status, 'pending'),
        gt(realnameRequests.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

/**
 * The simulated face check finished: passes with a real name and a valid 18-character ID number
 * (the user becomes real-name verified), or fails with a reason.
 */
export async function completeRealnameRequest(
  db: Db,
  token: string,
  input: { realName: string; idCard: string; pass: boolean },
  now: Date = new Date(),
): Promise<'passed' | 'failed'> {
  const row = await findOpenRealnameRequest(db, token, now);
  if (!row) throw new AppError('CONFLICT', '二维码已失效，请在网页上重新获取');
  const realName = input.realName.trim();
  const valid = realName.length >= 2 && realName.length <= 30 && isValidIdCard(input.idCard);
  const status = input.pass && valid ? 'passed' : 'failed';
  await db
    .update(realnameRequests)
    .set({
      status,
      realName,
      idCard: input.idCard,
      completedAt: now,
      failReason: status === 'failed' ? (valid ? '人脸比对未通过' : '姓名或身份证号不正确') : null,
    })
    .where(eq(realnameRequests.id, row.id));
  if (status === 'passed') {
    await db
      .update(users)
      .set({
        realName,
        idCard: input.idCard.toUpperCase(),
        realNameAuth: true,
        realNameAuthAt: now,
      })
      .where(eq(users.id, row.userId));
  }
  return status;
}
