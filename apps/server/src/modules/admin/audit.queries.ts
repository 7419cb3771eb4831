import type { AuditEntry, AuditQuery } from '@portal/shared/schemas/audit/admin';
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dayBound } from '../../lib/beijing-day';
import { adminAuditLog } from '../audit/tables';
import { users } from '../auth/tables';

/** The audit log, newest first, filtered by actor, action, target and time range. */
export async function listAudit(db: Db, query: AuditQuery) {
  const conditions: SQL[] = [];
  if (query.actorId !== undefined) conditions.push(eq(adminAuditLog.actorId, query.actorId));
  if (query.action) conditions.push(eq(adminAuditLog.action, query.action));
  if (query.targetType) conditions.push(eq(adminAuditLog.targetType, query.targetType));
  if (query.targetId !== undefined) conditions.push(eq(adminAuditLog.targetId, query.targetId));
  if (query.from) conditions.push(gte(adminAuditLog.at, dayBound(query.from, false)));
  if (query.to) conditions.push(lt(adminAuditLog.at, dayBound(query.to, true)));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: adminAuditLog.id,
        actorId: adminAuditLog.actorId,
        actorPhone: users.phone,
        action: adminAuditLog.action,
        targetType: adminAuditLog.targetType,
        targetId: adminAuditLog.targetId,
        before: adminAuditLog.before,
        after: adminAuditLog.after,
        at: adminAuditLog.at,
      })
      .from(adminAuditLog)
      .leftJoin(users, eq(users.id, adminAuditLog.actorId))
      .where(where)
      .orderBy(desc(adminAuditLog.at), desc(adminAuditLog.id))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ value: count() }).from(adminAuditLog).where(where),
  ]);
  const list: AuditEntry[] = rows.map((row) => ({ ...row, at: row.at.toISOString() }));
  return { list, total: total?.value ?? 0, pageNum: query.pageNum, pageSize: query.pageSize };
}
