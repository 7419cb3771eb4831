import type { Rng } from '../random';
import {
  SKIES,
  WALLS,
  captionBand,
  clip,
  label,
  skyline,
  svgDocument,
  trees,
  vGradient,
} from './svg';

/** One building of a project as the drawings need it. */
export interface ArtBuilding {
  /** e.g. 3号楼 */
  name: string;
  floors: number;
  units: number;
  purpose: string;
}

/** A project as the drawings need it. */
export interface ArtProject {
  id: number;
  publishName: string;
  buildKind: 'tower' | 'mixed' | 'low';
  /** The road the project faces. */
  road: string;
  buildings: ArtBuilding[];
}

type FacadeStyle = 'grid' | 'bands' | 'fins';

const ACCENT_TRIM = ['#8a8f98', '#6d5d4b', '#b4654a', '#4d6a80', '#7c6f64'];

interface Placed {
  building: ArtBuilding;
  x: number;
  w: number;
  h: number;
}

/** Lays the residential buildings (at most five) side by side, heights in proportion to floors. */
function placeBuildings(project: ArtProject, width: number, maxHeight: number): Placed[] {
  const homes = project.buildings.filter((b) => b.purpose !== '商业').slice(0, 5);
  const shown = homes.length > 0 ? homes : project.buildings.slice(0, 5);
  const tallest = Math.max(...shown.map((b) => b.floors), 1);
  const slot = width / shown.length;
  return shown.map((building, i) => {
    const w = Math.min(slot - 24, 70 + building.units * 34);
    const h = Math.max(70, Math.round((building.floors / tallest) * maxHeight));
    return { building, x: Math.round(i * slot + (slot - w) / 2), w: Math.round(w), h };
  });
}

/** One building: a floor per window row (so a 33-floor tower shows 33 rows), roof, name tag. */
function drawBuilding(
  rng: Rng,
  id: string,
  p: Placed,
  groundY: number,
  look: { wall: string; trim: string; style: FacadeStyle; night: boolean; pitched: boolean },
): string {
  const { x, w, h, building } = p;
  const top = groundY - h;
  const rowH = h / building.floors;
  const cols = Math.max(2, building.units * 2);
  const cellW = w / cols;
  const glass = look.night ? '#2c3a4f' : '#5b7a93';
  let cell = `<rect width="${cellW}" height="${rowH}" fill="${look.wall}"/>`;
  if (look.style === 'grid')
    cell += `<rect x="${cellW * 0.2}" y="${rowH * 0.22}" width="${cellW * 0.6}" height="${rowH * 0.56}" fill="${glass}"/>`;
  else if (look.style === 'bands')
    cell += `<rect x="0" y="${rowH * 0.3}" width="${cellW}" height="${rowH * 0.45}" fill="${glass}"/><rect x="0" y="${rowH * 0.78}" width="${cellW}" height="${rowH * 0.12}" fill="${look.trim}"/>`;
  else
    cell += `<rect x="${cellW * 0.1}" y="${rowH * 0.15}" width="${cellW * 0.55}" height="${rowH * 0.7}" fill="${glass}"/><rect x="${cellW * 0.8}" y="0" width="${cellW * 0.12}" height="${rowH}" fill="${look.trim}"/>`;
  let out = `<defs><pattern id="${id}" x="${x}" y="${top}" width="${cellW}" height="${rowH}" patternUnits="userSpaceOnUse">${cell}</pattern></defs>`;
  out += `<rect x="${x}" y="${top}" width="${w}" height="${h}" fill="url(#${id})" stroke="${look.trim}" stroke-width="1.5"/>`;
  if (look.night) {
    const lit = Math.round(cols * building.floors * 0.35);
    for (let i = 0; i < lit; i += 1) {
      const c = rng.int(0, cols - 1);
      const r = rng.int(0, building.floors - 1);
      out += `<rect x="${(x + c * cellW + cellW * 0.2).toFixed(1)}" y="${(top + r * rowH + rowH * 0.22).toFixed(1)}" width="${(cellW * 0.6).toFixed(1)}" height="${(rowH * 0.56).toFixed(1)}" fill="#ffd77a"/>`;
    }
  }
  out += look.pitched
    ? `<polygon points="${x - 6},${top} ${x + w / 2},${top - Math.min(40, w * 0.28)} ${x + w + 6},${top}" fill="${look.trim}"/>`
    : `<rect x="${x - 4}" y="${top - 10}" width="${w + 8}" height="12" fill="${look.trim}"/>`;
  const tagY = look.pitched ? top + 16 : top - 24;
  out += `<rect x="${x + w / 2 - 30}" y="${tagY - 15}" width="60" height="20" rx="4" fill="#1f2d3d" opacity="0.8"/>`;
  out += label(x + w / 2, tagY, building.name, 13, '#ffffff');
  return out;
}

/**
 * A project's 效果图 (640×480): its own residential buildings side by side, each drawn with as
 * many window rows as it has floors and tagged with its name, by day or at dusk, captioned as an
 * illustration. The same project always gets the same colours and window style.
 */
