import type { Rng } from '../random';
import { SKIES, WALLS, label, skyline, svgDocument, trees, vGradient } from './svg';

/** One tower with a window grid drawn as a pattern, plus a few lit windows. */
function tower(rng: Rng, id: string, x: number, groundY: number, w: number, h: number): string {
  const wall = rng.pick(WALLS);
  const cols = Math.max(2, Math.floor(w / 22));
  const cellW = w / cols;
  const cellH = 18;
  const pattern = `<pattern id="${id}" x="${x}" y="${groundY - h}" width="${cellW}" height="${cellH}" patternUnits="userSpaceOnUse"><rect width="${cellW}" height="${cellH}" fill="${wall}"/><rect x="${cellW * 0.2}" y="4" width="${cellW * 0.6}" height="10" fill="#5b7a93" opacity="0.85"/></pattern>`;
  let lit = '';
  const rows = Math.floor((h - 20) / cellH);
  for (let i = 0; i < Math.round(cols * rows * 0.06); i += 1) {
    const c = rng.int(0, cols - 1);
    const r = rng.int(1, rows - 1);
    lit += `<rect x="${x + c * cellW + cellW * 0.2}" y="${groundY - h + r * cellH + 4}" width="${cellW * 0.6}" height="10" fill="#ffe08a"/>`;
  }
  const roof = `<rect x="${x - 4}" y="${groundY - h - 10}" width="${w + 8}" height="12" fill="#8a8f98"/>`;
  return `<defs>${pattern}</defs><rect x="${x}" y="${groundY - h}" width="${w}" height="${h}" fill="url(#${id})" stroke="#9aa3ad"/>${roof}${lit}`;
}

/** A building facade: sky gradient, optional sea, 1–3 towers with window grids and trees. */
export function facadeSvg(rng: Rng, index: number): string {
  const W = 640;
  const H = 480;
  const [top, bottom] = rng.pick(SKIES);
  const groundY = 420;
  let body = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
  body += `<circle cx="${rng.int(60, 580)}" cy="${rng.int(50, 120)}" r="${rng.int(18, 30)}" fill="#fff7d6" opacity="0.9"/>`;
  body += `<g opacity="0.35">${skyline(rng, W, groundY, '#6b7c8f')}</g>`;
  const count = rng.int(1, 3);
  const slot = W / count;
  for (let i = 0; i < count; i += 1) {
    const w = rng.int(110, Math.min(200, slot - 30));
    const h = rng.int(220, 360);
    const x = Math.round(i * slot + (slot - w) / 2);
    body += tower(rng, `w${index}-${i}`, x, groundY, w, h);
  }
  body += `<rect y="${groundY}" width="${W}" height="${H - groundY}" fill="#8fbf7f"/>`;
  if (rng.chance(0.4)) body += `<rect y="${H - 28}" width="${W}" height="28" fill="#4a90c2"/>`;
  body += trees(rng, W, groundY + 8, rng.int(6, 12));
  return svgDocument(W, H, body, vGradient('sky', top, bottom));
}

/** A community rendering (效果图): several towers in perspective rows over landscaping. */
export function effectSvg(rng: Rng, index: number): string {
  const W = 800;
  const H = 500;
  const [top, bottom] = rng.pick(SKIES);
  let body = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
  body += `<rect y="360" width="${W}" height="140" fill="#9ccf8a"/>`;
  for (let row = 0; row < 2; row += 1) {
    const n = rng.int(3, 5);
    for (let i = 0; i < n; i += 1) {
      const w = rng.int(70, 110);
      const h = row === 0 ? rng.int(220, 300) : rng.int(130, 200);
      const x = Math.round((i + 0.3) * (W / n) + (row ? 30 : 0));
      body += tower(rng, `e${index}-${row}-${i}`, x, row === 0 ? 360 : 400, w, h);
    }
  }
  body += `<path d="M0 470 Q400 420 800 470 L800 500 L0 500 Z" fill="#d8c9a3"/>`;
  body += trees(rng, W, 480, 16);
  body += label(W - 20, H - 16, '效果图 仅供参考', 16, '#ffffff', 'end');
  return svgDocument(W, H, body, vGradient('sky', top, bottom));
}

/** A site photo (实景图): towers under construction with a crane. */
export function realSvg(rng: Rng, index: number): string {
  const W = 800;
  const H = 500;
  let body = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
  body += `<rect y="400" width="${W}" height="100" fill="#b59f7b"/>`;
  for (let i = 0; i < 3; i += 1) {
    body += tower(rng, `r${index}-${i}`, 80 + i * 240, 400, rng.int(120, 160), rng.int(180, 320));
  }
  const cx = rng.int(200, 600);
  body += `<rect x="${cx}" y="60" width="8" height="340" fill="#e0a800"/><rect x="${cx - 120}" y="60" width="300" height="8" fill="#e0a800"/><line x1="${cx + 150}" y1="68" x2="${cx + 150}" y2="160" stroke="#333" stroke-width="2"/>`;
  body += label(W - 20, H - 16, `实景拍摄 ${2025 + (index % 2)}`, 16, '#ffffff', 'end');
  return svgDocument(W, H, body, vGradient('sky', '#8fb8de', '#e8f1f8'));
}

/** A sand-table model (沙盘图) seen from above: blocks, roads and green spaces. */
export function sandSvg(rng: Rng): string {
  const W = 800;
  const H = 500;
  let body = `<rect width="${W}" height="${H}" fill="#2f3b2f"/><rect x="40" y="40" width="720" height="420" fill="#a7c796"/>`;
  body += `<rect x="40" y="240" width="720" height="24" fill="#d9d9d9"/><rect x="380" y="40" width="24" height="420" fill="#d9d9d9"/>`;
  for (let i = 0; i < 12; i += 1) {
    const x = 60 + (i % 4) * 170 + rng.int(0, 30);
    const y = i < 4 ? 70 : i < 8 ? 150 : 300;
    body += `<rect x="${x}" y="${y + rng.int(0, 30)}" width="${rng.int(60, 90)}" height="${rng.int(30, 50)}" fill="#f4f1ea" stroke="#8c8c8c"/>`;
  }
  body += `<ellipse cx="600" cy="390" rx="90" ry="40" fill="#6fb3d9"/>`;
  body += trees(rng, W, 470, 10);
  body += label(W / 2, 30, '项目沙盘', 20, '#f0f0f0');
  return svgDocument(W, H, body);
}

/** A wide panorama used as the VR link target. */
export function panoramaSvg(rng: Rng, index: number): string {
  const W = 2000;
  const H = 500;
  let body = `<rect width="${W}" height="${H}" fill="url(#sky)"/><rect y="420" width="${W}" height="80" fill="#8fbf7f"/>`;
  body += `<g opacity="0.5">${skyline(rng, W, 420, '#6b7c8f')}</g>`;
  for (let i = 0; i < 8; i += 1)
    body += tower(rng, `p${index}-${i}`, 60 + i * 245, 420, 130, rng.int(200, 340));
  body += trees(rng, W, 430, 30);
  body += label(W / 2, 40, 'VR 全景（示意）', 28, '#ffffff');
  return svgDocument(W, H, body, vGradient('sky', '#3182ce', '#e6f2ff'));
}
