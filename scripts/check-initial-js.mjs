// Fails when the home page's initial JavaScript exceeds its budget
// (docs/decisions/0018): the scripts index.html names, its entry and the /home route module
// with every chunk they import statically, compressed with gzip -9. Reads the Vite manifest.
// Run after `npm run build -w @portal/web`: node scripts/check-initial-js.mjs [webDist]
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const webDist = path.resolve(process.argv[2] ?? path.join(root, 'apps', 'web', 'dist'));

/** KB of gzip per page: what a visitor's browser loads before the page can show itself. */
const BUDGETS = [{ page: '/home', routeModule: 'src/app/routes/home/home.tsx', gzipKb: 250 }];

const manifestFile = path.join(webDist, '.vite', 'manifest.json');
if (!existsSync(manifestFile)) {
  console.error(`找不到构建清单 ${manifestFile}：请先构建前端（npm run build -w @portal/web）。`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));

/** The chunk of `key` and every chunk it imports statically, as output file names. */
function staticClosure(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`构建清单中没有 ${key}`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(imported, files);
  return files;
}

const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
// Scripts index.html names itself (the boot script is built apart and is not in the manifest).
const html = readFileSync(path.join(webDist, 'index.html'), 'utf8');
const htmlScripts = [...html.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((match) => match[1]);
let failed = false;
for (const budget of BUDGETS) {
  const files = new Set(htmlScripts);
  for (const key of [...entries, budget.routeModule]) staticClosure(key, files);
  const scripts = [...files].filter((file) => file.endsWith('.js'));
  const bytes = scripts.reduce(
    (sum, file) => sum + gzipSync(readFileSync(path.join(webDist, file)), { level: 9 }).length,
    0,
  );
  const kb = bytes / 1024;
  const ok = kb < budget.gzipKb;
  failed ||= !ok;
  const line = `${budget.page}: ${scripts.length} 个脚本，gzip ${kb.toFixed(1)} KB（预算 ${budget.gzipKb} KB）`;
  if (ok) console.log(`✔ ${line}`);
  else console.error(`✘ ${line}：超出预算，请让首屏以外的代码按需加载（docs/decisions/0018）。`);
}
process.exit(failed ? 1 : 0);
