import type { PlannedModel, PlannedProject } from './project-plan';
import type { Rng } from './random';

/** Shape of one building: floors, units, rooms per unit and floor, and what it is for. */
export interface BuildingSpec {
  floors: number;
  unitCount: number;
  perFloor: number;
  purpose: '住宅' | '商业' | '公寓' | '办公';
}

/** The buildings of a project: towers, mid-rise or low-rise by kind, plus shops, flats or offices. */
export function buildingSpecs(rng: Rng, project: PlannedProject, urban: boolean): BuildingSpec[] {
  const specs: BuildingSpec[] = [];
  const apartmentsOnly = project.properties.length === 1 && project.properties[0] === 1;
  const kind = project.buildKind;
  const count = kind === 'tower' ? rng.int(2, 5) : kind === 'mixed' ? rng.int(3, 5) : rng.int(3, 6);
  for (let i = 0; i < (urban ? count : Math.max(2, count - 1)); i += 1) {
    const floors =
      kind === 'tower'
        ? rng.pick([26, 30, 32, 33, 33])
        : kind === 'mixed'
          ? rng.pick([11, 15, 18, 18, 26])
          : rng.pick([6, 7, 9, 11]);
    specs.push({
      floors,
      unitCount: rng.chance(0.65) ? 2 : 3,
      perFloor: apartmentsOnly ? rng.int(4, 6) : rng.chance(0.2) ? 3 : 2,
      purpose: apartmentsOnly ? '公寓' : '住宅',
    });
  }
  if (project.properties.includes(2) || project.properties.includes(6)) {
    specs.push({ floors: rng.int(2, 3), unitCount: 1, perFloor: rng.int(4, 6), purpose: '商业' });
  }
  if (project.properties.includes(1) && !apartmentsOnly) {
    specs.push({
      floors: rng.pick([18, 22, 26]),
      unitCount: 1,
      perFloor: rng.int(4, 6),
      purpose: '公寓',
    });
  }
  if (project.properties.includes(3)) {
    specs.push({ floors: rng.int(12, 20), unitCount: 1, perFloor: rng.int(4, 6), purpose: '办公' });
  }
  return specs;
}

/** Price factor of a floor: ground and top floors cheaper, higher floors dearer. */
export function floorFactor(floor: number, floors: number): number {
  if (floor === 1) return 0.94;
  if (floor === floors && floors > 6) return 0.97;
  if (floor <= 3) return 0.97;
  return 1 + (0.06 * floor) / floors;
}

/** Area (㎡), layout text, model and price factor of one room position. */
export function roomShape(
  rng: Rng,
  spec: BuildingSpec,
  models: PlannedModel[],
  pair: [PlannedModel, PlannedModel],
  position: number,
): { area: number; roomType: string; modelId: number | null; priceFactor: number } {
  const jitter = () => Math.round(rng.real(-1.2, 1.2) * 100) / 100;
  if (spec.purpose === '商业')
    return {
      area: Math.round(rng.real(40, 160) * 100) / 100,
      roomType: '商铺',
      modelId: null,
      priceFactor: 1.8,
    };
  if (spec.purpose === '办公')
    return {
      area: Math.round(rng.real(80, 220) * 100) / 100,
      roomType: '办公',
      modelId: null,
      priceFactor: 0.9,
    };
  if (spec.purpose === '公寓') {
    const ones = models.filter((m) => m.bedroom === 1);
    const studio = ones[(position - 1) % Math.max(1, ones.length)];
    return {
      area: studio
        ? Math.round((studio.area + jitter()) * 100) / 100
        : Math.round(rng.real(38, 62) * 100) / 100,
      roomType: studio?.layout ?? '一室一厅一卫',
      modelId: studio?.id ?? null,
      priceFactor: 0.85,
    };
  }
  const end = spec.perFloor === 2 ? position === 1 : position === 1 || position === spec.perFloor;
  const model = end ? pair[1] : pair[0];
  return {
    area: Math.round((model.area + jitter()) * 100) / 100,
    roomType: model.layout,
    modelId: model.id,
    priceFactor: end ? 1.01 : 1,
  };
}

/**
 * 朝向 of a room position (a house_direction code): flats at the ends of a two- or three-flat slab
 * run through 南北, the middle one faces 南; towers of 26 floors and more turn their two flats
 * 东南 and 西南; apartments alternate 南 and 北 with 东 and 西 at the ends; shops and offices
 * have none (docs/product/new-build.md).
 */
export function roomOrientation(spec: BuildingSpec, position: number): string | null {
  if (spec.purpose === '商业' || spec.purpose === '办公') return null;
  const end = position === 1 || position === spec.perFloor;
  if (spec.purpose === '公寓') {
    if (end) return position === 1 ? '1' : '3';
    return position % 2 === 0 ? '2' : '4';
  }
  if (spec.perFloor === 2 && spec.floors >= 26) return position === 1 ? '5' : '7';
  return end ? '9' : '2';
}

/**
 * The rooms of a plan with their usable areas (㎡, together about 78 % of the build area) and
 * 朝向 codes: living room and main bedroom to the south, the kitchen and bathrooms to the north.
 */
export function planLayoutRooms(model: {
  bedroom: number;
  hall: number;
  toilet: number;
  area: number;
}): Array<{ name: string; areaM2: number; facing: string | null }> {
  const usable = model.area * 0.78;
  const parts: Array<[string, number, string]> = [['客厅', model.hall > 0 ? 0.3 : 0, '2']];
  for (let b = 1; b <= model.bedroom; b += 1)
    parts.push([
      b === 1 ? '主卧' : `次卧${model.bedroom > 2 ? b - 1 : ''}`,
      b === 1 ? 0.18 : 0.12,
      b % 2 === 0 ? '4' : '2',
    ]);
  parts.push(['厨房', 0.07, '4']);
  for (let t = 1; t <= model.toilet; t += 1)
    parts.push([model.toilet > 1 ? `卫生间${t}` : '卫生间', 0.05, '4']);
  parts.push(['阳台', 0.06, '2']);
  const weight = parts.reduce((s, [, w]) => s + w, 0);
  return parts
    .filter(([, w]) => w > 0)
    .map(([name, w, facing]) => ({
      name,
      areaM2: Math.round(((usable * w) / weight) * 10) / 10,
      facing,
    }));
}
