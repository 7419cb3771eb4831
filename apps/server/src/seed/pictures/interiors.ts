import type { Rng } from '../random';
import { captionBand, svgDocument } from './svg';

const WALL_TONES = ['#f3ede4', '#eae4da', '#f7f3ee', '#e9eef2', '#f1e9e1'];
const FLOOR_TONES = ['#b98a5e', '#c9a27a', '#a47550', '#d8c3a5', '#9c8b7a'];
const ACCENTS = ['#4f6d7a', '#c06c84', '#6c8e5e', '#d9a441', '#5b5f97', '#8c5a3c'];

export type InteriorKind = 'living' | 'bedroom' | 'kitchen' | 'bathroom';

const KIND_LABEL: Record<InteriorKind, string> = {
  living: '客厅',
  bedroom: '卧室',
  kitchen: '厨房',
  bathroom: '卫生间',
};

/** Window with a sea or city view on the back wall. */
function windowView(rng: Rng, x: number, y: number, w: number, h: number): string {
  const sea = rng.chance(0.5);
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${sea ? '#8cc8ee' : '#bcd7ef'}" stroke="#ffffff" stroke-width="8"/>${
    sea ? `<rect x="${x}" y="${y + h * 0.6}" width="${w}" height="${h * 0.4}" fill="#3d8fc4"/>` : ''
  }<line x1="${x + w / 2}" y1="${y}" x2="${x + w / 2}" y2="${y + h}" stroke="#ffffff" stroke-width="6"/>`;
}

function furniture(rng: Rng, kind: InteriorKind, accent: string): string {
  switch (kind) {
    case 'living':
      return `<rect x="140" y="330" width="300" height="80" rx="14" fill="${accent}"/><rect x="150" y="300" width="280" height="40" rx="12" fill="${accent}" opacity="0.8"/><rect x="480" y="360" width="120" height="50" fill="#6b4f3a"/><rect x="500" y="250" width="170" height="100" fill="#222"/>`;
    case 'bedroom':
      return `<rect x="200" y="300" width="360" height="120" rx="8" fill="#ffffff" stroke="#ccc"/><rect x="200" y="260" width="360" height="50" rx="8" fill="${accent}"/><rect x="230" y="310" width="90" height="40" rx="10" fill="#f5f5f5"/><rect x="440" y="310" width="90" height="40" rx="10" fill="#f5f5f5"/><rect x="600" y="330" width="60" height="90" fill="#8c6b4f"/>`;
    case 'kitchen':
      return `<rect x="60" y="320" width="680" height="100" fill="#f8f8f8" stroke="#bbb"/><rect x="60" y="300" width="680" height="22" fill="#4a4a4a"/><rect x="60" y="120" width="260" height="90" fill="${accent}" opacity="0.85"/><circle cx="520" cy="310" r="16" fill="#333"/><circle cx="580" cy="310" r="16" fill="#333"/>`;
    default:
      return `<rect x="120" y="300" width="260" height="110" rx="40" fill="#ffffff" stroke="#ccc"/><rect x="480" y="260" width="140" height="160" fill="#e0f0f5" stroke="#9cc"/><circle cx="${rng.int(520, 580)}" cy="200" r="30" fill="#e8e8e8" stroke="#bbb"/>`;
  }
}

/** The room word of an interior kind: 客厅, 卧室, 厨房, 卫生间. */
export function interiorLabel(kind: InteriorKind): string {
  return KIND_LABEL[kind];
}

/**
 * An interior drawing (sample flat, listing picture) of the given kind, captioned as an
 * illustration: `caption` or, by default, the room word with 示意图.
 */
export function interiorSvg(rng: Rng, kind: InteriorKind, caption?: string): string {
  const W = 800;
  const H = 500;
  const accent = rng.pick(ACCENTS);
  let body = `<rect width="${W}" height="${H}" fill="${rng.pick(WALL_TONES)}"/>`;
  body += `<polygon points="0,420 800,420 800,500 0,500" fill="${rng.pick(FLOOR_TONES)}"/>`;
  if (kind !== 'kitchen') body += windowView(rng, rng.int(80, 420), 70, 260, 170);
  body += `<rect x="0" y="0" width="${W}" height="24" fill="#ffffff" opacity="0.6"/>`;
  body += furniture(rng, kind, accent);
  if (kind === 'living' || kind === 'bedroom') {
    body += `<circle cx="90" cy="360" r="28" fill="#3f8f4f"/><rect x="80" y="380" width="20" height="40" fill="#8c6b4f"/>`;
  }
  body += captionBand(W, H, caption ?? `${KIND_LABEL[kind]} · 示意图`);
  return svgDocument(W, H, body);
}
