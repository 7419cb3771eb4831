import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The server's source folder, `apps/server/src`. */
export const SRC = path.resolve(__dirname, '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/**
 * Every TypeScript file of the server's source, tests and migrations aside, named by its path
 * under `src` with forward slashes (`modules/building-table/room-state.ts`).
 */
export function serverSource(): { name: string; text: string }[] {
  return sourceFiles(SRC).map((file) => ({
    name: path.relative(SRC, file).split(path.sep).join('/'),
    text: readFileSync(file, 'utf8'),
  }));
}

/** Files allowed to write fixtures: the demo city's seed and tests' helpers. */
export const isFixture = (name: string) =>
  name.startsWith('seed/') || name.endsWith('-test-helpers.ts');

/**
 * Comments out: a doc comment saying "insert into" proves nothing. Only comments that start a
 * line, so that a string such as 'image/*' is never taken for one.
 */
export function withoutComments(text: string): string {
  return text.replace(/^[ \t]*\/\*[\s\S]*?\*\//gm, '').replace(/^[ \t]*\/\/.*$/gm, '');
}
