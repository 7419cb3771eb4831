// `npm start`: install what is missing, build the web app and the server when stale, then run
// the compiled server (migrations, seed of an empty database, HTTP) in this same process.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildServerIfStale } from './build-server.mjs';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(args) {
  const result = spawnSync(npm, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`命令失败：npm ${args.join(' ')}`);
    process.exit(result.status ?? 1);
  }
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

function installIfMissing() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  const stale =
    !existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs);
  if (stale) {
    console.log('正在安装依赖……');
    run(
      existsSync(lock) ? ['ci', '--no-audit', '--no-fund'] : ['install', '--no-audit', '--no-fund'],
    );
  }
}

function buildWebIfStale() {
  const web = path.join(root, 'apps', 'web');
  const built = path.join(web, 'dist', 'index.html');
  const sources = [
    path.join(web, 'src'),
    path.join(web, 'public'),
    path.join(web, 'index.html'),
    path.join(web, 'vite.config.ts'),
    path.join(web, 'build'),
    path.join(web, 'package.json'),
    path.join(root, 'packages', 'shared', 'src'),
  ];
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  if (Math.max(...sources.map(newestMtime)) > builtAt) {
    console.log('正在构建网站前端……');
    run(['run', 'build', '-w', '@portal/web']);
  }
}

/**
 * Installs what is missing and brings the web app and the compiled server up to date; returns the
 * server's entry point. The journeys' lane launcher (e2e/lane-servers.mjs) calls it once before
 * starting several servers at the same moment, so they never build side by side.
 */
export async function prepareBuilds() {
  installIfMissing();
  // WEB_DIST names a web build made elsewhere; only the default build folder is kept fresh here.
  if (!process.env.WEB_DIST) buildWebIfStale();
  // The server runs as compiled JavaScript (docs/decisions/0025-compiled-server.md).
  return buildServerIfStale().catch((error) => {
    console.error(`服务端构建失败：${error instanceof Error ? error.message : error}`);
    console.error('只读的部署目录请在发布时先运行 npm run build。');
    process.exit(1);
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const serverEntry = await prepareBuilds();
  // The source map turns stack traces in the logs back into apps/server/src lines.
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(serverEntry).href);
}
