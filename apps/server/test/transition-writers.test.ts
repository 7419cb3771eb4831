import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Orders, second-hand listings, 问答 (hidden or shown) and the 摇号 registrations and 选房 turns
 * change state only through the transition runner
 * (docs/decisions/0062-one-transition-runner.md): the runner (modules/transitions) writes the
 * status, the notices and the audit entry a row declares, and the rows live in the owning
 * module's table file. This guard reads the server's source (tests aside) and fails on any other
 * file that writes a status of these tables, records a move's audit action, or sends a notice
 * (the few notice writers that are not moves of these tables are named below, so a new one fails).
 */
const SRC = path.resolve(__dirname, '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const files = sourceFiles(SRC).map((file) => ({
  name: path.relative(SRC, file).split(path.sep).join('/'),
  text: readFileSync(file, 'utf8'),
}));

/** The statements (up to the next `;`) that start at each match of `start`. */
function statements(text: string, start: RegExp): string[] {
  return [...text.matchAll(new RegExp(start.source, 'gi'))].map((match) => {
    const from = match.index ?? 0;
    const end = text.indexOf(';', from);
    return text.slice(from, end === -1 ? undefined : end);
  });
}

/** Whether `text` writes `column` of a table named by one of `tables` (drizzle or SQL). */
export function writesStatus(
  text: string,
  tables: readonly string[],
  column: string,
  sqlTable: string,
  sqlColumn: string,
): boolean {
  const drizzle = tables.some((table) =>
    statements(text, new RegExp(`\\.(update|insert)\\(${table}\\)`)).some((s) =>
      new RegExp(`\\b${column}\\b|\\.set\\(\\w+\\)|\\.values\\(\\w+\\)`).test(
        s.replace(/\.where\([\s\S]*$/, ''),
      ),
    ),
  );
  const raw = statements(
    text,
    new RegExp(`(update\\s+${sqlTable}\\s+set|insert\\s+into\\s+${sqlTable}\\b)`),
  ).some((s) => new RegExp(`\\b${sqlColumn}\\b`, 'i').test(s));
  return drizzle || raw;
}

/** Files allowed to write fixtures: the demo city's seed and tests' helpers. */
const fixture = (name: string) => name.startsWith('seed/') || name.endsWith('-test-helpers.ts');

/** The audit actions the machines' rows declare: written only by the runner. */
const MOVE_ACTIONS =
  /action:\s*'(listing\.(create|submit|withdraw|confirm|close|resubmit|expire|retire|approve|reject|takeDown|restore)|order\.(netsign|refundConfirm|refundReject|refundFail|refundRetry)|question\.(hide|restore)|lottery\.(approve|refuse|appealApprove|appealRefuse))'/;

/** The files that declare a machine's rows (and may name their audit actions). */
const ROWS_FILES = [
  'modules/listings/listing-moves.ts',
  'modules/lottery/lottery-moves.ts',
  'modules/orders/order-transitions.ts',
  'modules/questions/question-moves.ts',
];

/**
 * Notice senders that are not moves of orders, listings or questions (their own domains' messages).
 * Notices are written by their owner, `modules/notices` (docs/decisions/0075-one-owner-per-table.md):
 * the others call its `sendNotices`, or, for the lottery's draw (one statement), `insertNoticesFrom`.
 */
const OTHER_NOTICE_WRITERS = [
  'modules/audit/audit.ts', // notifyOwner: an operator's action on a user, project or chat
  'modules/chat/chat-reports.admin.service.ts',
  'modules/feedback/feedback.service.ts',
  'modules/listings/listing-notices.ts', // confirmation requests and report outcomes
  'modules/lottery/lottery-draw-places.ts', // the draw: every family's notice, in its one statement
  'modules/orders/order-events.ts', // an invoice or receipt attached to an order
  'modules/subscriptions/delivery.service.ts',
  'modules/transitions/runner.ts',
];

/**
 * The one writer of a 选房 turn's state outside the runner: the draw, which places every qualified
 * family of a batch in the line (waiting) with its notice and SMS in one statement, so that a draw
 * over twenty thousand families stays under a second (bench/lottery-draw.ts); the runner moves
 * records one by one.
 */
const BULK_TURN_WRITERS = ['modules/lottery/lottery-draw-places.ts'];

describe('transition writers', () => {
  it('no file writes an order’s pay status or a listing’s publish status but the runner', () => {
    const orderWriters = files
      .filter(
        ({ name, text }) =>
          !fixture(name) && writesStatus(text, ['orders'], 'payStatus', 'orders', 'pay_status'),
      )
      .map(({ name }) => name);
    expect(orderWriters).toEqual([]);
    const listingWriters = files
      .filter(
        ({ name, text }) =>
          !fixture(name) &&
          writesStatus(
            text,
            ['secondHandListings', 'L'],
            'publishStatus',
            'second_hand_listings',
            'publish_status',
          ),
      )
      .map(({ name }) => name);
    expect(listingWriters).toEqual([]);
  });

  it('no file writes whether a question is hidden but the runner', () => {
    const questionWriters = files
      .filter(
        ({ name, text }) =>
          !fixture(name) &&
          writesStatus(text, ['questions', 'Q'], 'isHidden', 'questions', 'is_hidden'),
      )
      .map(({ name }) => name);
    expect(questionWriters).toEqual([]);
  });

  it('no file writes a 摇号 registration’s status or a 选房 turn’s state but the runner and the draw', () => {
    const registrationWriters = files
      .filter(
        ({ name, text }) =>
          !fixture(name) &&
          writesStatus(
            text,
            ['lotteryRegistrations', 'LR'],
            'status',
            'lottery_registrations',
            'status',
          ),
      )
      .map(({ name }) => name);
    expect(registrationWriters).toEqual([]);
    const turnWriters = files
      .filter(
        ({ name, text }) =>
          !fixture(name) &&
          writesStatus(
            text,
            ['lotteryPlaces', 'LP'],
            'slotStatus',
            'lottery_places',
            'slot_status',
          ),
      )
      .map(({ name }) => name);
    expect(turnWriters).toEqual(BULK_TURN_WRITERS);
  });

  it('a 摇号 step’s SMS is queued by its row (beside its notice) or by the draw only', () => {
    const queuers = files
      .filter(({ text }) => /\bqueueLotterySms\(/.test(text))
      .map(({ name }) => name)
      .sort();
    expect(queuers).toEqual([
      'modules/lottery/lottery-moves.ts',
      'modules/lottery/lottery-notices.ts',
    ]);
    const inserters = files
      .filter(({ name }) => !fixture(name))
      .filter(({ text }) => /\.insert\(lotterySms\)|insert\s+into\s+lottery_sms\b/i.test(text))
      .map(({ name }) => name)
      .sort();
    expect(inserters).toEqual([...BULK_TURN_WRITERS, 'modules/lottery/lottery-notices.ts'].sort());
  });

  it('the runner writes with the machine’s own table, and only the rows files declare rows', () => {
    const runner = files.find(({ name }) => name === 'modules/transitions/runner.ts');
    expect(runner?.text).toMatch(/\.update\(machine\.table\)/);
    expect(runner?.text).toMatch(/\.insert\(machine\.table\)/);
    const callers = files
      .filter(({ text }) => /\brunTransition(On)?\(|\brunCreation\(/.test(text))
      .map(({ name }) => name)
      .filter((name) => name !== 'modules/transitions/runner.ts')
      .sort();
    expect(callers).toEqual(ROWS_FILES);
  });

  it('a move’s audit action is recorded only by the runner, from its row', () => {
    const writers = files
      .filter(({ name }) => !ROWS_FILES.includes(name))
      .filter(({ text }) => MOVE_ACTIONS.test(text))
      .map(({ name }) => name);
    expect(writers).toEqual([]);
    const auditInserters = files
      .filter(({ text }) => /\.insert\(adminAuditLog\)|insert\s+into\s+admin_audit_log/i.test(text))
      .map(({ name }) => name);
    expect(auditInserters).toEqual(['modules/audit/audit.ts']);
  });

  it('notices are sent by the runner and the named writers of other messages only', () => {
    const writers = files
      .filter(({ name }) => !fixture(name) && !name.startsWith('modules/notices/'))
      .filter(({ text }) =>
        /\.insert\(notices\)|insertRows\([^)]*\bnotices\b|insert\s+into\s+notices\b|\b(sendNotices|insertNoticesFrom)\(/i.test(
          text,
        ),
      )
      .map(({ name }) => name)
      .sort();
    expect(writers).toEqual(OTHER_NOTICE_WRITERS);
  });

  it('finds a status written outside the runner (the check itself works)', () => {
    const sample = [
      'await db.update(secondHandListings)',
      '  .set({ publishStatus: 3 })',
      '  .where(eq(secondHandListings.id, id));',
    ].join('\n');
    expect(writesStatus(sample, ['secondHandListings'], 'publishStatus', 'x', 'y')).toBe(true);
    const other =
      'await db.update(secondHandListings).set({ title }).where(eq(L.publishStatus, 3));';
    expect(writesStatus(other, ['secondHandListings'], 'publishStatus', 'x', 'y')).toBe(false);
    const raw = 'sql`update second_hand_listings set publish_status = 7`';
    expect(writesStatus(raw, [], 'p', 'second_hand_listings', 'publish_status')).toBe(true);
    expect(MOVE_ACTIONS.test("recordAudit(tx, { action: 'listing.approve' })")).toBe(true);
    expect(MOVE_ACTIONS.test("recordAudit(tx, { action: 'question.hide' })")).toBe(true);
    expect(MOVE_ACTIONS.test("recordAudit(tx, { action: 'lottery.appealRefuse' })")).toBe(true);
    expect(MOVE_ACTIONS.test("recordAudit(tx, { action: 'lottery.publish' })")).toBe(false);
    const placing = "sql`insert into lottery_places (batch_id, slot_status) select 1, 'waiting'`";
    expect(writesStatus(placing, [], 's', 'lottery_places', 'slot_status')).toBe(true);
    const deciding = 'await tx.update(lotteryRegistrations).set({ status: s }).where(x);';
    expect(writesStatus(deciding, ['lotteryRegistrations'], 'status', 'x', 'y')).toBe(true);
    const hiding =
      'await tx.update(questions).set({ isHidden: true }).where(eq(questions.id, id));';
    expect(writesStatus(hiding, ['questions'], 'isHidden', 'x', 'y')).toBe(true);
    const reporting =
      'await db.update(questions).set({ reportCount: 1 }).where(eq(questions.isHidden, false));';
    expect(writesStatus(reporting, ['questions'], 'isHidden', 'x', 'y')).toBe(false);
  });
});
