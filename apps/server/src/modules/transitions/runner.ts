import type { AuditAction, AuditTargetType } from '@portal/shared/schemas/audit/admin';
import type { PriceSource } from '@portal/shared/schemas/price-history';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { recordAudit } from '../audit/index';
import { sendNotices } from '../notices/index';
import { markPriceChange } from '../price-history/index';

/**
 * The one transition runner (docs/decisions/0062-one-transition-runner.md). A state machine is a
 * table of rows; each row declares the states it starts from, the state it leaves, and its
 * consequences: the notices it sends, the audit action (before and after filled in from the
 * row's state columns), the price mark, the caches it empties, and its own further effects (a
 * room's colour, a check code). Services call `runTransition` and never write a status, notice
 * or audit row of these tables themselves (test/transition-writers.test.ts).
 */

/** Who makes a move: the record's owner (a buyer of an order), an operator, the bank or the clock. */
export type TransitionActor =
  | { kind: 'buyer'; userId: number }
  | { kind: 'owner'; userId: number }
  | { kind: 'operator'; adminId: number }
  | { kind: 'bank' }
  | { kind: 'system' };

/** A notice a row sends: to these users, or to those a query finds at the time of the move. */
export interface DeclaredNotice {
  to: readonly number[] | ((tx: Db) => Promise<readonly number[]>);
  text: string;
  at?: Date;
}

/** A cache a row empties once its transaction has committed. */
export type Invalidation = () => void;

/** The snapshot of a record's state columns, as the audit log keeps it. */
type State = Record<string, unknown>;

/** A changed record as a row's consequences see it: what the machine returns, and its id. */
export type Changed<C> = C & { id: number };

/**
 * A value of a status column: a code (an order's, a listing's), a flag (a question's hiding) or a
 * word (a 摇号 registration's, a 选房 turn's).
 */
export type StatusValue = number | boolean | string;

/** One row of a table: from → to and everything that follows from the move. */
export interface TransitionRow<C, A, S extends StatusValue = number> {
  /** States the move starts from; empty for a creation (an insert). */
  from: readonly S[];
  /** State afterwards; null keeps it (or `set` decides it). */
  to: S | null;
  /** Fields written with the state (the whole row for a creation). */
  set?: (args: A, at: Date, tx: Db) => Record<string, unknown> | Promise<Record<string, unknown>>;
  /** Further conditions on the record (a time window, a still-held lock). */
  where?: (args: A, at: Date) => Array<SQL | undefined>;
  /** Checked before anything is written; false refuses the move (a room that cannot be held). */
  precondition?: (tx: Db, args: A, at: Date) => Promise<boolean>;
  /** What else changes with the move: a room's colour, a check code, open reports, a payment. */
  effects?: (tx: Db, changed: Changed<C>, args: A, at: Date, before: State | null) => Promise<void>;
  /** Entries of the machine's own log (an order's timeline). */
  log?: (
    changed: Changed<C>,
    args: A,
    at: Date,
  ) => Array<{ step?: number; status?: number; operation: string; at?: Date }>;
  notices?: (changed: Changed<C>, args: A, at: Date, before: State | null) => DeclaredNotice[];
  /** The audit action; before and after are the state columns around the move. */
  audit?: AuditAction;
  /** More of the move for the audit's after (a reason, a contract number). */
  auditDetails?: (changed: Changed<C>, args: A, at: Date) => State;
  priceMark?: PriceSource;
  invalidates?: readonly Invalidation[];
}

/** A table whose state changes only through its rows. */
export interface Machine<C> {
  table: PgTable;
  id: PgColumn;
  /** The owner column: a buyer's or owner's move reaches only their own records. */
  owner: PgColumn;
  /** The status column the rows' from and to name. */
  status: PgColumn;
  statusKey: string;
  /** The state columns the audit's before and after show (the status first). */
  state: Record<string, PgColumn>;
  /** What the move hands back to the row's consequences (the state columns are added). */
  returning: Record<string, PgColumn>;
  /** Set on every move (`updatedAt`). */
  touch?: (at: Date) => Record<string, unknown>;
  targetType: AuditTargetType;
  noticeBizType: string;
  /**
   * The record a move's notices and audit entry name when it is not the moved one (a 摇号
   * registration's batch); the moved record when absent.
   */
  subjectOf?: (changed: C & { id: number }) => number;
  /** Whose moves are audited (the console audits operators; a listing's every move). */
  audits: (actor: TransitionActor) => boolean;
  writeLog?: (
    tx: Db,
    changed: C & { id: number },
    entries: Array<{ step?: number; status?: number; operation: string; at: Date }>,
  ) => Promise<void>;
}

/** Caches to empty when each open transaction commits (see `withTransitions`). */
const pendingInvalidations = new WeakMap<object, Set<Invalidation>>();

/**
 * Runs `work` in one transaction whose rows' cache invalidations happen once it has committed. A
 * move run on a handle outside it empties its caches at once.
 */
export async function withTransitions<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  const pending = new Set<Invalidation>();
  const result = await db.transaction(async (tx) => {
    pendingInvalidations.set(tx, pending);
    return work(tx as unknown as Db);
  });
  for (const invalidate of pending) invalidate();
  return result;
}

const pick = (row: Record<string, unknown>, keys: readonly string[]): State =>
  Object.fromEntries(keys.map((key) => [key, row[key]]));

/** The owner condition of a buyer's or owner's move. */
function ownerOnly<C>(machine: Machine<C>, actor: TransitionActor): SQL | undefined {
  return actor.kind === 'buyer' || actor.kind === 'owner'
    ? eq(machine.owner, actor.userId)
    : undefined;
}

