import { readFileSync } from 'node:fs';
import path from 'node:path';
// By its file, not `@portal/shared/pages`: Vite loads the bare imports of its config with Node,
// which does not read TypeScript.
import {
  EARLY_READ_PAGE_IDS,
  PAGE_IDS,
  type PageId,
  PAGES,
} from '../../../packages/shared/src/pages.ts';

/** The route table (`src/app/route-table.ts`): each page's layout and code, by page id. */
export const ROUTE_TABLE = 'src/app/route-table.ts';

/**
 * Each page's route module (an absolute file), by page id in the route table's order, read from
 * the table: an entry is `id: { layout: '…', load: () => import('./…') }`, or names its loader,
 * declared as `const load… = () => import('./…')`. Fails when a page of the page table has no
 * entry of that form, so the build never leaves a page out unseen.
 */
export function readPageModules(root: string): Map<PageId, string> {
  const table = readFileSync(path.resolve(root, ROUTE_TABLE), 'utf8');
  const named = new Map(
    [...table.matchAll(/const (\w+) = \(\) => import\('([^']+)'\)/g)].map((m) => [m[1], m[2]]),
  );
  const found = new Map<string, string>();
  const entry = /(\w+): \{\s*layout: '\w+',\s*load: (?:\(\)\s*=>\s*import\('([^']+)'\)|(\w+))/g;
  for (const [, key, direct, viaName] of table.matchAll(entry)) {
    const source = direct ?? (viaName ? named.get(viaName) : undefined);
    if (key && source) found.set(key, path.resolve(root, 'src/app', `${source}.tsx`));
  }
  for (const id of PAGE_IDS) {
    if (!found.has(id)) throw new Error(`${ROUTE_TABLE} has no entry the build can read for ${id}`);
  }
  return found as Map<PageId, string>;
}

/**
 * The pages the boot script starts early (the page table's `EARLY_READ_PAGE_IDS`), by address in
 * the route table's order, each with its route module as the route table loads it.
 */
export function firstLoadPages(root: string): Map<string, string> {
  const early = new Set<PageId>(EARLY_READ_PAGE_IDS);
  const pages = new Map<string, string>();
  for (const [id, source] of readPageModules(root)) {
    if (early.has(id)) pages.set(PAGES[id].path, source);
  }
  return pages;
}
