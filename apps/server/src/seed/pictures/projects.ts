import type { DistrictCode } from '@portal/shared/constants/districts';
import type { ObjectStorage } from '../../integrations/storage/index';
import { DISTRICT_SHORT } from '../names';
import type { CityPlan, PlannedProject } from '../project-plan';
import { createRng } from '../random';
import type { CityLayout } from '../rooms';
import { amenityMapSvg, nearbyAmenities } from './amenities';
import { facadeSvg, sitePlanSvg, type ArtBuilding } from './facades';
import { floorPlanSvg } from './floor-plans';
import { interiorLabel, interiorSvg, type InteriorKind } from './interiors';
import { putSvgs, type SvgFile } from './put-svgs';

/** The drawings of one project, as object keys. */
export interface ProjectPictures {
  cover: string;
  /** Album groups (effect, sand, mating, sample); no 实景图: a drawing is never a photo. */
  albums: Record<'effect' | 'sand' | 'mating' | 'sample', string[]>;
}

export interface CityPictures {
  byProject: Map<number, ProjectPictures>;
  /** Floor plan of each house model, by model id. */
  planByModel: Map<number, string>;
}

const COASTAL = new Set<DistrictCode>(['HGQ', 'BDH', 'SHG', 'BDHXQ', 'CL']);
/** Sample-flat rooms drawn for the largest model and the next one. */
const SAMPLE_ROOMS: InteriorKind[][] = [
  ['living', 'bedroom'],
  ['living', 'kitchen'],
];

/** Each project's buildings with their floors, unit counts and purpose, in building order. */
function buildingsByProject(layout: CityLayout): Map<number, ArtBuilding[]> {
  const units = new Map<number, number>();
  for (const unit of layout.units)
    units.set(unit.buildingId, (units.get(unit.buildingId) ?? 0) + 1);
  const purpose = new Map<number, string>();
  for (const room of layout.rooms)
    if (!purpose.has(room.buildingId)) purpose.set(room.buildingId, room.housePurpose);
  const result = new Map<number, ArtBuilding[]>();
  for (const b of layout.buildings) {
    const list = result.get(b.projectId) ?? [];
    list.push({
      name: b.name,
      floors: b.floors,
      units: units.get(b.id) ?? 1,
      purpose: purpose.get(b.id) ?? '住宅',
    });
    result.set(b.projectId, list);
  }
  return result;
}

/** The drawings of one project: day and dusk views, site plan, amenities, sample-flat rooms. */
function drawProject(project: PlannedProject, buildings: ArtBuilding[], files: SvgFile[]) {
  const rng = createRng(`pictures/project/${project.id}`);
  const art = { ...project, buildings };
  const dir = `seed/projects/${project.id}`;
  const add = (name: string, svg: string) => {
    files.push({ key: `${dir}/${name}`, svg });
    return `${dir}/${name}`;
  };
  const day = add('facade.svg', facadeSvg(rng, art, 'day'));
  const dusk = add('dusk.svg', facadeSvg(rng, art, 'dusk'));
  const sand = add('site-plan.svg', sitePlanSvg(rng, art));
  const amenities = nearbyAmenities(rng, {
    districtShort: DISTRICT_SHORT[project.districtCode],
    road: project.road,
    coastal: COASTAL.has(project.districtCode),
  });
  const mating = add('amenities.svg', amenityMapSvg(rng, project.publishName, amenities));
  const models = [...project.models].sort((a, b) => b.area - a.area).slice(0, 2);
  const sample = models.flatMap((model, m) =>
    (SAMPLE_ROOMS[m] ?? []).map((kind) =>
      add(
        `sample-${model.id}-${kind}.svg`,
        interiorSvg(rng, kind, `${model.name}样板间 · ${interiorLabel(kind)}示意图`),
      ),
    ),
  );
  return { cover: day, albums: { effect: [day, dusk], sand: [sand], mating: [mating], sample } };
}

/**
 * Draws every project's pictures (效果图 by day and dusk from its own buildings, 沙盘 from their
 * positions, 配套 around its address, 样板间 rooms of its largest models) and every model's floor
 * plan from its own rooms, writes them as public SVG objects `seed/projects/…` and
 * `seed/plans/…`, and returns their keys.
 */
export async function writeCityPictures(
  storage: ObjectStorage,
  plan: CityPlan,
  layout: CityLayout,
): Promise<CityPictures> {
  const buildings = buildingsByProject(layout);
  const files: SvgFile[] = [];
  const byProject = new Map<number, ProjectPictures>();
  const planByModel = new Map<number, string>();
  for (const project of plan.projects) {
    byProject.set(project.id, drawProject(project, buildings.get(project.id) ?? [], files));
    for (const model of project.models) {
      const key = `seed/plans/${model.id}.svg`;
      files.push({ key, svg: floorPlanSvg(model) });
      planByModel.set(model.id, key);
    }
  }
  await putSvgs(storage, files);
  return { byProject, planByModel };
}
