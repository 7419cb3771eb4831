// Lints the API document (the one /api/docs/json serves) with Redocly's recommended rules as
// configured in redocly.yaml. The document is built from the server's sources without listening
// (apps/server/src/api-document.ts), written to a temporary file and linted; any
// problem, warnings included, fails the step.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const entry = path.join(root, 'apps', 'server', 'src', 'api-document.ts');
const { buildApiDocument } = await tsImport(entry, import.meta.url);
const document = await buildApiDocument();

const dir = mkdtempSync(path.join(tmpdir(), 'portal-api-lint-'));
const file = path.join(dir, 'openapi.json');
writeFileSync(file, JSON.stringify(document, null, 2));
const result = spawnSync(
  'npx',
  [
    'redocly',
    'lint',
    file,
    '--config',
    'redocly.yaml',
    '--format',
    'json',
    '--max-problems',
    '1000',
  ],
  {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  },
);
rmSync(dir, { recursive: true, force: true });

let problems;
try {
  problems = JSON.parse(result.stdout).problems;
} catch {
  process.stderr.write(result.stdout + result.stderr);
  console.error('Redocly 未给出检查结果。');
  process.exit(1);
}
const operations = Object.values(document.paths).reduce(
  (n, item) => n + Object.keys(item).length,
  0,
);
for (const problem of problems) {
  const where = problem.location?.[0]?.pointer ?? '';
  console.log(`${problem.severity} ${problem.ruleId} ${where}\n  ${problem.message}`);
}
if (problems.length > 0 || result.status !== 0) {
  console.error(`API 文档检查未通过：${problems.length} 个问题（redocly.yaml）。`);
  process.exit(1);
}
console.log(`API 文档检查通过：${operations} 个接口，Redocly 推荐规则无问题。`);
