import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build, type Plugin, type Rolldown } from 'vite';
import type { PageCode, RouteCode } from '../../../packages/shared/src/page-code.ts';
import { PAGES } from '../../../packages/shared/src/pages.ts';
import { readStartSteps } from '../../../scripts/initial-js.mjs';
import { firstLoadPages, readPageModules } from './page-modules.ts';

/** Source of the boot script (docs/decisions/0018). */
export const BOOT_SOURCE = 'src/app/early/boot.ts';

type Bundle = Rolldown.OutputBundle;

/** A chunk's file and the files of every chunk and style sheet it imports statically. */
function staticClosure(bundle: Bundle, fileName: string, files = new Set<string>()): Set<string> {
  const chunk = bundle[fileName];
  if (files.has(fileName) || chunk?.type !== 'chunk') return files;
  files.add(fileName);
  chunk.viteMetadata?.importedCss.forEach((css) => files.add(css));
  chunk.imports.forEach((imported) => staticClosure(bundle, imported, files));
  return files;
}

/**
 * The modules of the app's start that main.tsx imports one step at a time
 * (docs/decisions/0078-the-start-in-steps.md), read as the budget check reads them
 * (`scripts/initial-js.mjs`), as absolute paths without their extension. Their code is fetched
 * from the start all the same.
 */
export function startSteps(root: string): string[] {
  const main = readFileSync(path.resolve(root, 'src/main.tsx'), 'utf8');
  return readStartSteps(main).map((step) => path.resolve(root, step));
}

/** Whether a chunk is the one of a start step (its module, without the extension, in `steps`). */
export function isStartStep(chunk: Rolldown.OutputChunk, steps: string[]): boolean {
  return steps.includes((chunk.facadeModuleId ?? '').replace(/\.tsx?$/, ''));
}

/** The entry chunk of the build. */
function entryChunk(bundle: Bundle): Rolldown.OutputChunk {
  const entry = Object.values(bundle).find((chunk) => chunk.type === 'chunk' && chunk.isEntry);
  if (!entry || entry.type !== 'chunk') throw new Error('the build has no entry chunk');
  return entry;
}

/** The chunks (and style sheets) of the start's steps, each with what it imports statically. */
function stepsClosure(bundle: Bundle, root: string, files = new Set<string>()): Set<string> {
  const chunks = Object.values(bundle).filter((chunk) => chunk.type === 'chunk');
  for (const step of startSteps(root)) {
    const chunk = chunks.find((candidate) => isStartStep(candidate, [step]));
    if (!chunk) throw new Error(`no chunk for the start step ${step}`);
    staticClosure(bundle, chunk.fileName, files);
  }
  return files;
}

/**
 * Where the build writes the code of every page, by address: the server names a page's code in
 * the page it renders, and the boot script starts it (docs/decisions/0079-the-take-over-without-a-time-zone-name.md).
 */
export const PAGE_CODE_FILE = '.vite/page-code.json';

/** The code of each page of `pages` (address → route module), by address. */
function pageCode(
  bundle: Bundle,
  root: string,
  pages: Map<string, string>,
): Record<string, PageCode> {
  const chunks = Object.values(bundle).filter((chunk) => chunk.type === 'chunk');
  const started = stepsClosure(bundle, root, staticClosure(bundle, entryChunk(bundle).fileName));
  return Object.fromEntries(
    [...pages].map(([address, source]) => {
      const page = chunks.find((chunk) => chunk.facadeModuleId === source);
      if (!page) throw new Error(`no chunk for the page module ${source}`);
      const deps = [...staticClosure(bundle, page.fileName)].filter(
        (file) => file !== page.fileName && !started.has(file),
      );
      return [address, { code: page.fileName, deps }];
    }),
  );
}

/**
 * What the boot script starts of the app itself. `code` and `deps`: the entry chunk and the
 * chunks it imports statically (index.html's module script and preload links), which it starts
 * after the first paint on a page the server rendered
 * (docs/decisions/0050-first-paint-before-code.md). `steps`: the chunks of the start's later
 * steps, which it starts on every page.
 */
function appCode(bundle: Bundle, root: string): AppCode {
  const entry = entryChunk(bundle);
  const entryFiles = staticClosure(bundle, entry.fileName);
  const deps = [...entryFiles].filter((file) => file !== entry.fileName && file.endsWith('.js'));
  const steps = [...stepsClosure(bundle, root)].filter(
    (file) => !entryFiles.has(file) && file.endsWith('.js'),
  );
  return { code: entry.fileName, deps, steps };
}

