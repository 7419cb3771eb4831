import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { districts, tags } from '../projects/tables';

/** Whether a district code is one of the city's districts. */
export async function districtExists(db: Db, code: string): Promise<boolean> {
  const [district] = await db
    .select({ code: districts.code })
    .from(districts)
    .where(eq(districts.code, code));
  return district !== undefined;
}

/** The tags among these ids, each with its tag type. */
export async function tagTypesOf(db: Db, ids: number[]) {
  return db.select({ id: tags.id, tagType: tags.tagType }).from(tags).where(inArray(tags.id, ids));
}
