import { DISTRICT_NAME } from '@portal/shared/constants/districts';
import { formatBedrooms } from '@portal/shared/format';
import { PROJECT_STATUS } from '@portal/shared/status';
import { bigramTsVector } from '../db/bigrams';
import { attachments, companies, houseModels, projects, projectTags } from '../db/schema/index';
import { addDays, beijingDate, type SeedContext } from './context';
import { insertRows } from './database';
import { landline, personName, propertyCompanyName, roadName } from './names';
import type { CityPictures } from './pictures/index';
import type { CityPlan, PlannedModel, PlannedProject } from './project-plan';
import type { Rng } from './random';
import type { SeededTags } from './reference';
import { planLayoutRooms } from './room-shapes';
import type { CityLayout } from './rooms';

/** The trade-in terms of a 以旧换新 project (also quoted in its project news). */
export const TRADEIN_CONTENT =
  '购房人出售本人名下二手住房后12个月内购买本项目新建商品住房的，可享受购房款1%的财政补贴，开发企业另行让利每套2万元；参与以旧换新的二手房由合作经纪机构优先推荐成交。具体以签约时政策为准。';

/** Notes on a model's layout, each true only of models its test accepts (as its plan shows). */
const MODEL_NOTES: Array<[string, (model: PlannedModel) => boolean]> = [
  ['南北通透，动静分区，采光充足', (m) => m.bedroom >= 2],
  ['客厅连通阳台，视野开阔', () => true],
  ['主卧带独立卫生间，私密舒适', (m) => m.toilet >= 2],
  ['方正格局，得房率高', () => true],
  ['餐客一体，空间利用率高', (m) => m.hall === 1],
  ['餐厅客厅分设，会客用餐互不打扰', (m) => m.hall >= 2],
];

/** Picks the three group-buy projects (docs/product/new-build.md): first on-sale project of HGQ, KFQ, BDH. */
function groupBuyIds(plan: CityPlan): number[] {
  const onSale = plan.projects.filter(
    (p) => p.publishStatus === PROJECT_STATUS.PUBLISHED && p.statusText === '在售',
  );
  const chosen: number[] = [];
  for (const code of ['HGQ', 'KFQ', 'BDH']) {
    const project = onSale.find((p) => p.districtCode === code && !chosen.includes(p.id));
    if (project) chosen.push(project.id);
  }
  for (const project of onSale)
    if (chosen.length < 3 && !chosen.includes(project.id)) chosen.push(project.id);
  return chosen;
}

function buildTypeText(project: PlannedProject): string {
  return project.buildKind === 'tower'
    ? '高层'
    : project.buildKind === 'mixed'
      ? '小高层、高层'
      : '洋房、小高层';
}

/** Characteristic tags that state a project fact: each follows its fact and nothing else. */
const FACT_TAGS = new Set(['以旧换新', '精装交付', '低密洋房', '刚需首选', '现房销售']);

/** Tags that may be chosen only where they are true. */
const ELIGIBLE: Record<string, (project: PlannedProject) => boolean> = {
  近海景观: (p) => ['HGQ', 'BDH', 'SHG', 'BDHXQ', 'CL'].includes(p.districtCode),
  低总价: (p) => p.platformPrice < 9000,
  改善户型: (p) => p.models.some((m) => m.bedroom >= 3),
};

/** A project's characteristic tags: two or three chosen ones, plus the tags its facts earn. */
function projectTagNames(
  rng: Rng,
  project: PlannedProject,
  tags: SeededTags,
  now: Date,
): Set<string> {
  const chosen = tags.characteristic.filter(
    (t) => !FACT_TAGS.has(t.name) && (ELIGIBLE[t.name]?.(project) ?? true),
  );
  const wanted = new Set(rng.sample(chosen, rng.int(2, 3)).map((t) => t.name));
  if (project.tradein) wanted.add('以旧换新');
  if (project.decoration === '精装') wanted.add('精装交付');
  if (project.buildKind === 'low') wanted.add('低密洋房');
  if (project.platformPrice < 8000) wanted.add('刚需首选');
  if (project.completionDate.getTime() <= now.getTime()) wanted.add('现房销售');
  return wanted;
}

/**
 * Writes developers, projects (with search bigrams), characteristic tags, unit models with their
 * own floor plans and the projects' drawn albums. Returns the ids of the three group-buy projects.
 */