/** The app's code as the boot script starts it (see `appCode`). */
export interface AppCode extends PageCode {
  steps: string[];
}

/**
 * The chunks of every page beyond those the app's start loads, by address, for the app to
 * preload when it opens a page (`lib/route-code.ts`): the route table's preload lists leave them
 * out (docs/decisions/0081-page-code-lists-out-of-the-first-load.md). Style sheets are not in
 * it: the route table's lists keep them, so a page is never shown unstyled. Each file is named
 * once and the pages list their files' numbers: pages share most of their chunks.
 */
function routeCode(pages: Record<string, PageCode>): RouteCode {
  const files: string[] = [];
  const index = new Map<string, number>();
  const numberOf = (file: string) => {
    if (!index.has(file)) index.set(file, files.push(file) - 1);
    return index.get(file)!;
  };
  const byAddress = Object.entries(pages).map(([address, { deps }]) => [
    address,
    deps.filter((file) => file.endsWith('.js')).map(numberOf),
  ]);
  return { files, pages: Object.fromEntries(byAddress) };
}

/** Bundles the boot script into one file with no imports, with the app's and pages' code written in. */
async function bundleBoot(
  root: string,
  app: AppCode,
  pages: Record<string, PageCode>,
  routeCodeFile: string,
): Promise<string> {
  const output = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    define: {
      __APP_CODE__: JSON.stringify(app),
      __PAGE_CODE__: JSON.stringify(pages),
      __ROUTE_CODE__: JSON.stringify(`/${routeCodeFile}`),
    },
    build: {
      write: false,
      emptyOutDir: false,
      modulePreload: false,
      rolldownOptions: { input: path.resolve(root, BOOT_SOURCE) },
    },
  });
  const [result] = Array.isArray(output) ? output : [output];
  const chunk = result && 'output' in result ? result.output[0] : undefined;
  if (!chunk || chunk.type !== 'chunk' || chunk.imports.length > 0) {
    throw new Error('the boot script must bundle into one chunk without imports');
  }
  return chunk.code;
}

/** A short hash of a built file's content, for its name. */
function contentHash(source: string): string {
  return createHash('sha256').update(source).digest('base64url').slice(0, 8);
}

/**
 * Builds the boot script on its own (so it never waits for the app's chunks) and puts it right
 * after the title of index.html as an async module: it runs as soon as it has arrived.
 */
export function bootScript(): Plugin {
  let root = process.cwd();
  let bootFile = '';
  const tag = (src: string) => `<script type="module" async crossorigin src="${src}"></script>`;
  return {
    name: 'boot-script',
    config(_config, { command }) {
      // The dev server serves the source: no built page code to start.
      return command === 'serve'
        ? { define: { __APP_CODE__: 'null', __PAGE_CODE__: '{}', __ROUTE_CODE__: 'null' } }
        : undefined;
    },
    configResolved(config) {
      root = config.root;
    },
    generateBundle: {
      order: 'pre',
      async handler(_options, bundle) {
        // Every page's, for the server to name in a page it renders (the boot script carries
        // only the pages it starts before the server's answer is known).
        const everyPage = pageCode(
          bundle,
          root,
          new Map([...readPageModules(root)].map(([id, source]) => [PAGES[id].path, source])),
        );
        this.emitFile({
          type: 'asset',
          fileName: PAGE_CODE_FILE,
          source: JSON.stringify(everyPage, null, 2),
        });
        const routeCodeSource = JSON.stringify(routeCode(everyPage));
        const routeCodeFile = `assets/route-code-${contentHash(routeCodeSource)}.json`;
        this.emitFile({ type: 'asset', fileName: routeCodeFile, source: routeCodeSource });
        const code = await bundleBoot(
          root,
          appCode(bundle, root),
          pageCode(bundle, root, firstLoadPages(root)),
          routeCodeFile,
        );
        bootFile = `assets/boot-${contentHash(code)}.js`;
        this.emitFile({ type: 'asset', fileName: bootFile, source: code });
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const src = context.bundle ? `/${bootFile}` : `/${BOOT_SOURCE}`;
        return html.replace('</title>', `</title>\n    ${tag(src)}`);
      },
    },
  };
}
