import type { AuditAction, AuditTargetType } from '@portal/shared/schemas/audit/admin';
import type { Db } from '../../db/client';
import { adminAuditLog } from '../../db/schema/index';
import { sendNotices } from '../notices/index';

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
  await sendNotices(db, [notice]);
}
