// What the first-loaded JavaScript of the web app is made of (docs/performance/initial-js-composition.md):
// builds the web client with source maps into a temporary folder (the committed config, with
// `build.sourcemap`, another `outDir` and a plugin that writes the module graph merged in), then
// attributes every byte of every chunk to its source module and prints, for the code every page
// shares and for a few page types' own chunks, gzip KB by module group and by the import that
// brings it in. Analysis only: nothing of the product reads this file.
//
//   node docs/performance/initial-js-composition.mjs [outDir] [--no-build] [--pages=a,b]
//
// gzip per module: the module's raw bytes (from the source map) times its chunk's gzip -9 ratio.
// "cut" columns: the chunks gzipped again without those modules (what removing them saves).
// Uses @jridgewell/trace-mapping (installed with the build tools; else `npm i --no-save` it).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { readPageRoutes, readStartSteps } from '../../scripts/initial-js.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const web = path.join(repo, 'apps', 'web');
const args = process.argv.slice(2);
const outDir = path.resolve(args.find((a) => !a.startsWith('--')) ?? '/tmp/initial-js-composition');
const pagesArg = args.find((a) => a.startsWith('--pages='));
const PAGES = pagesArg
  ? pagesArg.slice('--pages='.length).split(',')
  : ['newHouse', 'houses', 'detailscs', 'secondhandhouse', 'tool'];
const graphFile = path.join(outDir, 'module-graph.json');
const require = createRequire(path.join(repo, 'package.json'));
const { TraceMap, eachMapping } = require('@jridgewell/trace-mapping');

/** Vite plugin: the static and dynamic imports of every module, and each chunk's modules. */
function moduleGraph() {
  return {
    name: 'module-graph',
    apply: 'build',
    generateBundle(_options, bundle) {
      const modules = {};
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        if (info) modules[id] = { imports: info.importedIds ?? [], entry: Boolean(info.isEntry) };
      }
      const chunks = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk') chunks[chunk.fileName] = Object.keys(chunk.modules);
      }
      writeFileSync(graphFile, JSON.stringify({ modules, chunks }));
    },
  };
}

if (!args.includes('--no-build')) {
  const { build } = await import('vite');
  await build({
    root: web,
    configFile: path.join(web, 'vite.config.ts'),
    logLevel: 'warn',
    plugins: [moduleGraph()],
    build: { sourcemap: true, outDir, emptyOutDir: true },
  });
}

const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'));
const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
const graph = JSON.parse(readFileSync(graphFile, 'utf8'));
const gzip = (text) => gzipSync(Buffer.from(text), { level: 9 }).length;
const kb = (bytes) => (bytes / 1024).toFixed(1);
const rel = (id) => path.relative(repo, id.replace(/^\0/, '')).replace(/\?.*$/, '');
const isOwn = (file) => !file.includes('node_modules');

