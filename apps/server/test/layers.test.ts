import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's layers mean what they say (docs/decisions/0047-layers-and-one-validation-path.md):
 * a module's `*.queries.ts` only read (functions of the database handle and parameters, calling
 * no service), its services decide and write, and its routes compose them, holding no SQL. This
 * guard reads the modules' source (tests aside) and fails on a route file that reaches for the
 * database itself or a query file that writes. The operator console (modules/admin and the
 * `*.admin.routes.ts` files) is checked by its own rules and left out here.
 */
const MODULES = path.resolve(__dirname, '../src/modules');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const files = sourceFiles(MODULES)
  .map((file) => ({
    name: path.relative(MODULES, file).split(path.sep).join('/'),
    text: readFileSync(file, 'utf8'),
  }))
  .filter(({ name }) => !name.startsWith('admin/') && !name.endsWith('.admin.routes.ts'));

const routeFiles = files.filter(({ name }) => /routes\.ts$/.test(name));
const queryFiles = files.filter(({ name }) => name.endsWith('.queries.ts'));

/** Drizzle's query builder calls on a database handle, and raw SQL, that change rows. */
const WRITES =
  /\b(db|tx)\s*\.\s*(insert|update|delete)\(|\.onConflictDo|\binsert\s+into\b|\bupdate\s+\w+\s+set\b|\bdelete\s+from\b/i;

describe('server layers', () => {
  it('finds the route and query files it guards', () => {
    expect(routeFiles.length).toBeGreaterThan(20);
    expect(queryFiles.length).toBeGreaterThan(20);
  });

  it('routes hold no SQL: no drizzle operators, no `sql`, no tables, no query builder', () => {
    const offenders = routeFiles
      .filter(
        ({ text }) =>
          /from 'drizzle-orm'/.test(text) ||
          /db\/schema/.test(text) ||
          /\bapp\.db\s*\.\s*(select|insert|update|delete|execute|transaction)\b/.test(text) ||
          /\bsql`/.test(text),
      )
      .map(({ name }) => name);
    expect(offenders).toEqual([]);
  });

  it('query files only read: no insert, update or delete, no service calls', () => {
    const writers = queryFiles.filter(({ text }) => WRITES.test(text)).map(({ name }) => name);
    expect(writers).toEqual([]);
    const callers = queryFiles
      .filter(({ text }) => /from '[^']*\.service'/.test(text))
      .map(({ name }) => name);
    expect(callers).toEqual([]);
  });

  it('the building table’s colour rule lives in one module, outside the queries', () => {
    const rule = /function (liveRoomColor|toTableRoom)\b/;
    const homes = files.filter(({ text }) => rule.test(text)).map(({ name }) => name);
    expect(homes).toEqual(['building-table/room-colours.ts']);
  });

  it('refuses a query file that writes (the check itself works)', () => {
    expect(WRITES.test('await db.update(rooms).set({ saleStatus })')).toBe(true);
    expect(WRITES.test('await tx\n    .insert(favourites)\n    .values(row)')).toBe(true);
    expect(WRITES.test("sql`update rooms set sale_status = 'green'`")).toBe(true);
    expect(WRITES.test('cache.delete(key); new Set(ids)')).toBe(false);
  });
});