export async function seedProjects(
  ctx: SeedContext,
  plan: CityPlan,
  layout: CityLayout,
  tags: SeededTags,
  pictures: CityPictures,
): Promise<{ groupBuyIds: number[] }> {
  const rng = ctx.rng('project-details');
  await insertRows(
    ctx.db,
    companies,
    plan.companyNames.map((name, index) => ({
      id: index + 1,
      name,
      qualificationLevel: rng.weighted([
        ['一级', 2],
        ['二级', 5],
        ['三级', 2],
        ['暂定', 1],
      ]),
      qualificationNum: `冀建房开字第${2015 + rng.int(0, 10)}-${String(rng.int(1, 999)).padStart(4, '0')}号`,
      legalPerson: personName(rng, rng.chance(0.7)),
      contact: landline(rng),
      address: `${DISTRICT_NAME.HGQ}${roadName(rng, 'HGQ')}${rng.int(1, 300)}号`,
      createdAt: addDays(ctx.now, -rng.int(900, 3000)),
    })),
  );

  const groupBuy = groupBuyIds(plan);
  const projectRows: Array<typeof projects.$inferInsert> = [];
  const tagRows: Array<typeof projectTags.$inferInsert> = [];
  const modelRows: Array<typeof houseModels.$inferInsert> = [];
  const attachmentRows: Array<typeof attachments.$inferInsert> = [];
  for (const project of plan.projects) {
    const houseCount = layout.roomsByProject.get(project.id)?.length ?? 0;
    const developer = plan.companyNames[project.companyIndex] as string;
    const drawn = pictures.byProject.get(project.id);
    const volume =
      project.buildKind === 'tower'
        ? rng.real(2.8, 3.5)
        : project.buildKind === 'mixed'
          ? rng.real(2.0, 2.8)
          : rng.real(1.1, 1.6);
    const coverArea = Math.round(houseCount * rng.real(25, 45));
    const otherRoad = roadName(rng, project.districtCode);
    const bedrooms = [...new Set(project.models.map((m) => m.bedroom))];
    projectRows.push({
      id: project.id,
      publishName: project.publishName,
      projectName: project.projectName,
      coverPath: drawn?.cover ?? null,
      districtCode: project.districtCode,
      projectAddress: project.address,
      lng: project.lng,
      lat: project.lat,
      platformPrice: project.platformPrice,
      currentPrice: project.currentPrice,
      publishPrice: project.publishPrice,
      publishStatus: project.publishStatus,
      publishedAt:
        project.publishStatus === PROJECT_STATUS.PUBLISHED ? addDays(project.openDate, -30) : null,
      properties: project.properties,
      lastOpenDate: beijingDate(project.openDate),
      completionDate: beijingDate(project.completionDate),
      statusText: project.statusText,
      buildTypeStr: buildTypeText(project),
      decorateStr: project.decoration,
      houseTypeStr: bedrooms.map(formatBedrooms).join('、'),
      volumeFraction: Math.round(volume * 100) / 100,
      coverArea,
      greenCoverage: Math.round(rng.real(30, 42) * 10) / 10,
      area: Math.round(coverArea * volume),
      houseCount,
      salesCenter: `${DISTRICT_NAME[project.districtCode]}${project.road}与${otherRoad}交叉口${rng.pick(['东北', '东南', '西北', '西南'])}角`,
      companyId: project.companyIndex + 1,
      propertyManagementCompany: propertyCompanyName(rng),
      propertyManagementFee: Math.round(rng.real(1.2, 3.2) * 10) / 10,
      parkingLotCount: Math.round(houseCount * rng.real(0.8, 1.3)),
      contact: landline(rng),
      repairsContact: landline(rng),
      newsContact: landline(rng),
      // No seeded VR tours: the VR card appears only for a real tour link (docs/product/labels.md).
      vrLink: null,
      tradein: project.tradein,
      tradeinContent: project.tradein ? TRADEIN_CONTENT : null,
      groupBuy: groupBuy.includes(project.id),
      depositAmount: project.depositAmount,
      collectNumber: rng.int(12, 900),
      recommended: rng.chance(0.3),
      searchBigrams: bigramTsVector(
        project.publishName,
        project.projectName,
        project.address,
        DISTRICT_NAME[project.districtCode],
        developer,
      ),
      createdAt: addDays(project.openDate, -60),
      updatedAt: addDays(project.openDate, -30),
    });

    const wanted = projectTagNames(rng, project, tags, ctx.now);
    for (const tag of tags.characteristic)
      if (wanted.has(tag.name)) tagRows.push({ projectId: project.id, tagId: tag.id });

    project.models.forEach((model, index) => {
      modelRows.push({
        id: model.id,
        projectId: project.id,
        bedroom: model.bedroom,
        houseType: `${model.name} ${model.layout}`,
        area: model.area,
        value: Math.round((model.area * project.platformPrice) / 100) * 100,
        picturePath: pictures.planByModel.get(model.id) ?? null,
        description: rng.pick(MODEL_NOTES.filter(([, fits]) => fits(model)))[0],
        layoutRooms: planLayoutRooms(model),
        sort: index + 1,
      });
    });

    for (const [group, paths] of Object.entries(drawn?.albums ?? {})) {
      paths.forEach((path, sort) =>
        attachmentRows.push({
          ownerType: 'project',
          ownerId: project.id,
          group,
          path,
          originalName: path.slice(path.lastIndexOf('/') + 1),
          sort,
          createdAt: addDays(project.openDate, -30),
        }),
      );
    }
  }
  await insertRows(ctx.db, projects, projectRows);
  await insertRows(ctx.db, projectTags, tagRows);
  await insertRows(ctx.db, houseModels, modelRows);
  await insertRows(ctx.db, attachments, attachmentRows);
  ctx.log(
    `projects: ${projectRows.length} projects, ${plan.companyNames.length} developers, ${modelRows.length} models, ${attachmentRows.length} album pictures`,
  );
  return { groupBuyIds: groupBuy };
}
