// Fails when any page type's initial JavaScript exceeds its budget (docs/decisions/0018,
// docs/decisions/0057): for every page of the route table, the scripts index.html names, the
// entry and the steps of the start, the page's route module and its layout's with every chunk they import statically,
// compressed with gzip -9. Reads the Vite manifest (`scripts/initial-js.mjs`).
// Run after `npm run build -w @portal/web`: node scripts/check-initial-js.mjs [webDist]
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkBudgets, measurePages, TARGET_KB } from './initial-js.mjs';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const webDist = path.resolve(process.argv[2] ?? path.join(root, 'apps', 'web', 'dist'));

const manifestFile = path.join(webDist, '.vite', 'manifest.json');
if (!existsSync(manifestFile)) {
  console.error(`找不到构建清单 ${manifestFile}：请先构建前端（npm run build -w @portal/web）。`);
  process.exit(1);
}
const routeTable = readFileSync(
  path.join(root, 'apps', 'web', 'src', 'app', 'route-table.ts'),
  'utf8',
);
const main = readFileSync(path.join(root, 'apps', 'web', 'src', 'main.tsx'), 'utf8');
const { results, unknown, ok } = checkBudgets(measurePages(webDist, routeTable, main));
const within = results.filter((r) => r.kb <= TARGET_KB).length;
for (const r of results) {
  const line = `${r.key}: ${r.scripts} 个脚本，gzip ${r.kb.toFixed(1)} KB（预算 ${r.budgetKb} KB）`;
  if (r.verdict === 'over') {
    console.error(`✘ ${line}：超出预算，请让首屏以外的代码按需加载（docs/decisions/0057）。`);
  } else if (r.verdict === 'stale') {
    console.error(
      `✘ ${line}：已在 ${TARGET_KB} KB 目标之内，请从 scripts/initial-js.mjs 的 CEILINGS_KB 中删去这一行。`,
    );
  }
}
for (const key of unknown) console.error(`✘ CEILINGS_KB 中的 ${key} 不是路由表中的页面。`);
const heaviest = [...results].sort((a, b) => b.kb - a.kb)[0];
console.log(
  `${ok ? '✔' : '✘'} 首屏脚本：${results.length} 类页面，${within} 类在 ${TARGET_KB} KB 目标之内；` +
    `最重 ${heaviest?.key} ${heaviest?.kb.toFixed(1)} KB。`,
);
process.exit(ok ? 0 : 1);
