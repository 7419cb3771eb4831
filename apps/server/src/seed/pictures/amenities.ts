import type { Rng } from '../random';
import { captionBand, clip, label, svgDocument } from './svg';

/** A place near a project: its name, kind and straight-line distance in metres. */
export interface Amenity {
  name: string;
  kind: '学校' | '医院' | '商业' | '公园' | '交通' | '海滨';
  metres: number;
}

const KIND_COLOUR: Record<Amenity['kind'], string> = {
  学校: '#d9534f',
  医院: '#0275d8',
  商业: '#f0ad4e',
  公园: '#3f8f4f',
  交通: '#6f42c1',
  海滨: '#17a2b8',
};

const ORDINALS = ['一', '二', '三', '四', '五', '六', '七', '八'];

/**
 * Believable places around a project: a primary school, a hospital, a shopping centre, a park,
 * a bus stop on its road and, in the coastal districts, a beach; 250–2,400 m away.
 */
export function nearbyAmenities(
  rng: Rng,
  place: { districtShort: string; road: string; coastal: boolean },
): Amenity[] {
  const list: Amenity[] = [
    { name: `${place.districtShort}第${rng.pick(ORDINALS)}实验小学`, kind: '学校', metres: 0 },
    { name: `${place.districtShort}区人民医院`, kind: '医院', metres: 0 },
    { name: `${place.road}购物中心`, kind: '商业', metres: 0 },
    { name: `${rng.pick(['滨河', '植物', '文化', '体育', '市民'])}公园`, kind: '公园', metres: 0 },
    { name: `${place.road}公交站`, kind: '交通', metres: 0 },
  ];
  if (place.coastal) list.push({ name: '海滨浴场', kind: '海滨', metres: 0 });
  for (const amenity of list) amenity.metres = Math.round(rng.int(250, 2400) / 50) * 50;
  return list;
}

/**
 * A project's 配套图 (800×500): the project in the middle, rings at 1 and 2 km, each nearby place
 * at its distance with its name; captioned as a sketch with straight-line distances.
 */
export function amenityMapSvg(rng: Rng, publishName: string, amenities: Amenity[]): string {
  const W = 800;
  const H = 500;
  const cx = 400;
  const cy = 235;
  const pxPerMetre = 0.085;
  let body = `<rect width="${W}" height="${H}" fill="#eef3ea"/>`;
  body += `<path d="M0 ${cy + 20} L${W} ${cy - 10}" stroke="#d0d4d8" stroke-width="18"/><path d="M${cx - 30} 0 L${cx + 10} ${H}" stroke="#d0d4d8" stroke-width="14"/>`;
  for (const km of [1, 2]) {
    body += `<circle cx="${cx}" cy="${cy}" r="${km * 1000 * pxPerMetre}" fill="none" stroke="#9bb0c4" stroke-dasharray="6 6"/>`;
    body += label(cx + km * 1000 * pxPerMetre - 4, cy - 6, `${km}km`, 12, '#6b7c8f', 'end');
  }
  const start = rng.real(0, Math.PI * 2);
  amenities.forEach((amenity, i) => {
    const angle = start + (i * Math.PI * 2) / amenities.length;
    const r = amenity.metres * pxPerMetre;
    const x = Math.round(cx + Math.cos(angle) * r);
    const y = Math.round(cy + Math.sin(angle) * r * 0.9);
    const colour = KIND_COLOUR[amenity.kind];
    body += `<circle cx="${x}" cy="${y}" r="9" fill="${colour}" stroke="#fff" stroke-width="2"/>`;
    const anchor = x > cx ? 'start' : 'end';
    const dx = x > cx ? 14 : -14;
    body += label(x + dx, y - 2, clip(amenity.name, 10), 14, '#1f2d3d', anchor, 'bold');
    body += label(x + dx, y + 15, `约${amenity.metres}米`, 12, '#55606b', anchor);
  });
  body += `<circle cx="${cx}" cy="${cy}" r="13" fill="#c0392b" stroke="#fff" stroke-width="3"/>`;
  body += label(cx, cy + 34, clip(publishName, 10), 16, '#c0392b', 'middle', 'bold');
  body += captionBand(W, H, '周边配套示意图 · 距离为直线距离，仅供参考');
  return svgDocument(W, H, body);
}
