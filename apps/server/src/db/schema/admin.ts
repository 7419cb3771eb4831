import { index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { idColumn, timestampTz } from './columns';
import { users } from './users';

/**
 * Operator audit log: one row per console action, written in the action's own transaction.
 * before/after hold the changed fields as JSON (null where there is no prior or later state).
 * action is a dotted verb such as `news.publish`, `room.offSale`, `user.disable`.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: idColumn(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    /** news, project, room, order, user, listing, feedback. */
    targetType: text('target_type').notNull(),
    targetId: integer('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestampTz('at').notNull().defaultNow(),
  },
  (t) => [
    index('admin_audit_log_at_idx').on(t.at),
    index('admin_audit_log_actor_idx').on(t.actorId, t.at),
    index('admin_audit_log_target_idx').on(t.targetType, t.targetId, t.at),
  ],
);

/**
 * Wrong operator passwords counted per account **and** client address: each run of failures
 * from one address delays that address's next try longer (login.service `operatorDelayMs`), so
 * a stranger slows only his own guesses and never locks the operator out from elsewhere.
 */
export const operatorSignInFailures = pgTable(
  'operator_sign_in_failures',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    failures: integer('failures').notNull().default(0),
    /** No password try from this address is weighed before this instant. */
    blockedUntil: timestampTz('blocked_until'),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ip] })],
);
