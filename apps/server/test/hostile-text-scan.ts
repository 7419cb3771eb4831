import { sql } from 'drizzle-orm';
import { decryptIdentityText } from '../src/db/identity-cipher';
import type { AccessContext } from './access-context';
import { HOSTILE_TRACES } from './hostile-text-fields';

/**
 * Where hostile texts went: every text and JSON column of the database, and every string of an
 * API answer with the key it sits under.
 */

export interface TextColumn {
  table: string;
  column: string;
  json: boolean;
}

/** How many tables the schema has (an SQL payload that ran would change it). */
export function tableCount(ctx: AccessContext): Promise<number> {
  return ctx.one<number>(
    sql`select count(*)::int from information_schema.tables where table_schema = 'public'`,
  );
}

/** Every text and JSON column of the schema. */
export async function textColumns(ctx: AccessContext): Promise<TextColumn[]> {
  const rows = await ctx.rows<{ table_name: string; column_name: string; data_type: string }>(
    sql`select table_name, column_name, data_type from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb')`,
  );
  return rows.map((row) => ({
    table: row.table_name,
    column: row.column_name,
    json: row.data_type === 'jsonb',
  }));
}

/** Every string in a value (JSON columns hold objects). */
export function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsOf);
  return [];
}

/** Every stored text (strings inside JSON columns too) with a trace of a hostile family. */
export async function storedHostileTexts(
  ctx: AccessContext,
  columns: TextColumn[],
): Promise<{ column: string; value: string }[]> {
  const selects = columns.map(({ table, column, json }) => {
    const ref = `"${table}"."${column}"`;
    const text = json ? `${ref}::text` : ref;
    // Names and ID numbers are encrypted at rest: those are read back and checked in clear.
    const encrypted = json ? '' : ` or ${text} like 'enc1:%'`;
    return (
      `select '${table}.${column}' as col, ${text} as value, ${json} as json from "${table}" ` +
      `where ${text} ~* $$${HOSTILE_TRACES.source}$$${encrypted}`
    );
  });
  const rows = await ctx.rows<{ col: string; value: string; json: boolean }>(
    sql.raw(selects.join(' union all ')),
  );
  return rows.flatMap((row) =>
    (row.json
      ? stringsOf(JSON.parse(row.value))
      : [decryptIdentityText(row.value)].filter((value) => HOSTILE_TRACES.test(value))
    ).map((value) => ({ column: row.col, value })),
  );
}

/** Every string of an answer with the key it sits under. */
export function keyedStrings(value: unknown, key = ''): [string, string][] {
  if (typeof value === 'string') return [[key, value]];
  if (Array.isArray(value)) return value.flatMap((item) => keyedStrings(item, key));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([name, item]) => keyedStrings(item, name));
  }
  return [];
}

/**
 * Concrete URLs of an OpenAPI path template: each `{param}` takes every id remembered under the
 * path before it (`/api/orders/{id}` → the ids under `/api/orders`); none remembered, no URL.
 */
export function expandPath(template: string, ids: Map<string, Set<number | string>>): string[] {
  let urls = [template];
  for (;;) {
    const next: string[] = [];
    let expanded = false;
    for (const url of urls) {
      const match = /\{(\w+)\}/.exec(url);
      if (!match) {
        next.push(url);
        continue;
      }
      expanded = true;
      for (const id of ids.get(url.slice(0, match.index - 1)) ?? []) {
        next.push(url.replace(match[0], String(id)));
      }
    }
    urls = next;
    if (!expanded) return urls;
  }
}

/**
 * Remembers the ids of a URL under the paths before them, and under the public path of an
 * operator path (`/api/admin/news/7` also as `/api/news/7`); `createdId` is the id a creating
 * call answered, remembered under the URL itself. The legal texts are addressed by their kind
 * (`/api/admin/legal/agreement/versions` also as `/api/legal/agreement`).
 */
export function rememberIds(
  ids: Map<string, Set<number | string>>,
  url: string,
  createdId?: unknown,
): void {
  const note = (prefix: string, id: number | string) => {
    const aliases = [prefix, prefix.replace('/api/admin/', '/api/')];
    if (prefix.endsWith('/listing-review')) {
      aliases.push('/api/listings', '/api/listings/mine', '/api/admin/listings');
    }
    if (prefix === '/api/listings') aliases.push('/api/admin/listing-reports');
    for (const alias of aliases) ids.set(alias, (ids.get(alias) ?? new Set()).add(id));
  };
  const path = url.split('?')[0] ?? '';
  const legal = /^\/api\/admin\/legal\/(agreement|privacy)\//.exec(path);
  if (legal?.[1]) {
    for (const alias of ['/api/legal', '/api/admin/legal']) {
      ids.set(alias, (ids.get(alias) ?? new Set()).add(legal[1]));
    }
  }
  for (const match of path.matchAll(/\/(\d+)/g)) note(path.slice(0, match.index), Number(match[1]));
  if (typeof createdId === 'number') note(path, createdId);
}
