import type {
  AuditAction,
  AuditEntry,
  AuditQuery,
  AuditTargetType,
} from '@portal/shared/schemas/admin-audit';
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminAuditLog, notices, users } from '../../db/schema/index';
import { dayBound } from '../../lib/beijing-day';

/** One operator action as the audit log keeps it. */
export interface AuditRecord {
  /** The operator; null for the command line. */
  actorId: number | null;
  /** Dotted verb, e.g. `news.publish`; each has its label in `AUDIT_ACTION_LABEL`. */
  action: AuditAction;
  /** Each has its label (and filter option) in `AUDIT_TARGET_LABEL`. */
  targetType: AuditTargetType;
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

/**
 * The fields whose values differ between two snapshots of a record, as the `before` and `after`
 * of an audit entry (values compared by their JSON). Keys of `after` only.
 */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: T,
): { before: Partial<T>; after: Partial<T> } {
  const changedBefore: Partial<T> = {};
  const changedAfter: Partial<T> = {};
  for (const key of Object.keys(after) as Array<keyof T>) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      changedBefore[key] = before[key];
      changedAfter[key] = after[key];
    }
  }
  return { before: changedBefore, after: changedAfter };
}

/** Tells the owner of a target what an operator did (我的消息); call inside the action's transaction. */
export async function notifyOwner(
  db: Db,
  notice: { userId: number; content: string; bizType: string; bizId: number | null },
): Promise<void> {
  await db.insert(notices).values(notice);
}

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
