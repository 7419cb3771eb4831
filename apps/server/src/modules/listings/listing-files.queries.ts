import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listingPictures } from '../../db/schema/index';

/** Which of these picture paths a listing still holds. */
export async function heldPicturePaths(db: Db, paths: string[]): Promise<Set<string>> {
  const stillHeld = await db
    .select({ path: listingPictures.path })
    .from(listingPictures)
    .where(inArray(listingPictures.path, paths));
  return new Set(stillHeld.map((row) => row.path));
}
