import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { paths } from '../src/config/paths.ts';

/** Where the list is written in the build: beside Vite's manifest, never served as a page. */
export const PAGE_STYLES_FILE = '.vite/page-styles.json';

type Bundle = Rolldown.OutputBundle;

/** The style sheets a chunk needs, with those of every chunk it imports statically. */
function styleClosure(bundle: Bundle, fileName: string, seen = new Set<string>()): string[] {
  const chunk = bundle[fileName];
  if (seen.has(fileName) || chunk?.type !== 'chunk') return [];
  seen.add(fileName);
  return [
    ...(chunk.viteMetadata?.importedCss ?? []),
    ...chunk.imports.flatMap((imported) => styleClosure(bundle, imported, seen)),
  ];
}

/**
 * Each page's route module, by address, read from `src/app/route-table.ts`: its entries name the
 * page key and import the module (directly, or through a `const load… = () => import(…)`).
 */
function routeModules(root: string): Map<string, string> {
  const table = readFileSync(path.resolve(root, 'src/app/route-table.ts'), 'utf8');
  const named = new Map(
    [...table.matchAll(/const (\w+) = \(\) => import\('([^']+)'\)/g)].map((m) => [m[1], m[2]]),
  );
  const modules = new Map<string, string>();
  const entry = /key: '(\w+)',\s*layout: '\w+',\s*load: (?:\(\) => import\('([^']+)'\)|(\w+))/g;
  for (const [, key, direct, viaName] of table.matchAll(entry)) {
    const source = direct ?? (viaName ? named.get(viaName) : undefined);
    const route = (paths as Record<string, { path: string } | undefined>)[key ?? ''];
    if (source && route) modules.set(route.path, path.resolve(root, 'src/app', `${source}.tsx`));
  }
  return modules;
}

/**
 * Writes, for every page of the route table, the style sheets its route module loads beyond
 * those index.html links: the server links them into a page it renders, so the first paint is
 * styled before the page's code runs (docs/decisions/0048-server-rendered-public-pages.md).
 */
export function pageStyles(): Plugin {
  let root = process.cwd();
  return {
    name: 'page-styles',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((chunk) => chunk.type === 'chunk');
      const entryStyles = new Set(
        chunks.filter((chunk) => chunk.isEntry).flatMap((c) => styleClosure(bundle, c.fileName)),
      );
      const styles: Record<string, string[]> = {};
      for (const [address, source] of routeModules(root)) {
        const page = chunks.find((chunk) => chunk.facadeModuleId === source);
        if (!page) continue;
        const own = styleClosure(bundle, page.fileName).filter((file) => !entryStyles.has(file));
        styles[address] = [...new Set(own)];
      }
      this.emitFile({
        type: 'asset',
        fileName: PAGE_STYLES_FILE,
        source: JSON.stringify(styles, null, 2),
      });
    },
  };
}
