import type { AdminUserQuery } from '@portal/shared/schemas/users/admin';
import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { identityHashOf } from '../../db/identity-cipher';
import { AppError } from '../../lib/app-error';
import { dayBound } from '../../lib/beijing-day';
import { users } from '../auth/tables';
import { maskIdCard } from '../orders/index';

const rowColumns = {
  id: users.id,
  phone: users.phone,
  nickname: users.nickname,
  realName: users.realName,
  idCard: users.idCard,
  realNameAuth: users.realNameAuth,
  role: users.role,
  disabled: users.disabled,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
};

type Row = Pick<typeof users.$inferSelect, keyof typeof rowColumns>;

function toRow(row: Row) {
  return {
    ...row,
    idCard: row.idCard ? maskIdCard(row.idCard) : null,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  };
}

/**
 * User search for the console by phone, nickname or full ID number (names and ID numbers are
 * stored encrypted, so an ID number is matched by its keyed hash), role, and the Beijing days
 * of registration (both ends included); ID numbers come masked.
 */
export async function searchUsers(db: Db, query: AdminUserQuery) {
  const conditions: SQL[] = [];
  if (query.keyword) {
    const like = `%${query.keyword.replace(/[%_\\]/g, '\\$&')}%`;
    const keyword = or(
      ilike(users.phone, like),
      ilike(users.nickname, like),
      eq(users.identityHash, identityHashOf(query.keyword)),
    );
    if (keyword) conditions.push(keyword);
  }
  if (query.role) conditions.push(eq(users.role, query.role));
  if (query.createdFrom) conditions.push(gte(users.createdAt, dayBound(query.createdFrom, false)));
  if (query.createdTo) conditions.push(lt(users.createdAt, dayBound(query.createdTo, true)));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(rowColumns)
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return {
    list: rows.map(toRow),
    total: total?.value ?? 0,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  };
}

/** One user's console row as stored (404 when there is none). */
export async function requireUserRow(db: Db, id: number) {
  const [row] = await db.select(rowColumns).from(users).where(eq(users.id, id));
  if (!row) throw new AppError('NOT_FOUND', '用户不存在');
  return row;
}
