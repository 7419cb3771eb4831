// `npm test`: every check in order — types, lint, citations, format, API document, server build, unit, API on PGlite, API
// on PostgreSQL, scale-out beside the web build with its initial-JS budget, browser journeys — then one closing line with
// the number of tests passed and failed (docs/testing.md).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const inCi = process.env.CI === 'true' || process.env.CI === '1';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const pgUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const reports = mkdtempSync(path.join(tmpdir(), 'portal-test-reports-'));
const results = [];
let passed = 0;
let failed = 0;
/** The failed tests by name, repeated under the summary so a log cut to its end still names them. */
const failures = [];

function step(name, command, args, options = {}) {
  console.log(`\n━━ ${name} ━━ ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd: options.cwd ?? root,
    stdio: 'inherit',
    env: { ...process.env, ...options.env },
  });
  const ok = result.status === 0;
  results.push({ name, ok, seconds: ((Date.now() - started) / 1000).toFixed(0) });
  return ok;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += (report.numFailedTests ?? 0) + (report.numTodoTests ?? 0);
  for (const suite of report.testResults ?? []) {
    const where = path.relative(root, suite.name ?? '');
    const failedTests = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests) failures.push(`${where} › ${t.fullName}`);
    // A file that failed before its tests ran (an import or a hook) has no failed test to name.
    if (failedTests.length === 0 && suite.status === 'failed') failures.push(`${where} (file)`);
  }
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const { stats } = report;
  passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  failed += (stats?.unexpected ?? 0) + (stats?.skipped ?? 0);
  const walk = (suite, titles) => {
    const here = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === 'unexpected' || t.status === 'skipped') {
          failures.push(`[${t.projectName}] ${[...here, spec.title].join(' › ')}`);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
}

function vitestArgs(projects, file) {
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p])];
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${file}`);
  return args;
}

function vitest(name, projects, file, env) {
  step(name, 'npx', vitestArgs(projects, file), { env });
  countVitest(file);
}

function redisReachable() {
  const { hostname, port } = new URL(redisUrl);
  const probe = `require('net').connect(${Number(port) || 6379},${JSON.stringify(hostname)}).on('connect',()=>process.exit(0)).on('error',()=>process.exit(1))`;
  return spawnSync('node', ['-e', probe], { timeout: 5000 }).status === 0;
}

function postgresReachable() {
  const probe = `const c=new (require('pg').Client)(${JSON.stringify(pgUrl)});c.connect().then(()=>c.end()).then(()=>process.exit(0),()=>process.exit(1))`;
  return spawnSync('node', ['-e', probe], { cwd: path.join(root, 'apps', 'server') }).status === 0;
}

/** Runs one step with its output kept back, for steps that run beside others. */
function buffered([name, command, args, env = {}]) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      resolve({ name, command, args, output, ok: code === 0, seconds });
    });
  });
}

/**
 * Runs lanes of steps side by side, each lane's steps one after another (a step that needs an
 * earlier one's result follows it in its lane); each step's output is printed whole when all
 * lanes have finished. For steps that leave the two cores half idle: the checks that only read
 * the sources, and the scale-out tests, which mostly wait on their server processes' timers.
 */
async function sideBySide(lanes) {
  const runs = await Promise.all(
    lanes.map(async (lane) => {
      const done = [];
      for (const entry of lane) done.push(await buffered(entry));
      return done;
    }),
  );
  for (const run of runs.flat()) {
    console.log(`\n━━ ${run.name} ━━ ${run.command} ${run.args.join(' ')}`);
    process.stdout.write(run.output);
    results.push({ name: run.name, ok: run.ok, seconds: run.seconds });
  }
}

