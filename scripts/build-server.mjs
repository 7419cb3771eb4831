// The API server compiled for production: one ES module, apps/server/dist/server.js, bundled by
// esbuild from apps/server/src with packages/shared inlined and every npm package left to
// node_modules. `npm start` runs it with plain Node (docs/decisions/0025-compiled-server.md).
// Run directly (`npm run build -w @portal/server`) it always builds.
import { existsSync, mkdirSync, readdirSync, renameSync, statSync, utimesSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const serverDir = path.join(root, 'apps', 'server');
const outDir = path.join(serverDir, 'dist');

/** The compiled entry point that `npm start` runs. */
export const SERVER_ENTRY = path.join(outDir, 'server.js');

/** Everything the bundle is made from; a change to any of them makes the build stale. */
const SOURCES = [
  path.join(serverDir, 'src'),
  path.join(serverDir, 'package.json'),
  path.join(root, 'packages', 'shared', 'src'),
  path.join(root, 'packages', 'shared', 'package.json'),
  fileURLToPath(import.meta.url),
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** True when there is no compiled server or a source is newer than it (a few ms of `stat`). */
export function serverBuildIsStale() {
  const builtAt = existsSync(SERVER_ENTRY) ? statSync(SERVER_ENTRY).mtimeMs : 0;
  return Math.max(...SOURCES.map(newestMtime)) > builtAt;
}

/** npm packages (and Node built-ins) stay imports; only the workspace's shared code is bundled. */
const keepPackagesExternal = {
  name: 'keep-packages-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@portal/shared/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Compiles the server. The files are written under temporary names and renamed into place, so
 * a process starting at the same moment reads either the old or the new build, never half of
 * one; the entry's time is set to the moment the build began, so a source saved while it ran
 * still counts as newer.
 */
export async function buildServer() {
  const startedAt = new Date();
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [path.join(serverDir, 'src', 'server.ts')],
    outfile: SERVER_ENTRY,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    sourcesContent: false,
    write: false,
    logLevel: 'warning',
    plugins: [keepPackagesExternal],
  });
  mkdirSync(outDir, { recursive: true });
  const entryLast = [
    ...result.outputFiles.filter((file) => file.path !== SERVER_ENTRY),
    ...result.outputFiles.filter((file) => file.path === SERVER_ENTRY),
  ];
  for (const file of entryLast) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    await writeFile(temporary, file.contents);
    renameSync(temporary, file.path);
  }
  utimesSync(SERVER_ENTRY, startedAt, startedAt);
}

/** Builds the server when stale; returns the entry point to run. */
export async function buildServerIfStale() {
  if (serverBuildIsStale()) {
    console.log('正在构建服务端……');
    await buildServer();
  }
  return SERVER_ENTRY;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await buildServer();
}
