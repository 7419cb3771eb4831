import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's layers mean what they say (docs/decisions/0047-layers-and-one-validation-path.md),
 * checked by what each file does rather than by its name alone.
 *
 * Every file of `src/modules` (tests aside) is one of: a module's face (`index.ts`, re-exports
 * only), a test helper (`*test-*.ts`), routes (a file that registers routes: `*.routes.ts`,
 * `*.dev-routes.ts`, `*.module.ts`, `*.events.ts`), queries (`*.queries.ts`), a service (any
 * other file that runs a statement) or a pure helper (any other file, running none). A file that
 * is two of them at once, or whose name says another, fails. Routes hold no SQL, queries change
 * nothing, and a read outside a queries file fails unless it is part of a write (it sits in a
 * function that also writes, locks or opens a transaction).
 *
 * Imports run one way: infrastructure (`lib`, `db`, `config`, `integrations`) ← modules ←
 * plugins ← the composition (`app.ts`, `operator-api.ts`, `server.ts`, `api-document.ts`, the
 * jobs and the seed). Plugins and jobs reach a module only through its face, and no two modules
 * import each other, directly or round a longer cycle. Test helpers are tests' code and left out.
 */
const SRC = path.resolve(__dirname, '../src');
const MODULES = path.join(SRC, 'modules');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const slashed = (file: string) => file.split(path.sep).join('/');

/**
 * Comments out: a doc comment saying "insert into" or "for update" proves nothing. Only comments
 * that start a line, so that a string such as 'image/*' is never taken for one.
 */
