import type {
  Banner,
  HomeProjectsQuery,
  Merchant,
  ProjectCard,
  Tag,
} from '@portal/shared/schemas/home';
import { and, asc, desc, eq, exists, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { banners } from '../news/tables';
import { isPublicProject, projects, projectTags, tags } from '../projects/tables';
import { merchants } from '../site/tables';
import { PROJECT_CARD_COLUMNS, toProjectCards } from './project-cards.queries';

/** Banner positions: the home top carousel and the ad content list. */
export type BannerPosition = 'home_banner' | 'ad';

/** Enabled banners of one position in their configured order. */
export async function listBanners(db: Db, position: BannerPosition): Promise<Banner[]> {
  const rows = await db
    .select()
    .from(banners)
    .where(and(eq(banners.position, position), eq(banners.enabled, true)))
    .orderBy(asc(banners.sort), asc(banners.id));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    attachments: [{ path: row.imagePath }],
    link: row.link,
  }));
}

/** Tags of one type (5 characteristic, 6 sale, 7 rent) in their configured order. */
export async function listTags(db: Db, tagType: number): Promise<Tag[]> {
  return db
    .select({ id: tags.id, tagName: tags.tagName })
    .from(tags)
    .where(eq(tags.tagType, tagType))
    .orderBy(asc(tags.sort), asc(tags.id));
}

/**
 * Published projects for the home blocks: those carrying a characteristic tag, or those of a
 * district (none = all); group-buy projects first (so their offer is seen on the home page), then
 * recommended ones, then the most recently published; `size` cards.
 */
export async function listHomeProjects(db: Db, query: HomeProjectsQuery): Promise<ProjectCard[]> {
  const conditions: Array<SQL | undefined> = [isPublicProject()];
  if (query.areaCode) conditions.push(eq(projects.districtCode, query.areaCode));
  if (query.characteristicId !== undefined) {
    conditions.push(
      exists(
        db
          .select({ one: projectTags.tagId })
          .from(projectTags)
          .where(
            and(
              eq(projectTags.projectId, projects.id),
              eq(projectTags.tagId, query.characteristicId),
            ),
          ),
      ),
    );
  }
  const rows = await db
    .select(PROJECT_CARD_COLUMNS)
    .from(projects)
    .where(and(...conditions))
    .orderBy(
      desc(projects.groupBuy),
      desc(projects.recommended),
      desc(projects.publishedAt),
      asc(projects.id),
    )
    .limit(query.size);
  return toProjectCards(db, rows);
}

/** Operator-recommended published projects, most followed first (article side list). */
export async function listFeaturedProjects(db: Db, limit: number): Promise<ProjectCard[]> {
  const rows = await db
    .select(PROJECT_CARD_COLUMNS)
    .from(projects)
    .where(and(isPublicProject(), eq(projects.recommended, true)))
    .orderBy(desc(projects.collectNumber), asc(projects.id))
    .limit(limit);
  return toProjectCards(db, rows);
}

/** Trade-in merchants of /buildingmaterials in their configured order; contacts stay private. */
export async function listMerchants(db: Db): Promise<Merchant[]> {
  const rows = await db.select().from(merchants).orderBy(asc(merchants.sort), asc(merchants.id));
  return rows.map((row) => ({
    id: row.id,
    imgurl: row.imagePath,
    title: row.title,
    text: row.address,
    text2: row.businessArea,
    category: row.category,
  }));
}
