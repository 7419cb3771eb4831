import { createHash } from 'node:crypto';
import path from 'node:path';
import { build, type Plugin, type Rolldown } from 'vite';
import { firstLoadPages } from './page-modules.ts';

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
 * What the boot script starts for one page: its route module's chunk, and the chunks and style
 * sheets that chunk needs beyond those index.html loads anyway.
 */
export interface PageCode {
  code: string;
  deps: string[];
}

/** The code of each page the boot script starts early, by address. */
function pageCode(bundle: Bundle, root: string): Record<string, PageCode> {
  const chunks = Object.values(bundle).filter((chunk) => chunk.type === 'chunk');
  const entry = new Set<string>();
  chunks
    .filter((chunk) => chunk.isEntry)
    .forEach((chunk) => staticClosure(bundle, chunk.fileName, entry));
  return Object.fromEntries(
    [...firstLoadPages(root)].map(([address, source]) => {
      const page = chunks.find((chunk) => chunk.facadeModuleId === source);
      if (!page) throw new Error(`no chunk for the page module ${source}`);
      const deps = [...staticClosure(bundle, page.fileName)].filter(
        (file) => file !== page.fileName && !entry.has(file),
      );
      return [address, { code: page.fileName, deps }];
    }),
  );
}

/**
 * The app's entry chunk and the chunks it imports statically (index.html's module script and
 * preload links): what the boot script starts itself, after the first paint, on a page the server
 * rendered (docs/decisions/0050-first-paint-before-code.md).
 */
function appCode(bundle: Bundle): PageCode {
  const entry = Object.values(bundle).find((chunk) => chunk.type === 'chunk' && chunk.isEntry);
  if (!entry) throw new Error('the build has no entry chunk');
  const deps = [...staticClosure(bundle, entry.fileName)].filter(
    (file) => file !== entry.fileName && file.endsWith('.js'),
  );
  return { code: entry.fileName, deps };
}

/** Bundles the boot script into one file with no imports, with the app's and pages' code written in. */
async function bundleBoot(
  root: string,
  app: PageCode,
  pages: Record<string, PageCode>,
): Promise<string> {
  const output = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    define: { __APP_CODE__: JSON.stringify(app), __PAGE_CODE__: JSON.stringify(pages) },
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
        ? { define: { __APP_CODE__: 'null', __PAGE_CODE__: '{}' } }
        : undefined;
    },
    configResolved(config) {
      root = config.root;
    },
    generateBundle: {
      order: 'pre',
      async handler(_options, bundle) {
        const code = await bundleBoot(root, appCode(bundle), pageCode(bundle, root));
        const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8);
        bootFile = `assets/boot-${hash}.js`;
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
