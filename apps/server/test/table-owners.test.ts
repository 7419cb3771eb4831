import { existsSync } from 'node:fs';
import path from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema/index';
import { TABLE_OWNERS } from '../src/db/table-owners';
import { isFixture, serverSource, SRC, withoutComments } from './server-source';

/**
 * Each table has one owning module (docs/decisions/0075-one-owner-per-table.md), named in
 * `src/db/table-owners.ts`: only the owner's files insert, update or delete its rows; any other
 * module asks the owner through its face (`index.ts`). This guard reads the server's source (tests,
 * the seed and tests' helpers aside) and fails when a file outside a table's owner writes it,
 * through drizzle (`.insert(t)`, `.update(t)`, `.delete(t)` on the table's schema name or a name
 * the file gives it) or raw SQL (`insert into`, `update … set`, `delete from` the table's SQL
 * name), when a table of `db/schema` has no owner, and when a module takes another's table from
 * `db/schema` rather than from the owner's read face (`modules/<owner>/tables.ts`).
 */

const tables = Object.entries(schema)
  .filter(([, value]) => is(value, PgTable))
  .map(([name, value]) => ({ name, sqlName: getTableName(value as PgTable) }));

const escape = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The names a file gives a table: its schema name and `const X = table` or `table as X`. */
function namesOf(text: string, table: string): string[] {
  const aliases = [
    ...text.matchAll(new RegExp(`\\bconst\\s+(\\w+)\\s*=\\s*${table}\\s*;`, 'g')),
    ...text.matchAll(new RegExp(`\\b${table}\\s+as\\s+(\\w+)`, 'g')),
  ].map((match) => match[1] as string);
  return [table, ...aliases];
}

/** Whether `text` inserts, updates or deletes rows of the table (drizzle or SQL). */
export function writesTable(text: string, table: string, sqlName: string): boolean {
  const code = withoutComments(text);
  const names = namesOf(code, table).map(escape).join('|');
  const drizzle = new RegExp(`\\.\\s*(insert|update|delete)\\(\\s*(${names})\\s*\\)`);
  const target = `("?${escape(sqlName)}"?|\\$\\{\\s*(${names})\\s*\\})`;
  const raw = new RegExp(
    `\\b(insert\\s+into\\s+${target}(?![\\w$])|update\\s+${target}\\s+(as\\s+\\w+\\s+)?set\\b|delete\\s+from\\s+${target}(?![\\w$]))`,
    'i',
  );
  return drizzle.test(code) || raw.test(code);
}

/** Whether the file `name` (a path under `src`) belongs to `owner`. */
const ownedBy = (name: string, owner: string) =>
  name.startsWith(owner.includes('/') ? `${owner}/` : `modules/${owner}/`);

const files = serverSource().filter(({ name }) => !isFixture(name));

/** The module of a file under `src/modules` (`modules/seo/seo.queries.ts` is `seo`), or undefined. */
const moduleOf = (name: string) => /^modules\/([^/]+)\//.exec(name)?.[1];

/**
 * The tables of `db/schema` a file under `modules/<module>/` imports (or re-exports) that another
 * owns, by their schema names; `*` when it takes the whole schema, whose tables it cannot name.
 * Such a file reads another module's table past its owner: it takes it from the owner's read face,
 * `modules/<owner>/tables.ts`, instead.
 */
export function foreignSchemaImports(
  text: string,
  module: string,
  owners: Readonly<Record<string, string>>,
): string[] {
  const code = withoutComments(text);
  const fromSchema =
    /\b(?:import|export)\s+(?:type\s+)?(\{[^}]*\}|\*\s+as\s+\w+|\*)\s+from\s+'[^']*\bdb\/schema\b[^']*'/g;
  return [...code.matchAll(fromSchema)].flatMap((match) => {
    const clause = match[1] as string;
    if (clause.startsWith('*')) return ['*'];
    return clause
      .slice(1, -1)
      .split(',')
      .map(
        (part) =>
          part
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0] as string,
      )
      .filter((name) => owners[name] !== undefined && owners[name] !== module);
  });
}

