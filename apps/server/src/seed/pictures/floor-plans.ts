import { formatLayout } from '@portal/shared/format';
import { captionBand, label, svgDocument } from './svg';

/** A house model as its floor plan needs it. */
export interface PlanModel {
  /** e.g. A户型 */
  name: string;
  bedroom: number;
  hall: number;
  toilet: number;
  /** Building area, ㎡. */
  area: number;
}

/** One room of a plan with its share of the usable area. */
export interface PlanRoom {
  name: string;
  kind: 'bed' | 'living' | 'dining' | 'kitchen' | 'bath' | 'balcony';
  /** ㎡, one decimal. */
  area: number;
}

/** Usable share of the building area (得房率) assumed by the plans. */
export const USABLE_SHARE = 0.78;

const WEIGHT: Record<PlanRoom['kind'], number> = {
  bed: 1.1,
  living: 2.3,
  dining: 0.8,
  kitchen: 0.62,
  bath: 0.42,
  balcony: 0.42,
};

const FILL: Record<PlanRoom['kind'], string> = {
  bed: '#f6e7c8',
  living: '#fdf6e3',
  dining: '#fbeed5',
  kitchen: '#dbe9f4',
  bath: '#d6eef0',
  balcony: '#e5f2dc',
};

/**
 * The rooms of a model: every bedroom (the first the master), the living room (with a separate
 * dining room when it has two 厅), kitchen, each bathroom and a balcony, sharing the usable area
 * (building area × USABLE_SHARE) by typical weights.
 */
export function planRooms(model: PlanModel): PlanRoom[] {
  const rooms: Array<Omit<PlanRoom, 'area'> & { weight: number }> = [];
  for (let i = 0; i < model.bedroom; i += 1) {
    rooms.push({ name: i === 0 ? '主卧' : '次卧', kind: 'bed', weight: i === 0 ? 1.45 : 1 });
  }
  const separateDining = model.hall >= 2;
  rooms.push({ name: separateDining ? '客厅' : '客餐厅', kind: 'living', weight: WEIGHT.living });
  if (separateDining) rooms.push({ name: '餐厅', kind: 'dining', weight: WEIGHT.dining });
  rooms.push({ name: '厨房', kind: 'kitchen', weight: WEIGHT.kitchen });
  for (let i = 0; i < model.toilet; i += 1) {
    rooms.push({
      name: i === 0 && model.toilet > 1 ? '主卫' : '卫生间',
      kind: 'bath',
      weight: 0.42,
    });
  }
  rooms.push({ name: '阳台', kind: 'balcony', weight: WEIGHT.balcony });
  const total = rooms.reduce((sum, room) => sum + room.weight, 0);
  const usable = model.area * USABLE_SHARE;
  return rooms.map(({ name, kind, weight }) => ({
    name,
    kind,
    area: Math.round((usable * weight * 10) / total) / 10,
  }));
}

/** Draws one row of rooms, each as wide as its area needs at the given scale (px² per ㎡). */
function drawRow(rooms: PlanRoom[], x0: number, y: number, height: number, pxPerM2: number) {
  let x = x0;
  let out = '';
  for (const room of rooms) {
    const w = (room.area * pxPerM2) / height;
    out += `<rect x="${x.toFixed(1)}" y="${y}" width="${w.toFixed(1)}" height="${height.toFixed(1)}" fill="${FILL[room.kind]}" stroke="#3a3a3a" stroke-width="4"/>`;
    const size = w < 56 ? 12 : 16;
    out += label(x + w / 2, y + height / 2 - 3, room.name, size, '#333');
    out += label(x + w / 2, y + height / 2 + 15, `${room.area}㎡`, size - 3, '#6b6b6b');
    x += w;
  }
  return out;
}

/**
 * A model's 户型图 (640×480) drawn from its own rooms: the south row holds the living room and
 * the master bedroom over the balcony, the north row the kitchen, bathrooms and other bedrooms;
 * every room drawn to the same scale and labelled with its estimated area.
 */
export function floorPlanSvg(model: PlanModel): string {
  const W = 640;
  const H = 480;
  const rooms = planRooms(model);
  const balcony = rooms.filter((r) => r.kind === 'balcony');
  const south = rooms.filter((r) => r.kind === 'living' || (r.kind === 'bed' && r.name === '主卧'));
  const north = rooms.filter((r) => !south.includes(r) && r.kind !== 'balcony');
  const rowArea = (list: PlanRoom[]) => list.reduce((sum, r) => sum + r.area, 0);
  const width = 540;
  const heightFor = 330;
  const pxPerM2 = (width * heightFor) / (rowArea(north) + rowArea(south));
  const northH = (rowArea(north) * pxPerM2) / width;
  const southH = (rowArea(south) * pxPerM2) / width;
  const x0 = (W - width) / 2;
  const title = `${model.name} ${formatLayout(model.bedroom, model.hall, model.toilet)} 建筑面积约${model.area}㎡`;
  let body = `<rect width="${W}" height="${H}" fill="#ffffff"/>`;
  body += label(W / 2, 34, title, 19, '#1f2d3d', 'middle', 'bold');
  body += drawRow(north, x0, 56, northH, pxPerM2);
  body += drawRow(south, x0, 56 + northH, southH, pxPerM2);
  body += drawRow(balcony, x0 + 20, 56 + northH + southH, 38, pxPerM2);
  body += `<g transform="translate(${x0 + width + 22},76)"><path d="M0 -20 L8 6 L0 0 L-8 6 Z" fill="#c0392b"/>${label(0, 22, 'N', 13, '#c0392b')}</g>`;
  body += captionBand(
    W,
    H,
    `户型示意图 · 房间面积按得房率约${USABLE_SHARE * 100}%估算，以实际交付为准`,
    13,
  );
  return svgDocument(W, H, body);
}