/** Module group: npm package (antd by component folder), or the app's / shared package's file. */
function group(src) {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(src);
  if (pkg) {
    if (pkg[1] === 'antd') return `antd/${/^(?:es|lib)\/([^/.]+)/.exec(pkg[2])?.[1] ?? pkg[2]}`;
    return pkg[1];
  }
  return src.replace(/^apps\/web\/src\//, 'app: ').replace(/^packages\/shared\/src\//, 'shared: ');
}

// ---- Bytes of each chunk by source module -------------------------------------------------
/** Byte spans of generated code that no source map names, but that are known. */
const KNOWN_SPANS = [
  [/const __vite__mapDeps=[^\n]*/g, '[Vite preload lists of lazy chunks]'],
  [/__vite__mapDeps\(\[[0-9,]*\]\)/g, '[Vite preload lists of lazy chunks]'],
  [/assets\/[\w.-]+\.(?:js|css)/g, '[chunk file names]'],
];
const chunkCache = new Map();
function chunkParts(file) {
  if (chunkCache.has(file)) return chunkCache.get(file);
  const code = readFileSync(path.join(outDir, file), 'utf8').replace(
    /\n?\/\/# sourceMappingURL=\S+\s*$/,
    '',
  );
  const owner = new Array(code.length).fill(null);
  let mapped = false;
  try {
    const map = new TraceMap(readFileSync(path.join(outDir, `${file}.map`), 'utf8'));
    const lineStart = [0];
    for (let i = 0; i < code.length; i++) if (code[i] === '\n') lineStart.push(i + 1);
    const marks = [];
    eachMapping(map, (m) => {
      const at = lineStart[m.generatedLine - 1] + m.generatedColumn;
      marks.push([
        at,
        m.source ? rel(path.resolve(path.dirname(path.join(outDir, file)), m.source)) : null,
      ]);
    });
    marks.sort((a, b) => a[0] - b[0]);
    marks.forEach(([at, src], i) => {
      const end = i + 1 < marks.length ? marks[i + 1][0] : code.length;
      for (let j = at; j < end; j++) owner[j] = src;
    });
    mapped = marks.length > 0;
  } catch {
    // no source map (the boot script is built apart)
  }
  for (const [pattern, label] of KNOWN_SPANS) {
    if (label === '[chunk file names]' && mapped) continue;
    for (const match of code.matchAll(pattern)) {
      for (let j = match.index; j < match.index + match[0].length; j++) owner[j] = label;
    }
  }
  const unmappedLabel = mapped ? '[chunk glue: imports, exports, runtime]' : `[${file}: code]`;
  // Runs of one owner, with their UTF-8 size.
  const runs = [];
  for (let i = 0; i < code.length;) {
    let j = i;
    while (j < code.length && owner[j] === owner[i]) j++;
    runs.push({ start: i, end: j, src: owner[i] ?? unmappedLabel });
    i = j;
  }
  const bySrc = new Map();
  for (const run of runs) {
    const bytes = Buffer.byteLength(code.slice(run.start, run.end));
    bySrc.set(run.src, (bySrc.get(run.src) ?? 0) + bytes);
  }
  const parts = { code, runs, bySrc, raw: Buffer.byteLength(code), gz: gzip(code) };
  chunkCache.set(file, parts);
  return parts;
}

/** gzip bytes saved when the sources `drop` accepts are cut out of these chunks. */
function cutSaving(files, drop) {
  let saved = 0;
  for (const file of files) {
    const c = chunkParts(file);
    if (![...c.bySrc.keys()].some(drop)) continue;
    const kept = c.runs.filter((r) => !drop(r.src)).map((r) => c.code.slice(r.start, r.end));
    saved += c.gz - gzip(kept.join(''));
  }
  return saved;
}

// ---- Which import brings each module in ----------------------------------------------------
const inAnyChunk = new Set(Object.values(graph.chunks).flat());
const byRel = new Map(Object.keys(graph.modules).map((id) => [rel(id), id]));
const kebab = (name) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
/** Named imports of a package in an own module's source (not type-only). */
function namedImports(id, pkg) {
  const text = readFileSync(id, 'utf8');
  const names = [];
  const pattern = new RegExp(`import\\s+(?!type\\b)\\{([^}]*)\\}\\s*from\\s*'${pkg}'`, 'g');
  for (const m of text.matchAll(pattern)) {
    for (const part of m[1].split(',')) {
      const name = part.trim().split(/\s+as\s+/)[0];
      if (name && !name.startsWith('type ')) names.push(name);
    }
  }
  return names;
}
/** The imports from own code into packages, each a root `{ label, target, importer }`. */
function roots(ownIds) {
  const out = [];
  for (const id of ownIds) {
    for (const target of graph.modules[id]?.imports ?? []) {
      if (isOwn(target)) continue;
      const t = rel(target);
      const importer = rel(id)
        .replace(/^apps\/web\/src\//, '')
        .replace(/^packages\//, '');
      if (t === 'node_modules/antd/es/index.js') {
        for (const name of namedImports(id, 'antd')) {
          const dir = byRel.get(`node_modules/antd/es/${kebab(name)}/index.js`);
          out.push({ label: `antd ${name}`, target: dir ?? target, importer });
        }
      } else {
        const g = group(t);
        const label = t.startsWith('node_modules/antd/es/')
          ? `antd ${t.slice('node_modules/antd/es/'.length).replace(/\.js$/, '')}`
          : g;
        out.push({ label, target, importer });
      }
    }
  }
  return out;
}

/**
 * Analysis of a set of chunks (`files`), not counting what `loaded` (chunks already there)
 * holds: gzip by source, by group, and by the import from own code that reaches it.
 */
function analyse(title, files, loaded = new Set()) {
  const js = [...files].filter((f) => f.endsWith('.js') && !loaded.has(f));
  const gzBySrc = new Map();
  let raw = 0;
  let gz = 0;
  for (const file of js) {
    const c = chunkParts(file);
    raw += c.raw;
    gz += c.gz;
    for (const [src, bytes] of c.bySrc) {
      gzBySrc.set(src, (gzBySrc.get(src) ?? 0) + (bytes * c.gz) / c.raw);
    }
  }
  const inSet = new Set(js.flatMap((f) => graph.chunks[f] ?? []));
  // Modules in no chunk at all (re-export barrels) are walked through; other chunks' are not.
  const walk = (id) => inSet.has(id) || !inAnyChunk.has(id);
  const ownIds = [...inSet].filter(isOwn);
  const reach = new Map();
  const importers = new Map();
  for (const root of roots(ownIds)) {
    importers.set(root.label, [...new Set([...(importers.get(root.label) ?? []), root.importer])]);
    const seen = new Set([root.target]);
    const queue = [root.target];
    while (queue.length) {
      const id = queue.shift();
      if (!reach.has(id)) reach.set(id, new Set());
      reach.get(id).add(root.label);
      for (const next of graph.modules[id]?.imports ?? []) {
        if (!seen.has(next) && walk(next) && !isOwn(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
  }
  const labelOf = (src) => {
    if (src.startsWith('[')) return src;
    const id = byRel.get(src);
    if (isOwn(src)) return group(src);
    const labels = id && reach.get(id);
    if (!labels || labels.size === 0) return '[package code reached only through other chunks]';
    if (labels.has(group(src))) return group(src);
    return labels.size === 1 ? [...labels][0] : `shared by ${[...labels].sort().join(' + ')}`;
  };
  const byLabel = new Map();
  const byGroup = new Map();
  for (const [src, g] of gzBySrc) {
    const label = labelOf(src);
    const entry = byLabel.get(label) ?? { gz: 0, srcs: new Set() };
    entry.gz += g;
    entry.srcs.add(src);
    byLabel.set(label, entry);
    const grp = src.startsWith('[') ? src : group(src);
    byGroup.set(grp, (byGroup.get(grp) ?? 0) + g);
  }
  console.log(`\n## ${title}: ${js.length} scripts, raw ${kb(raw)} KB, gzip ${kb(gz)} KB\n`);
  const sum = (test) => kb([...byGroup].filter(([g]) => test(g)).reduce((a, [, v]) => a + v, 0));
  console.log(
    `App code (apps/web/src) ${sum((g) => g.startsWith('app: '))} KB, packages/shared ` +
      `${sum((g) => g.startsWith('shared: '))} KB, npm packages ` +
      `${sum((g) => !g.startsWith('app: ') && !g.startsWith('shared: ') && !g.startsWith('['))} KB, ` +
      `not from a source module ${sum((g) => g.startsWith('['))} KB.\n`,
  );
  console.log('### By package / module group (gzip KB, proportional)\n');
  console.log('| group | gzip KB |\n|---|---:|');
  for (const [g, v] of [...byGroup].sort((a, b) => b[1] - a[1]).filter(([, v]) => v >= 300)) {
    console.log(`| ${g} | ${kb(v)} |`);
  }
  console.log('\n### By the import that brings it in (gzip KB; cut = saved if all of it goes)\n');
  console.log('| brought in by | gzip KB | cut KB | packages / files | imported from |');
  console.log('|---|---:|---:|---|---|');
  for (const [label, v] of [...byLabel]
    .sort((a, b) => b[1].gz - a[1].gz)
    .filter(([, v]) => v.gz >= 300)) {
    const saved = cutSaving(js, (src) => v.srcs.has(src));
    const groups = new Map();
    for (const src of v.srcs)
      groups.set(group(src), (groups.get(group(src)) ?? 0) + gzBySrc.get(src));
    const parts = [...groups]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([g, n]) => `${g} ${kb(n)}`)
      .join(', ');
    const from = (importers.get(label) ?? []).slice(0, 4).join(', ');
    console.log(`| ${label} | ${kb(v.gz)} | ${kb(saved)} | ${parts} | ${from} |`);
  }
  return { js, gz };
}

/** Groups of the antd stack: components, style engine, rc-* packages, icons and their helpers. */
const ANTD_STACK =
  /^(antd\/|@ant-design\/|@rc-component\/|rc-|stylis|@emotion\/|is-mobile|react-is|clsx|@babel\/runtime|throttle-debounce|compute-scroll-into-view|scroll-into-view-if-needed)/;
const SCENARIOS = {
  shared: [
    ['React DOM, React, scheduler', (g) => /^(react-dom|react|scheduler)$/.test(g)],
    ['React Router', (g) => g === 'react-router'],
    ['TanStack Query', (g) => g.startsWith('@tanstack/')],
    [
      'antd stack in the shell (ConfigProvider, theme, cssinjs, rc-*, icons, locale)',
      (g) => ANTD_STACK.test(g),
    ],
    [
      "Vite preload lists and the boot script's chunk names",
      (g) => /^\[(Vite preload|chunk file names)/.test(g),
    ],
    ['shared: codes.ts (error messages)', (g) => g === 'shared: codes.ts'],
  ],
  page: [
    ['zod', (g) => g === 'zod'],
    ['antd stack (components, rc-*, icons)', (g) => ANTD_STACK.test(g)],
    ['antd stack and zod', (g) => ANTD_STACK.test(g) || g === 'zod'],
    ['dayjs', (g) => g === 'dayjs'],
  ],
};
function scenarios(kind, js) {
  console.log(`\n### Cuts measured by removing the modules (gzip KB saved)\n`);
  console.log('| cut | saved KB |\n|---|---:|');
  for (const [name, test] of SCENARIOS[kind]) {
    const drop = (src) => test(src.startsWith('[') ? src : group(src));
    console.log(`| ${name} | ${kb(cutSaving(js, drop))} |`);
  }
}

// ---- The shared first load and the page types ---------------------------------------------
const closure = (key, files) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(imported, files);
};
const shared = new Set([...html.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((m) => m[1]));
for (const key of Object.keys(manifest)) if (manifest[key].isEntry) closure(key, shared);
// The start's steps (docs/decisions/0078-the-start-in-steps.md): imported by the entry as it
// runs, loaded by every page before it answers, as `scripts/initial-js.mjs` counts them.
const mainSource = readFileSync(path.join(web, 'src', 'main.tsx'), 'utf8');
for (const step of readStartSteps(mainSource)) {
  const key = ['.ts', '.tsx'].map((ext) => step + ext).find((name) => manifest[name]);
  if (key) closure(key, shared);
}
const base = analyse(
  'Shared first load (index.html scripts, the entry, the start steps and their static imports)',
  shared,
);
scenarios('shared', base.js);

const routeTable = readFileSync(path.join(web, 'src', 'app', 'route-table.ts'), 'utf8');
const LAYOUTS = {
  personal: ['src/app/layouts/personal-layout.tsx'],
  admin: ['src/app/routes/admin/admin-layout.tsx'],
};
for (const route of readPageRoutes(routeTable).filter((r) => PAGES.includes(r.key))) {
  const files = new Set();
  for (const key of [route.module, ...(LAYOUTS[route.layout] ?? [])]) closure(key, files);
  if (route.dates) closure('src/lib/dayjs-locale.ts', files);
  const own = analyse(`Page type ${route.key} (${route.module}), its own chunks`, files, shared);
  scenarios('page', own.js);
  console.log(
    `\nTotal ${route.key}: ${kb(base.gz)} + ${kb(own.gz)} = ${kb(base.gz + own.gz)} KB gzip`,
  );
}
