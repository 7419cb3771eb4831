import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { districts, projects } from '../../db/schema/index';
import { isPublicProject } from './tables';

/*
 * The published projects as the page heads and the sitemap see them (modules/seo): the projects
 * module says which projects are public, the pages only describe them.
 */

/** What a published project's page head says of it; null when it is missing or unpublished. */
export async function findPublishedProjectHead(db: Db, id: number) {
  const [row] = await db
    .select({
      publishName: projects.publishName,
      projectAddress: projects.projectAddress,
      districtName: districts.name,
      platformPrice: projects.platformPrice,
      coverPath: projects.coverPath,
      statusText: projects.statusText,
      houseTypeStr: projects.houseTypeStr,
      buildTypeStr: projects.buildTypeStr,
    })
    .from(projects)
    .leftJoin(districts, eq(districts.code, projects.districtCode))
    .where(and(eq(projects.id, id), isPublicProject()));
  return row ?? null;
}

/** Every published project with its last change, by id. */
export async function listPublishedProjectStamps(
  db: Db,
): Promise<Array<{ id: number; updatedAt: Date }>> {
  return db
    .select({ id: projects.id, updatedAt: projects.updatedAt })
    .from(projects)
    .where(isPublicProject())
    .orderBy(asc(projects.id));
}