function actorIdOf(actor: TransitionActor): number | null {
  if (actor.kind === 'operator') return actor.adminId;
  if (actor.kind === 'buyer' || actor.kind === 'owner') return actor.userId;
  return null;
}

/** The consequences a row declares, for one changed record. */
async function consequences<C, A, S extends StatusValue>(
  tx: Db,
  machine: Machine<C>,
  row: TransitionRow<C, A, S>,
  changed: C & { id: number },
  before: State | null,
  actor: TransitionActor,
  args: A,
  at: Date,
): Promise<void> {
  const stateKeys = Object.keys(machine.state);
  const subject = machine.subjectOf?.(changed) ?? changed.id;
  await row.effects?.(tx, changed, args, at, before);
  const entries = row.log?.(changed, args, at) ?? [];
  if (entries.length > 0)
    await machine.writeLog?.(
      tx,
      changed,
      entries.map((entry) => ({ ...entry, at: entry.at ?? at })),
    );
  for (const notice of row.notices?.(changed, args, at, before) ?? []) {
    const to = typeof notice.to === 'function' ? await notice.to(tx) : notice.to;
    const userIds = [...new Set(to)];
    if (userIds.length === 0) continue;
    await sendNotices(
      tx,
      userIds.map((userId) => ({
        userId,
        content: notice.text,
        bizType: machine.noticeBizType,
        bizId: subject,
        createdAt: notice.at ?? at,
      })),
    );
  }
  if (row.audit && machine.audits(actor))
    await recordAudit(tx, {
      actorId: actorIdOf(actor),
      action: row.audit,
      targetType: machine.targetType,
      targetId: subject,
      before,
      after: { ...pick(changed, stateKeys), ...row.auditDetails?.(changed, args, at) },
      at,
    });
  const pending = pendingInvalidations.get(tx);
  for (const invalidate of row.invalidates ?? []) {
    if (pending) pending.add(invalidate);
    else invalidate();
  }
}

/**
 * Makes the move of `row` on the records `where` selects (one record by its id, or a batch up
 * to `limit`), as a conditional update that only matches records still in a from-state, so two
 * racing requests cannot both make it. Answers the changed records, empty when none matched.
 */
export async function runTransitionOn<C, A, S extends StatusValue = number>(
  tx: Db,
  machine: Machine<C>,
  row: TransitionRow<C, A, S>,
  where: SQL,
  actor: TransitionActor,
  args: A,
  at: Date,
  limit?: number,
): Promise<Array<C & { id: number }>> {
  const stateKeys = Object.keys(machine.state);
  const allowed = and(
    where,
    inArray(machine.status, [...row.from]),
    ownerOnly(machine, actor),
    ...(row.where?.(args, at) ?? []),
  );
  const locking = tx
    .select({ id: machine.id, ...machine.state })
    .from(machine.table)
    .where(allowed)
    .orderBy(machine.id)
    .$dynamic();
  if (limit) locking.limit(limit);
  const locked = (await locking.for('update')) as Array<State & { id: number }>;
  if (locked.length === 0) return [];
  if (row.precondition && !(await row.precondition(tx, args, at))) return [];
  if (row.priceMark) await markPriceChange(tx, row.priceMark);
  const set = {
    ...(await row.set?.(args, at, tx)),
    ...(row.to === null ? {} : { [machine.statusKey]: row.to }),
    ...machine.touch?.(at),
  };
  const changed = (await tx
    .update(machine.table)
    .set(set)
    .where(
      and(
        allowed,
        inArray(
          machine.id,
          locked.map((r) => r.id),
        ),
      ),
    )
    .returning({ id: machine.id, ...machine.state, ...machine.returning })) as Array<
    C & { id: number }
  >;
  const beforeOf = new Map(locked.map((r) => [r.id, pick(r, stateKeys)]));
  for (const record of changed)
    await consequences(tx, machine, row, record, beforeOf.get(record.id) ?? null, actor, args, at);
  return changed;
}

/** One record's move; the changed record, or undefined when the row does not apply to it. */
export async function runTransition<C, A, S extends StatusValue = number>(
  tx: Db,
  machine: Machine<C>,
  row: TransitionRow<C, A, S>,
  id: number,
  actor: TransitionActor,
  args: A,
  at: Date,
): Promise<(C & { id: number }) | undefined> {
  const [changed] = await runTransitionOn(tx, machine, row, eq(machine.id, id), actor, args, at);
  return changed;
}

/** A creation row (`from` empty): the record inserted in the row's `to` state, with its consequences. */
export async function runCreation<C, A, S extends StatusValue = number>(
  tx: Db,
  machine: Machine<C>,
  row: TransitionRow<C, A, S>,
  actor: TransitionActor,
  args: A,
  at: Date,
): Promise<(C & { id: number }) | undefined> {
  if (row.from.length > 0) throw new Error('runCreation takes a creation row');
  if (row.precondition && !(await row.precondition(tx, args, at))) return undefined;
  if (row.priceMark) await markPriceChange(tx, row.priceMark);
  const values = {
    ...(await row.set?.(args, at, tx)),
    ...(row.to === null ? {} : { [machine.statusKey]: row.to }),
  };
  const [created] = (await tx
    .insert(machine.table)
    .values(values)
    .returning({ id: machine.id, ...machine.state, ...machine.returning })) as Array<
    C & { id: number }
  >;
  if (!created) return undefined;
  await consequences(tx, machine, row, created, null, actor, args, at);
  return created;
}
