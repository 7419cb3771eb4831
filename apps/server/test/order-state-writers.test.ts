import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The deposit order's state machine has one home (docs/decisions/0040-order-state-machine.md):
 * a room's colour is written only by modules/building-table/room-state.ts (the rooms' owner, for
 * the orders: docs/decisions/0075-one-owner-per-table.md), an order's pay status only by
 * the transition runner (modules/transitions, docs/decisions/0062-one-transition-runner.md) from
 * the rows of modules/orders/order-transitions.ts, `jobs/` only schedules them, and the
 * orders module's queries only read. This guard reads the server's source (tests and migrations
 * aside) and fails on any other writer.
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
  const found: string[] = [];
  for (const match of text.matchAll(new RegExp(start.source, 'gi'))) {
    const from = match.index ?? 0;
    const end = text.indexOf(';', from);
    found.push(text.slice(from, end === -1 ? undefined : end));
  }
  return found;
}

/** Files that write `column` of `table`, through drizzle (`.update(table)…set({ column`) or SQL. */
function writersOf(table: string, column: string, sqlColumn: string): string[] {
  return files
    .filter(({ text }) => {
      const drizzle = statements(text, new RegExp(`\\.update\\(${table}\\)`)).some((s) =>
        new RegExp(`\\b${column}\\b|\\.set\\(\\s*\\{\\s*${column}|\\.set\\(\\w+\\)`).test(
          s.replace(/\.where\([\s\S]*$/, ''),
        ),
      );
      const raw = statements(text, new RegExp(`update\\s+${table}\\s+set`)).some((s) =>
        new RegExp(`\\b${sqlColumn}\\b`, 'i').test(s),
      );
      return drizzle || raw;
    })
    .map(({ name }) => name)
    .sort();
}

describe('order state writers', () => {
  it('only the room-state module changes a room’s colour', () => {
    expect(writersOf('rooms', 'saleStatus', 'sale_status')).toEqual([
      'modules/building-table/room-state.ts',
    ]);
  });

  it('only the runner changes an order’s pay status or inserts an order, from the order rows', () => {
    const writers = writersOf('orders', 'payStatus', 'pay_status').filter(
      (name) => !name.endsWith('-test-helpers.ts'),
    );
    expect(writers).toEqual([]);
    const rows = files.find(({ name }) => name === 'modules/orders/order-transitions.ts');
    expect(rows?.text).toMatch(/runCreation\(tx, ORDERS, ROWS\.create/);
    const inserters = files
      .filter(({ text }) =>
        /\.insert\(orders\)|insertRows\([^)]*\borders\b|insert\s+into\s+orders\b/i.test(text),
      )
      .map(({ name }) => name);
    expect(inserters).toEqual([]);
  });

  it('outside modules/orders nothing writes pay status, test fixtures included', () => {
    expect(
      writersOf('orders', 'payStatus', 'pay_status').filter(
        (name) => !name.startsWith('modules/orders/'),
      ),
    ).toEqual([]);
  });

  it('jobs only schedule: no module imports jobs/, and jobs hold no state change', () => {
    const importers = files
      .filter(({ name }) => !name.startsWith('jobs/') && name !== 'app.ts')
      .filter(({ text }) => /from '(\.\.\/)+jobs\//.test(text))
      .map(({ name }) => name);
    expect(importers).toEqual([]);
    const orderJobs = files.filter(
      ({ name, text }) => name.startsWith('jobs/') && /orders/.test(text),
    );
    for (const job of orderJobs) {
      expect(job.text, job.name).not.toMatch(/\.update\(|\.insert\(|\.delete\(|recordOrderEvent/);
    }
  });

  it('the orders module’s queries only read', () => {
    const queries = files.filter(
      ({ name }) => name.startsWith('modules/orders/') && name.endsWith('.queries.ts'),
    );
    expect(queries.length).toBeGreaterThan(0);
    for (const file of queries) {
      expect(file.text, file.name).not.toMatch(
        /\.update\(|\.insert\(|\.delete\(|expireUnpaidOrders|releaseExpiredLocks|Transition\b/,
      );
    }
  });
});
