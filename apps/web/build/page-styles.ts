import type { Plugin, Rolldown } from 'vite';
import { PAGES } from '../../../packages/shared/src/pages.ts';
import { readPageModules } from './page-modules.ts';

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
      for (const [id, source] of readPageModules(root)) {
        const page = chunks.find((chunk) => chunk.facadeModuleId === source);
        if (!page) continue;
        const own = styleClosure(bundle, page.fileName).filter((file) => !entryStyles.has(file));
        styles[PAGES[id].path] = [...new Set(own)];
      }
      this.emitFile({
        type: 'asset',
        fileName: PAGE_STYLES_FILE,
        source: JSON.stringify(styles, null, 2),
      });
    },
  };
}
