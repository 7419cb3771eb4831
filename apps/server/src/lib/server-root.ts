import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The nearest folder at or above `start` that holds a package.json. */
function packageFolderOf(start: string): string {
  let folder = start;
  while (!existsSync(path.join(folder, 'package.json'))) {
    const parent = path.dirname(folder);
    if (parent === folder) throw new Error(`no package.json above ${start}`);
    folder = parent;
  }
  return folder;
}

/**
 * The server package folder (apps/server). Found by walking up from this module because the
 * code runs from two places: its sources under src/ (tests, `npm run dev`, the CLIs) and the
 * compiled bundle apps/server/dist/server.js (`npm start`, docs/decisions/0025-compiled-server.md).
 */
export const SERVER_ROOT = packageFolderOf(path.dirname(fileURLToPath(import.meta.url)));
