import type { AuditEntry, AuditQuery } from '@portal/shared/schemas/admin';
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminAuditLog, notices, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';

/** One operator action as the audit log keeps it. */
export interface AuditRecord {
  /** The operator; null for the command line. */
  actorId: number | null;
  /** Dotted verb, e.g. `news.publish` (labels in `AUDIT_ACTION_LABEL`). */
  action: string;
  targetType: string;
  targetId: number | null;
  before?: unknown;
  after?: unknown;
  at?: Date;
}

/**
 * Writes one audit entry. Call with the transaction handle of the action itself, so the entry
 * exists exactly when the action happened.
 */
export async function recordAudit(db: Db, entry: AuditRecord): Promise<void> {
  await db.insert(adminAuditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    at: entry.at ?? new Date(),
  });
}

/** Tells the owner of a target what an operator did (我的消息); call inside the action's transaction. */
export async function notifyOwner(
  db: Db,
  notice: { userId: number; content: string; bizType: string; bizId: number | null },
): Promise<void> {
  await db.insert(notices).values(notice);
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A filter bound as an instant; a bare date is midnight Beijing time (plus one day for `to`). */
function parseBound(text: string, isUpper: boolean): Date {
  const instant = DATE_ONLY.test(text) ? new Date(`${text}T00:00:00+08:00`) : new Date(text);
  if (Number.isNaN(instant.getTime())) throw new AppError('VALIDATION_FAILED', '日期格式不正确');
  if (isUpper && DATE_ONLY.test(text)) instant.setUTCDate(instant.getUTCDate() + 1);
  return instant;
}

/** The audit log, newest first, filtered by actor, action, target and time range. */
export async function listAudit(db: Db, query: AuditQuery) {
  const conditions: SQL[] = [];
  if (query.actorId !== undefined) conditions.push(eq(adminAuditLog.actorId, query.actorId));
  if (query.action) conditions.push(eq(adminAuditLog.action, query.action));
  if (query.targetType) conditions.push(eq(adminAuditLog.targetType, query.targetType));
  if (query.targetId !== undefined) conditions.push(eq(adminAuditLog.targetId, query.targetId));
  if (query.from) conditions.push(gte(adminAuditLog.at, parseBound(query.from, false)));
  if (query.to) conditions.push(lt(adminAuditLog.at, parseBound(query.to, true)));
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