await sideBySide([
  [['类型检查 typecheck', 'npm', ['run', 'typecheck', '--workspaces', '--if-present']]],
  [['代码规范 lint', 'npx', ['eslint', '--max-warnings', '0', '.']]],
  [['出处检查 citations', 'node', ['scripts/check-citations.mjs']]],
  [['格式 prettier', 'npx', ['prettier', '--check', '.']]],
  // The API document, built from the sources, against Redocly's recommended rules (redocly.yaml).
  [['接口文档 API document', 'node', ['scripts/lint-api-document.mjs']]],
]);
// Built once here; the API tests and the journeys run this build (docs/decisions/0025-compiled-server.md).
step('服务端构建 server build', 'npm', ['run', 'build', '-w', '@portal/server']);
vitest('单元测试 unit', ['shared', 'web'], path.join(reports, 'unit.json'));
vitest('接口测试 API · PGlite', ['server'], path.join(reports, 'api-pglite.json'));

/** The web build, then its initial-JS budget (docs/decisions/0018), one after the other. */
const webLane = [
  ['前端构建 web build', 'npm', ['run', 'build', '-w', '@portal/web']],
  ['首屏脚本预算 initial JS', 'node', ['scripts/check-initial-js.mjs']],
];
/** The scale-out tests when they run: beside the web build, which has the CPU they leave idle. */
const scaleOutLane = [];
const scaleFile = path.join(reports, 'scale.json');

if (postgresReachable()) {
  vitest('接口测试 API · PostgreSQL', ['server'], path.join(reports, 'api-postgres.json'), {
    TEST_DATABASE_URL: pgUrl,
  });
  if (redisReachable()) {
    scaleOutLane.push([
      '多实例 scale-out · PostgreSQL + Redis',
      'npx',
      vitestArgs(['scale-out'], scaleFile),
      { TEST_DATABASE_URL: pgUrl, TEST_REDIS_URL: redisUrl },
    ]);
  } else if (inCi) {
    console.error(`\nRedis 不可达（${redisUrl}）：CI 中必须运行多实例测试。`);
    results.push({ name: '多实例 scale-out', ok: false, seconds: '0' });
  } else {
    console.warn(
      `\n⚠ Redis 不可达（${redisUrl}），跳过多实例测试。设置 TEST_REDIS_URL 指向可用的服务器。`,
    );
  }
} else if (inCi) {
  console.error(`\nPostgreSQL 不可达（${pgUrl}）：CI 中必须运行 PostgreSQL 接口测试。`);
  results.push({ name: '接口测试 API · PostgreSQL', ok: false, seconds: '0' });
} else {
  console.warn(
    `\n⚠ PostgreSQL 不可达（${pgUrl}），跳过 PostgreSQL 接口测试。设置 TEST_PG_URL 指向可用的服务器。`,
  );
}

await sideBySide(scaleOutLane.length > 0 ? [scaleOutLane, webLane] : [webLane]);
countVitest(scaleFile);

if (existsSync(chromium)) {
  const file = path.join(reports, 'e2e.json');
  step('浏览器测试 e2e', 'npx', ['playwright', 'test', '--reporter=list,json'], {
    cwd: path.join(root, 'e2e'),
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: file, CHROMIUM_PATH: chromium },
  });
  countPlaywright(file);
} else if (inCi) {
  console.error(`\n找不到 Chromium（${chromium}）：CI 中浏览器测试不能跳过。`);
  results.push({ name: '浏览器测试 e2e', ok: false, seconds: '0' });
} else {
  console.warn(
    `\n${'⚠'.repeat(3)} 找不到 Chromium（${chromium}），跳过浏览器测试！\n` +
      '    安装：apt-get update && apt-get install -y chromium fonts-noto-cjk（或设置 CHROMIUM_PATH）',
  );
}

rmSync(reports, { recursive: true, force: true });
console.log('\n━━ 汇总 summary ━━');
for (const r of results) console.log(`${r.ok ? '✔' : '✘'} ${r.name} (${r.seconds}s)`);
for (const name of failures) console.log(`  ✘ ${name}`);
const failedSteps = results.filter((r) => !r.ok).length;
if (failedSteps > 0 && failed === 0) failed = failedSteps;
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failedSteps > 0 ? 1 : 0);
