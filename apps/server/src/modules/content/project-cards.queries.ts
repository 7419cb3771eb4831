import { TAG_TYPE_CHARACTERISTIC } from '@portal/shared/constants/news';
import { PROJECT_PURPOSES } from '@portal/shared/constants/project-filters';
import type { ProjectCard } from '@portal/shared/schemas/home';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { projects, projectTags, tags } from '../projects/tables';

/** The project columns a card needs. */
export const PROJECT_CARD_COLUMNS = {
  id: projects.id,
  publishName: projects.publishName,
  projectName: projects.projectName,
  coverPath: projects.coverPath,
  districtCode: projects.districtCode,
  projectAddress: projects.projectAddress,
  platformPrice: projects.platformPrice,
  currentPrice: projects.currentPrice,
  properties: projects.properties,
  statusText: projects.statusText,
  groupBuy: projects.groupBuy,
};

export interface ProjectCardRow {
  id: number;
  publishName: string;
  projectName: string;
  coverPath: string | null;
  districtCode: string;
  projectAddress: string;
  platformPrice: number;
  currentPrice: number;
  properties: number[];
  statusText: string | null;
  groupBuy: boolean;
}

const PURPOSE_LABEL = new Map<string, string>(PROJECT_PURPOSES.map((p) => [p.code, p.label]));

/** Purpose codes in words joined with 、 (e.g. 住宅、商业). */
export function propertiesText(codes: readonly number[]): string {
  return codes
    .map((code) => PURPOSE_LABEL.get(String(code)))
    .filter(Boolean)
    .join('、');
}

/** Turns card rows into API cards with their characteristic tags, keeping the row order. */
export async function toProjectCards(db: Db, rows: ProjectCardRow[]): Promise<ProjectCard[]> {
  if (rows.length === 0) return [];
  const tagRows = await db
    .select({ projectId: projectTags.projectId, id: tags.id, tagName: tags.tagName })
    .from(projectTags)
    .innerJoin(tags, eq(tags.id, projectTags.tagId))
    .where(
      and(
        inArray(
          projectTags.projectId,
          rows.map((row) => row.id),
        ),
        eq(tags.tagType, TAG_TYPE_CHARACTERISTIC),
      ),
    )
    .orderBy(asc(tags.sort), asc(tags.id));
  const byProject = new Map<number, Array<{ id: number; tagName: string }>>();
  for (const tag of tagRows) {
    const list = byProject.get(tag.projectId) ?? [];
    list.push({ id: tag.id, tagName: tag.tagName });
    byProject.set(tag.projectId, list);
  }
  return rows.map((row) => ({
    id: row.id,
    publishName: row.publishName,
    projectName: row.projectName,
    coverUrl: row.coverPath,
    districtCode: row.districtCode,
    projectAddress: row.projectAddress,
    platformPrice: row.platformPrice,
    currentPrice: row.currentPrice,
    propertiesStr: propertiesText(row.properties),
    statusText: row.statusText,
    groupBuy: row.groupBuy,
    tagList: byProject.get(row.id) ?? [],
  }));
}