function withoutComments(text: string): string {
  return text.replace(/^[ \t]*\/\*[\s\S]*?\*\//gm, '').replace(/^[ \t]*\/\/.*$/gm, '');
}

const files = sourceFiles(MODULES).map((file) => ({
  name: slashed(path.relative(MODULES, file)),
  text: readFileSync(file, 'utf8'),
}));

/** A read through drizzle's query builder, or raw SQL that selects. */
const READS = /\.\s*(select|selectDistinct|selectDistinctOn|execute)\s*\(|\bsql`\s*select\b/;
/** Drizzle's query builder calls on a database handle, and raw SQL, that change rows. */
const WRITES =
  /\b(db|tx)\s*\.\s*(insert|update|delete)\(|\.onConflictDo|\binsert\s+into\b|\bupdate\s+\w+\s+set\b|\bdelete\s+from\b/i;
/**
 * What makes a read part of a write: a write, a transaction, a row lock, an advisory lock held
 * for the caller's transaction, a sequence drawn for an insert, a setting the price trigger
 * reads, a building version bumped.
 */
const PART_OF_A_WRITE =
  /\b(db|tx)\s*\.\s*(insert|update|delete|transaction)\s*\(|\.onConflictDo|\binsert\s+into\b|\bupdate\s+\w+\s+set\b|\bdelete\s+from\b|\bfor\s+update\b|\.for\(\s*'update'|\b(pg_advisory_xact_lock|nextval|set_config|bump_building_version)\s*\(/i;
/** A route registered on the Fastify instance (or a plugin of routes). */
const REGISTERS_ROUTES =
  /\b(app|fastify|instance|scope)\s*\.\s*(get|post|put|patch|delete|head|route|register)\s*(<[^>]*>)?\s*\(/;
const ROUTE_FILE = /\.(routes|dev-routes|module|events)\.ts$/;
const TEST_HELPER = /(^|\/)[^/]*test-[^/]*\.ts$/;

type Kind = 'face' | 'test helper' | 'routes' | 'queries' | 'service' | 'pure';

/** What a file is by what it does; a reason when it is none of the kinds, or two. */
function classify(name: string, source: string): { kind: Kind; problem?: string } {
  const text = withoutComments(source);
  if (TEST_HELPER.test(name)) return { kind: 'test helper' };
  if (name.endsWith('/index.ts') || name === 'index.ts') {
    const rest = text.replace(/export\s+(type\s+)?(\*|\{[^}]*\})\s+from\s+'[^']+';/g, '').trim();
    return rest === ''
      ? { kind: 'face' }
      : { kind: 'face', problem: 'a face holds only re-exports of its module' };
  }
  const runs = READS.test(text) || PART_OF_A_WRITE.test(text);
  if (REGISTERS_ROUTES.test(text)) {
    if (runs) return { kind: 'routes', problem: 'registers routes and runs statements' };
    if (!ROUTE_FILE.test(name))
      return { kind: 'routes', problem: 'registers routes under a name that does not say so' };
    return { kind: 'routes' };
  }
  if (ROUTE_FILE.test(name)) return { kind: 'pure', problem: 'named routes but registers none' };
  if (name.endsWith('.queries.ts')) return { kind: 'queries' };
  return { kind: runs ? 'service' : 'pure' };
}

const classified = files.map((file) => ({ ...file, ...classify(file.name, file.text) }));
const ofKind = (kind: Kind) => classified.filter((file) => file.kind === kind);

/** A file's top-level declarations (functions, constants, classes), each with its name and text. */
function declarationsOf(text: string): Array<{ name: string; text: string }> {
  return withoutComments(text)
    .split(/\n(?=(?:export\s+)?(?:default\s+)?(?:async\s+)?(?:function|const|let|class)\s)/)
    .map((chunk) => ({
      name: /(?:function|const|let|class)\s+(\w+)/.exec(chunk)?.[1] ?? '',
      text: chunk,
    }))
    .filter(({ name }) => name !== '');
}

/** The declarations of a file that read and are not part of a write. */
const readsOutsideAWrite = (text: string) =>
  declarationsOf(text).filter((d) => READS.test(d.text) && !PART_OF_A_WRITE.test(d.text));

describe('server layers: every file of the modules is one kind', () => {
  it('classifies every file, and finds each kind', () => {
    const unclassifiable = classified
      .filter(({ problem }) => problem !== undefined)
      .map(({ name, problem }) => `${name}: ${problem}`);
    expect(unclassifiable).toEqual([]);
    expect(ofKind('routes').length).toBeGreaterThan(40);
    expect(ofKind('queries').length).toBeGreaterThan(40);
    expect(ofKind('service').length).toBeGreaterThan(40);
    expect(ofKind('face').length).toBeGreaterThan(20);
    expect(ofKind('pure').length).toBeGreaterThan(20);
  });

  it('routes hold no SQL: no drizzle operators, no `sql`, no tables, no query builder', () => {
    const offenders = ofKind('routes')
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
    const queries = ofKind('queries');
    const writers = queries.filter(({ text }) => WRITES.test(text)).map(({ name }) => name);
    expect(writers).toEqual([]);
    const callers = queries
      .filter(({ text }) => /from '[^']*\.service'/.test(text))
      .map(({ name }) => name);
    expect(callers).toEqual([]);
  });

  it('no read outside a queries file, unless it is part of a write (a lock, a transaction)', () => {
    const readers = classified
      .filter(({ kind }) => kind !== 'queries' && kind !== 'test helper')
      .flatMap(({ name, text }) => readsOutsideAWrite(text).map((d) => `${name} ${d.name}`))
      .sort();
    expect(readers).toEqual([]);
  });

  it('a query answers a row or nothing; the service decides who may have it', () => {
    const own = files.find(({ name }) => name === 'listings/listing-detail.queries.ts');
    expect(own?.text).toMatch(/findOwnListing\([^)]*\)\s*:\s*Promise<ListingRow \| null>/);
    const refusals = ofKind('queries')
      .filter(({ text }) => /userId\s*!==?\s*\w+[^\n]*\)\s*throw\b/.test(text))
      .map(({ name }) => name);
    expect(refusals).toEqual([]);
  });

  it('the building table’s colour rule lives in one module, outside the queries', () => {
    const rule = /function (liveRoomColor|toTableRoom)\b/;
    const homes = files.filter(({ text }) => rule.test(text)).map(({ name }) => name);
    expect(homes).toEqual(['building-table/room-colours.ts']);
  });

  it('a page or the sitemap asks the owner which records are public (no copy of the rule)', () => {
    const seo = files.filter(({ name }) => name.startsWith('seo/'));
    const copies = seo
      .filter(({ text }) => /\b(publishStatus|newsState)\b|_STATUS\.PUBLISHED/.test(text))
      .map(({ name }) => name);
    expect(copies).toEqual([]);
  });
});

describe('server layers: the checks themselves work', () => {
  it('finds a function that only reads, and lets a read inside a write through', () => {
    const text = [
      '/** Reads, then writes: insert into things. */',
      'export async function listThings(db: Db) {',
      '  return db.select().from(things);',
      '}',
      'export async function saveThing(db: Db) {',
      '  const [row] = await db.select().from(things);',
      '  await db.insert(things).values(row);',
      '}',
      'export const lockThing = async (tx: Db) => {',
      "  await tx.select().from(things).for('update');",
      '};',
    ].join('\n');
    expect(readsOutsideAWrite(text).map((d) => d.name)).toEqual(['listThings']);
  });

  it('refuses a query file that writes', () => {
    expect(WRITES.test('await db.update(rooms).set({ saleStatus })')).toBe(true);
    expect(WRITES.test('await tx\n    .insert(favourites)\n    .values(row)')).toBe(true);
    expect(WRITES.test("sql`update rooms set sale_status = 'green'`")).toBe(true);
    expect(WRITES.test('cache.delete(key); new Set(ids)')).toBe(false);
  });

  it('tells the kinds apart and refuses a file that is two at once', () => {
    const route = "app.get('/api/things', async () => ok(await listThings(app.db)));";
    expect(classify('things/things.routes.ts', route)).toEqual({ kind: 'routes' });
    expect(classify('things/thing-page.ts', route).problem).toMatch(/name/);
    expect(classify('things/things.routes.ts', `${route}\nawait app.db.select();`).problem).toMatch(
      /statements/,
    );
    expect(classify('things/things.routes.ts', 'export const x = 1;').problem).toMatch(/none/);
    expect(classify('things/thing-rules.ts', 'export const x = 1;')).toEqual({ kind: 'pure' });
    expect(classify('things/thing-rules.ts', 'await db.select().from(t);')).toEqual({
      kind: 'service',
    });
    expect(classify('things/index.ts', "export { x } from './x';")).toEqual({ kind: 'face' });
    expect(classify('things/index.ts', 'export const x = 1;').problem).toMatch(/re-exports/);
  });
});

/** The server's source (tests and test helpers aside) with the files each one imports. */
const serverFiles = sourceFiles(SRC)
  .map((file) => slashed(path.relative(SRC, file)))
  .filter((name) => !TEST_HELPER.test(name));

function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(path.join(SRC, from)), specifier);
  for (const candidate of [`${base}.ts`, path.join(base, 'index.ts'), base]) {
    if (existsSync(candidate) && statSync(candidate).isFile())
      return slashed(path.relative(SRC, candidate));
  }
  return undefined;
}

function importsOf(name: string): string[] {
  const text = withoutComments(readFileSync(path.join(SRC, name), 'utf8'));
  const specifiers = [
    ...text.matchAll(/\bfrom\s+'([^']+)'/g),
    ...text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g),
    ...text.matchAll(/^import\s+'([^']+)'/gm),
  ].map((match) => match[1] as string);
  return [...new Set(specifiers)]
    .map((specifier) => resolveImport(name, specifier))
    .filter((target): target is string => target !== undefined);
}

const edges = serverFiles.flatMap((from) => importsOf(from).map((to) => ({ from, to })));

/** The server's layers, lowest first. */
const LAYERS = ['infrastructure', 'modules', 'plugins', 'composition'] as const;
type Layer = (typeof LAYERS)[number];

/** The layer of a file of `src`, or undefined for a place no layer names. */
function layerOf(name: string): Layer | undefined {
  const top = name.split('/')[0] ?? '';
  if (['lib', 'db', 'config', 'integrations'].includes(top)) return 'infrastructure';
  if (top === 'modules') return 'modules';
  if (top === 'plugins') return 'plugins';
  if (['jobs', 'seed'].includes(top)) return 'composition';
  if (['app.ts', 'operator-api.ts', 'server.ts', 'api-document.ts'].includes(top))
    return 'composition';
  return undefined;
}

/** Imports from a lower layer up to a higher one. */
function upwardImports(list: Array<{ from: string; to: string }>): string[] {
  return list
    .filter(({ from, to }) => {
      const [a, b] = [layerOf(from), layerOf(to)];
      return a !== undefined && b !== undefined && LAYERS.indexOf(b) > LAYERS.indexOf(a);
    })
    .map(({ from, to }) => `${from} -> ${to}`);
}

/**
 * A module's read face (`modules/<m>/tables.ts`, docs/decisions/0075-one-owner-per-table.md): the
 * tables other modules may read, and the conditions saying which of their rows are public. It
 * imports no module (checked below), so it closes no cycle: a module reading through it depends on
 * the schema, not on the owner's code.
 */
const READ_FACE = /^modules\/[^/]+\/tables\.ts$/;

/** Which module imports which (a module's own files, and reads through a read face, aside). */
function moduleGraph(list: Array<{ from: string; to: string }>): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of list) {
    if (!from.startsWith('modules/') || !to.startsWith('modules/') || READ_FACE.test(to)) continue;
    const [a, b] = [from.split('/')[1] as string, to.split('/')[1] as string];
    if (a === b) continue;
    graph.set(a, (graph.get(a) ?? new Set()).add(b));
  }
  return graph;
}

/** Pairs of modules that import each other. */
function twoWayPairs(graph: Map<string, Set<string>>): string[] {
  return [...graph]
    .flatMap(([a, targets]) =>
      [...targets].filter((b) => a < b && graph.get(b)?.has(a)).map((b) => `${a} <-> ${b}`),
    )
    .sort();
}

/** Modules that import one another round a cycle of any length (Tarjan's components). */
function moduleCycles(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) as number, low.get(target) as number));
      } else if (stack.includes(target)) {
        low.set(node, Math.min(low.get(node) as number, index.get(target) as number));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member !== undefined) component.push(member);
    } while (member !== undefined && member !== node);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

describe('server layers: imports run one way', () => {
  it('finds the imports it guards', () => {
    expect(serverFiles.length).toBeGreaterThan(300);
    expect(edges.length).toBeGreaterThan(1000);
  });

  it('places every file of the server in a layer', () => {
    expect(serverFiles.filter((name) => layerOf(name) === undefined)).toEqual([]);
  });

  it('no import runs from a lower layer up to a higher one', () => {
    expect(upwardImports(edges)).toEqual([]);
  });

  it('plugins and jobs reach a module only through its face (`modules/<m>/index.ts`)', () => {
    const internals = edges
      .filter(({ from }) => from.startsWith('plugins/') || from.startsWith('jobs/'))
      .filter(({ to }) => to.startsWith('modules/') && !/^modules\/[^/]+\/index\.ts$/.test(to))
      .map(({ from, to }) => `${from} -> ${to}`);
    expect(internals).toEqual([]);
  });

  it('a read face (`modules/<m>/tables.ts`) imports no module, not even its own', () => {
    const faces = serverFiles.filter((name) => READ_FACE.test(name));
    expect(faces.length).toBeGreaterThan(10);
    const reaching = edges
      .filter(({ from, to }) => READ_FACE.test(from) && to.startsWith('modules/'))
      .map(({ from, to }) => `${from} -> ${to}`);
    expect(reaching).toEqual([]);
  });

  it('no two modules import each other, directly or round a longer cycle', () => {
    const graph = moduleGraph(edges);
    expect(graph.size).toBeGreaterThan(20);
    expect(twoWayPairs(graph)).toEqual([]);
    expect(moduleCycles(graph)).toEqual([]);
  });

  it('finds an upward import, a two-way pair and a longer cycle (the checks themselves work)', () => {
    expect(
      upwardImports([
        { from: 'plugins/auth.ts', to: 'modules/auth/index.ts' },
        { from: 'modules/auth/guards.ts', to: 'plugins/auth.ts' },
        { from: 'lib/read-cache.ts', to: 'modules/projects/index.ts' },
      ]),
    ).toEqual([
      'modules/auth/guards.ts -> plugins/auth.ts',
      'lib/read-cache.ts -> modules/projects/index.ts',
    ]);
    const graph = moduleGraph([
      { from: 'modules/a/a.service.ts', to: 'modules/b/index.ts' },
      { from: 'modules/b/b.routes.ts', to: 'modules/a/index.ts' },
      { from: 'modules/c/c.service.ts', to: 'modules/d/index.ts' },
      { from: 'modules/d/d.service.ts', to: 'modules/e/index.ts' },
      { from: 'modules/e/e.service.ts', to: 'modules/c/index.ts' },
      { from: 'modules/e/e.service.ts', to: 'modules/e/e.queries.ts' },
      { from: 'modules/f/f.queries.ts', to: 'modules/a/tables.ts' },
      { from: 'modules/a/a.service.ts', to: 'modules/f/index.ts' },
    ]);
    expect(twoWayPairs(graph)).toEqual(['a <-> b']);
    expect(moduleCycles(graph).sort()).toEqual([
      ['a', 'b'],
      ['c', 'd', 'e'],
    ]);
  });
});
