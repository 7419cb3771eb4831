import type { Rng } from '../random';

/** Font stack for Chinese labels inside generated pictures. */
export const FONT = "'Noto Sans CJK SC','PingFang SC','Microsoft YaHei',sans-serif";

/** Escapes text for an SVG text node or attribute. */
export function esc(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** Wraps body markup into a complete SVG document of the given size. */
export function svgDocument(width: number, height: number, body: string, defs = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${
    defs ? `<defs>${defs}</defs>` : ''
  }${body}</svg>
`;
}

/** A vertical linear gradient definition. */
export function vGradient(id: string, top: string, bottom: string): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;
}

/** A text element; `size` in px, anchored at the middle unless told otherwise. */
export function label(
  x: number,
  y: number,
  text: string,
  size: number,
  fill = '#333',
  anchor: 'start' | 'middle' | 'end' = 'middle',
  weight: number | string = 'normal',
): string {
  return `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}">${esc(text)}</text>`;
}

/** Sky colour pairs (top, horizon) from dawn to clear noon to dusk. */
export const SKIES: Array<[string, string]> = [
  ['#2b6cb0', '#bee3f8'],
  ['#3182ce', '#e6f2ff'],
  ['#1a4f8a', '#9fd3f5'],
  ['#f6ad55', '#fde8c8'],
  ['#6b46c1', '#fbb6ce'],
  ['#2c5282', '#c3dafe'],
];

/** Facade colours of residential towers. */
export const WALLS = ['#e8e2d6', '#d9cbb3', '#f1efe9', '#c9d6df', '#e3d5ca', '#d4c4b0', '#b8c4cc'];

/** A row of simple roof-line silhouettes across the given width (skyline backdrop). */
export function skyline(rng: Rng, width: number, baseY: number, fill: string): string {
  let x = 0;
  let out = '';
  while (x < width) {
    const w = rng.int(30, 80);
    const h = rng.int(40, 160);
    out += `<rect x="${x}" y="${baseY - h}" width="${w}" height="${h}" fill="${fill}"/>`;
    x += w + rng.int(2, 10);
  }
  return out;
}

/** Rounded trees along a ground line. */
export function trees(rng: Rng, width: number, groundY: number, count: number): string {
  let out = '';
  for (let i = 0; i < count; i += 1) {
    const x = rng.int(10, width - 10);
    const r = rng.int(12, 24);
    out += `<rect x="${x - 3}" y="${groundY - r}" width="6" height="${r}" fill="#7b5a3c"/>`;
    out += `<circle cx="${x}" cy="${groundY - r - r * 0.6}" r="${r}" fill="${rng.pick(['#3f8f4f', '#2f7a3e', '#58a65c'])}"/>`;
  }
  return out;
}

/**
 * The label every seeded drawing carries along its bottom edge, so that no drawing passes for a
 * photograph: a dark band with white text, e.g. `南山蓝庭 · 效果示意图`.
 */
export function captionBand(width: number, height: number, text: string, size = 16): string {
  const band = Math.round(size * 1.9);
  return `<rect x="0" y="${height - band}" width="${width}" height="${band}" fill="#1f2d3d" opacity="0.72"/>${label(
    width - 14,
    height - Math.round(band * 0.32),
    text,
    size,
    '#ffffff',
    'end',
  )}`;
}

/** Shortens a text to `max` characters with an ellipsis (labels inside small drawings). */
export function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
