import type { Rng } from '../random';
import { label, svgDocument } from './svg';

interface PlanRoom {
  name: string;
  weight: number;
  fill: string;
}

const FILLS = {
  bed: '#f6e7c8',
  living: '#fdf6e3',
  kitchen: '#dbe9f4',
  bath: '#d6eef0',
  study: '#efe3f6',
  balcony: '#e5f2dc',
};

const CHINESE_DIGITS = ['零', '一', '两', '三', '四', '五'];

/** Layout label such as 三室两厅两卫 for the given counts. */
export function layoutName(bedroom: number, hall: number, toilet: number): string {
  return `${CHINESE_DIGITS[bedroom] ?? bedroom}室${CHINESE_DIGITS[hall] ?? hall}厅${CHINESE_DIGITS[toilet] ?? toilet}卫`;
}

/** Draws one row of rooms across the plan, widths proportional to the weights. */
function row(
  rooms: PlanRoom[],
  x0: number,
  y: number,
  width: number,
  height: number,
  m2PerPx: number,
): string {
  const total = rooms.reduce((sum, r) => sum + r.weight, 0);
  let x = x0;
  let out = '';
  for (const room of rooms) {
    const w = (room.weight / total) * width;
    const area = (w * height * m2PerPx).toFixed(1);
    out += `<rect x="${x.toFixed(1)}" y="${y}" width="${w.toFixed(1)}" height="${height}" fill="${room.fill}" stroke="#3a3a3a" stroke-width="5"/>`;
    out += label(x + w / 2, y + height / 2 - 4, room.name, 17, '#333');
    out += label(x + w / 2, y + height / 2 + 18, `${area}㎡`, 13, '#777');
    x += w;
  }
  return out;
}

/**
 * A floor plan (户型图) for the given bedroom count: bedrooms along the south side, living and
 * dining room, kitchen and bathrooms, a balcony; areas labelled as a share of a nominal size.
 */
export function floorPlanSvg(rng: Rng, bedroom: number, variant: number): string {
  const W = 640;
  const H = 480;
  const toilets = bedroom >= 3 ? 2 : 1;
  const nominal = [0, 55, 90, 120, 145][bedroom] ?? 160;
  const top: PlanRoom[] = [];
  for (let i = 0; i < bedroom; i += 1) {
    top.push({
      name: i === 0 ? '主卧' : i === bedroom - 1 && bedroom >= 4 ? '书房' : '次卧',
      weight: i === 0 ? 1.35 : 1,
      fill: i === bedroom - 1 && bedroom >= 4 ? FILLS.study : FILLS.bed,
    });
  }
  if (toilets === 2) top.splice(1, 0, { name: '主卫', weight: 0.55, fill: FILLS.bath });
  const bottom: PlanRoom[] = [
    { name: '厨房', weight: 0.8 + rng.real(0, 0.2), fill: FILLS.kitchen },
    {
      name: bedroom >= 2 ? '客厅 / 餐厅' : '客厅',
      weight: 2.2 + rng.real(0, 0.4),
      fill: FILLS.living,
    },
    { name: '卫生间', weight: 0.6, fill: FILLS.bath },
  ];
  if (variant % 2 === 1) bottom.reverse();
  const x0 = 60;
  const width = 520;
  const topH = 150 + rng.int(0, 20);
  const bottomH = 150;
  const m2PerPx = nominal / (width * (topH + bottomH + 40));
  let body = `<rect width="${W}" height="${H}" fill="#ffffff"/>`;
  body += label(
    W / 2,
    34,
    `${layoutName(bedroom, bedroom >= 2 ? 2 : 1, toilets)} 户型示意图`,
    20,
    '#1f2d3d',
    'middle',
    'bold',
  );
  body += row(bottom, x0, 60, width, bottomH, m2PerPx);
  body += row(top, x0, 60 + bottomH, width, topH, m2PerPx);
  const balconyY = 60 + bottomH + topH;
  body += `<rect x="${x0 + 40}" y="${balconyY}" width="${width - 80}" height="40" fill="${FILLS.balcony}" stroke="#3a3a3a" stroke-width="3"/>`;
  body += label(W / 2, balconyY + 26, '阳台', 15, '#4a6b3a');
  body += `<g transform="translate(600,70)"><path d="M0 -22 L8 6 L0 0 L-8 6 Z" fill="#c0392b"/>${label(0, 22, 'N', 14, '#c0392b')}</g>`;
  body += label(W - 20, H - 12, '图纸仅供参考，以实际交付为准', 12, '#999', 'end');
  return svgDocument(W, H, body);
}