describe('table owners', () => {
  it('every table of the schema has an owner, and every owner is a folder of the server', () => {
    const owners = TABLE_OWNERS as Record<string, string>;
    expect(tables.filter(({ name }) => !owners[name]).map(({ name }) => name)).toEqual([]);
    expect(Object.keys(owners).filter((name) => !tables.some((t) => t.name === name))).toEqual([]);
    const missing = [...new Set(Object.values(owners))].filter(
      (owner) => !existsSync(path.join(SRC, owner.includes('/') ? owner : `modules/${owner}`)),
    );
    expect(missing).toEqual([]);
  });

  it('no file writes a table but its owner’s', () => {
    const owners = TABLE_OWNERS as Record<string, string>;
    const foreign = files.flatMap(({ name, text }) =>
      tables
        .filter((table) => !ownedBy(name, owners[table.name] ?? ''))
        .filter((table) => writesTable(text, table.name, table.sqlName))
        .map((table) => `${name} writes ${table.name}`),
    );
    expect(foreign.sort()).toEqual([]);
  });

  it('no module takes another’s table from `db/schema`: it reads it through the owner’s `tables.ts`', () => {
    const owners = TABLE_OWNERS as Record<string, string>;
    const foreign = files.flatMap(({ name, text }) => {
      const module = moduleOf(name);
      if (module === undefined) return [];
      return foreignSchemaImports(text, module, owners).map((table) => `${name} imports ${table}`);
    });
    expect(foreign).toEqual([]);
  });

  it('finds a foreign table taken from the schema (the check itself works)', () => {
    const owners = { projects: 'projects', districts: 'projects', news: 'news' };
    expect(
      foreignSchemaImports(
        "import { news, projects } from '../../db/schema/index';",
        'seo',
        owners,
      ),
    ).toEqual(['news', 'projects']);
    expect(
      foreignSchemaImports(
        "import {\n  districts as D,\n  news,\n} from '../../db/schema/index';",
        'news',
        owners,
      ),
    ).toEqual(['districts']);
    expect(
      foreignSchemaImports("import * as schema from '../../db/schema/index';", 'news', owners),
    ).toEqual(['*']);
    expect(
      foreignSchemaImports("export { projects } from '../../db/schema/projects';", 'seo', owners),
    ).toEqual(['projects']);
    expect(
      foreignSchemaImports("import { news } from '../../db/schema/index';", 'news', owners),
    ).toEqual([]);
    expect(
      foreignSchemaImports("import { projects } from '../projects/tables';", 'seo', owners),
    ).toEqual([]);
    expect(
      foreignSchemaImports("// import { projects } from '../../db/schema/index';", 'seo', owners),
    ).toEqual([]);
    expect(moduleOf('modules/seo/seo.queries.ts')).toBe('seo');
    expect(moduleOf('integrations/bank/bank-simulator.ts')).toBeUndefined();
  });

  it('finds a write (the check itself works)', () => {
    expect(writesTable('await tx.insert(notices).values({ userId });', 'notices', 'notices')).toBe(
      true,
    );
    expect(
      writesTable(
        'const R = chatReports;\nawait db\n  .delete(R)\n  .where(x);',
        'chatReports',
        'chat_reports',
      ),
    ).toBe(true);
    expect(writesTable('tx.update(projects).set({ a: 1 })', 'projects', 'projects')).toBe(true);
    expect(writesTable('db.select().from(projects)', 'projects', 'projects')).toBe(false);
    expect(writesTable('sql`insert into notices (user_id) values (1)`', 'notices', 'notices')).toBe(
      true,
    );
    expect(writesTable('sql`update ${rooms} set x = 1`', 'rooms', 'rooms')).toBe(true);
    expect(writesTable('sql`delete from "users" where id = 1`', 'users', 'users')).toBe(true);
    expect(writesTable('sql`update users_x set a = 1`', 'users', 'users')).toBe(false);
    expect(writesTable('// insert into notices, said in a comment', 'notices', 'notices')).toBe(
      false,
    );
    expect(ownedBy('modules/building-table/room-state.ts', 'building-table')).toBe(true);
    expect(ownedBy('modules/orders/room-state.ts', 'building-table')).toBe(false);
    expect(ownedBy('modules/orders-x/a.ts', 'orders')).toBe(false);
    expect(ownedBy('integrations/bank/bank-simulator.ts', 'integrations/bank')).toBe(true);
  });
});
