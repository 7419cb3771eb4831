import { GROUP_BUY_QUOTA } from '@portal/shared/constants/project-filters';
import { maskPhone } from '@portal/shared/format';
import type { GroupBuySignup, GroupBuyState } from '@portal/shared/schemas/projects';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groupBuySignups } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { listGroupBuySignups, readGroupBuyFlag } from './group-buy.queries';

/** Shows the first character of a name and stars for the rest, e.g. 张** . */
function maskName(name: string): string {
  const chars = Array.from(name);
  return `${chars[0] ?? ''}${'*'.repeat(Math.max(1, chars.length - 1))}`;
}

async function findGroupBuyProject(db: Db, id: number) {
  const row = await readGroupBuyFlag(db, id);
  if (!row) throw new AppError('NOT_FOUND', '楼盘不存在或已下架');
  if (!row.groupBuy) throw new AppError('NOT_FOUND', '该楼盘暂无团购活动');
}

/**
 * The group-buy state of a project (docs/product/new-build.md): quota of 10, places left, and the stored
 * participants newest first with masked names and phones.
 */
export async function getGroupBuyState(db: Db, id: number): Promise<GroupBuyState> {
  await findGroupBuyProject(db, id);
  const rows = await listGroupBuySignups(db, id);
  return {
    quota: GROUP_BUY_QUOTA,
    remaining: Math.max(0, GROUP_BUY_QUOTA - rows.length),
    participants: rows.map((row) => ({
      username: maskName(row.username),
      tel: maskPhone(row.tel),
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/**
 * Stores a sign-up while places are left. The project row is locked for the check and insert,
 * so concurrent sign-ups never exceed the quota; one phone signs up once per project.
 */
export async function signUpGroupBuy(
  db: Db,
  id: number,
  userId: number | null,
  input: GroupBuySignup,
): Promise<GroupBuyState> {
  await findGroupBuyProject(db, id);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select id from projects where id = ${id} for update`);
    const existing = await tx
      .select({ tel: groupBuySignups.tel })
      .from(groupBuySignups)
      .where(eq(groupBuySignups.projectId, id));
    if (existing.some((row) => row.tel === input.tel)) {
      throw new AppError('CONFLICT', '该手机号已报名');
    }
    if (existing.length >= GROUP_BUY_QUOTA) throw new AppError('CONFLICT', '团购名额已满');
    await tx.insert(groupBuySignups).values({
      projectId: id,
      userId,
      username: input.username,
      tel: input.tel,
      buildingName: input.dong || null,
      unitName: input.danyuan || null,
      roomNumber: input.huhao || null,
    });
  });
  return getGroupBuyState(db, id);
}
