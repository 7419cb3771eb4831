import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isPublicListing, toCards } from '../listings/index';
import { secondHandListings } from '../listings/tables';
import { isPublicProject } from '../projects/index';
import { companies, districts, houseModels, licences, projects } from '../projects/tables';

/**
 * The published ones among the projects asked (with developer and district), their house models'
 * bedrooms and areas, and their pre-sale licences in issue order.
 */
export async function readComparedProjects(db: Db, ids: number[]) {
  const [found, models, licenceRows] = await Promise.all([
    db
      .select({ project: projects, companyName: companies.name, districtName: districts.name })
      .from(projects)
      .leftJoin(companies, eq(companies.id, projects.companyId))
      .innerJoin(districts, eq(districts.code, projects.districtCode))
      .where(and(inArray(projects.id, ids), isPublicProject())),
    db
      .select({
        projectId: houseModels.projectId,
        bedroom: houseModels.bedroom,
        area: houseModels.area,
      })
      .from(houseModels)
      .where(inArray(houseModels.projectId, ids)),
    db
      .select({ projectId: licences.projectId, licenceNo: licences.licenceNo })
      .from(licences)
      .where(inArray(licences.projectId, ids))
      .orderBy(asc(licences.issueDate), asc(licences.id)),
  ]);
  return { found, models, licenceRows };
}

/** The published ones among the listings asked, as list cards. */
export async function readComparedListings(db: Db, ids: number[]) {
  const found = await db
    .select()
    .from(secondHandListings)
    .where(and(inArray(secondHandListings.id, ids), isPublicListing()));
  return toCards(db, found);
}