export function facadeSvg(rng: Rng, project: ArtProject, view: 'day' | 'dusk'): string {
  const W = 640;
  const H = 480;
  const groundY = 400;
  const style = (['grid', 'bands', 'fins'] as const)[project.id % 3] as FacadeStyle;
  const look = {
    wall: WALLS[project.id % WALLS.length] as string,
    trim: ACCENT_TRIM[(project.id * 7) % ACCENT_TRIM.length] as string,
    style,
    night: view === 'dusk',
    pitched: project.buildKind === 'low',
  };
  const [top, bottom] =
    view === 'dusk' ? (['#1b2a4a', '#f2a65a'] as const) : (SKIES[project.id % 3] ?? SKIES[0]!);
  let body = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
  body += `<g opacity="${view === 'dusk' ? 0.5 : 0.3}">${skyline(rng, W, groundY, '#56657a')}</g>`;
  for (const [i, placed] of placeBuildings(project, W - 40, 300).entries()) {
    body += drawBuilding(
      rng,
      `f${project.id}${view}${i}`,
      { ...placed, x: placed.x + 20 },
      groundY,
      look,
    );
  }
  body += `<rect y="${groundY}" width="${W}" height="${H - groundY}" fill="${view === 'dusk' ? '#4f6b4a' : '#8fbf7f'}"/>`;
  body += `<rect y="${groundY + 34}" width="${W}" height="22" fill="#9aa1a8"/>`;
  body += trees(rng, W, groundY + 10, 9);
  body += `<rect x="24" y="${groundY - 6}" width="${Math.min(220, 40 + project.publishName.length * 22)}" height="34" rx="4" fill="#3b3a36"/>`;
  body += label(36, groundY + 18, project.publishName, 20, '#f3e3b5', 'start', 'bold');
  body += captionBand(
    W,
    H,
    `${clip(project.publishName, 10)} · ${view === 'dusk' ? '夜景效果示意图' : '效果示意图'}`,
  );
  return svgDocument(W, H, body, vGradient('sky', top, bottom));
}

/**
 * A project's 沙盘图 (800×500) seen from above: each building a block with its name and floor
 * count, shops along the road, the ring road, lawns and the main gate; captioned as a sketch.
 */
export function sitePlanSvg(rng: Rng, project: ArtProject): string {
  const W = 800;
  const H = 500;
  const site = { x: 60, y: 50, w: 680, h: 340 };
  let body = `<rect width="${W}" height="${H}" fill="#2f3b2f"/>`;
  body += `<rect x="${site.x}" y="${site.y}" width="${site.w}" height="${site.h}" rx="10" fill="#a7c796" stroke="#e8e2d6" stroke-width="3"/>`;
  body += `<rect x="0" y="${site.y + site.h + 12}" width="${W}" height="30" fill="#c8c8c8"/>`;
  body += label(W / 2, site.y + site.h + 33, project.road, 16, '#333');
  body += `<rect x="${site.x + 22}" y="${site.y + 22}" width="${site.w - 44}" height="${site.h - 44}" rx="18" fill="none" stroke="#e6dfcc" stroke-width="12"/>`;
  body += `<ellipse cx="${site.x + site.w * 0.5}" cy="${site.y + site.h * 0.5}" rx="64" ry="28" fill="#7fbfe0"/>`;
  for (let k = 0; k < 14; k += 1) {
    const tx = site.x + 40 + rng.int(0, site.w - 80);
    const ty = site.y + 40 + rng.int(0, site.h - 80);
    body += `<circle cx="${tx}" cy="${ty}" r="${rng.int(6, 11)}" fill="#5f9e55" opacity="0.85"/>`;
  }
  const homes = project.buildings.filter((b) => b.purpose !== '商业');
  const shops = project.buildings.filter((b) => b.purpose === '商业');
  const rows = homes.length > 3 ? 2 : 1;
  const perRow = Math.ceil(homes.length / rows);
  homes.forEach((b, i) => {
    const row = Math.floor(i / perRow);
    const inRow = Math.min(perRow, homes.length - row * perRow);
    const slot = (site.w - 100) / inRow;
    const bw = Math.min(slot - 24, 70 + b.units * 28);
    const bh = 58;
    const x = site.x + 50 + (i % perRow) * slot + (slot - bw) / 2;
    const y = rows === 1 ? site.y + site.h / 2 - 100 : site.y + 48 + row * 170;
    body += `<rect x="${x}" y="${y}" width="${bw}" height="${bh}" fill="#f4f1ea" stroke="#6b6b6b" stroke-width="2"/>`;
    body += `<rect x="${x + 4}" y="${y + bh}" width="${bw}" height="6" fill="#000" opacity="0.2"/>`;
    body += label(x + bw / 2, y + bh / 2 - 2, b.name, 15, '#222', 'middle', 'bold');
    body += label(x + bw / 2, y + bh / 2 + 16, `${b.floors}层`, 12, '#555');
  });
  shops.forEach((b, i) => {
    const x = site.x + site.w - 200 - i * 190;
    const y = site.y + site.h - 52;
    body += `<rect x="${x}" y="${y}" width="170" height="38" fill="#f3d9b1" stroke="#6b6b6b" stroke-width="2"/>`;
    body += label(x + 85, y + 24, `${b.name} 商业`, 14, '#222', 'middle', 'bold');
  });
  body += `<rect x="${site.x + 40}" y="${site.y + site.h - 6}" width="70" height="12" fill="#d4a017"/>`;
  body += label(site.x + 75, site.y + site.h - 12, '主入口', 13, '#fff');
  body += `<g transform="translate(750,80)"><path d="M0 -22 L8 6 L0 0 L-8 6 Z" fill="#f0f0f0"/>${label(0, 22, 'N', 14, '#f0f0f0')}</g>`;
  body += label(W / 2, 32, `${project.publishName} 楼栋分布`, 20, '#f0f0f0', 'middle', 'bold');
  body += captionBand(W, H, '沙盘示意图 · 楼栋位置以规划许可为准');
  return svgDocument(W, H, body);
}
