import type { Rng } from '../random';
import { SKIES, label, skyline, svgDocument, vGradient } from './svg';

const BRAND_COLOURS = ['#c0392b', '#2e86c1', '#16a085', '#d35400', '#8e44ad', '#2c3e50', '#b7950b'];

/** A banner (1200×400): gradient, skyline and a headline with a sub-line. */
export function bannerSvg(rng: Rng, headline: string, subline: string): string {
  const W = 1200;
  const H = 400;
  const [top, bottom] = rng.pick(SKIES);
  let body = `<rect width="${W}" height="${H}" fill="url(#bg)"/>`;
  body += `<g opacity="0.45">${skyline(rng, W, H, '#1f3b5a')}</g>`;
  body += `<rect x="80" y="110" width="620" height="180" rx="12" fill="#000000" opacity="0.25"/>`;
  body += label(110, 190, headline, 56, '#ffffff', 'start', 'bold');
  body += label(112, 250, subline, 26, '#f0f4f8', 'start');
  return svgDocument(W, H, body, vGradient('bg', top, bottom));
}

/** A news cover (640×360): a keyword stamp over a skyline. */
export function newsCoverSvg(rng: Rng, keyword: string): string {
  const W = 640;
  const H = 360;
  const colour = rng.pick(BRAND_COLOURS);
  let body = `<rect width="${W}" height="${H}" fill="url(#bg)"/>`;
  body += `<g opacity="0.5">${skyline(rng, W, H, '#ffffff')}</g>`;
  body += `<rect x="40" y="40" width="${keyword.length * 56 + 40}" height="90" rx="8" fill="${colour}"/>`;
  body += label(60, 104, keyword, 52, '#ffffff', 'start', 'bold');
  return svgDocument(W, H, body, vGradient('bg', '#24476b', '#7fa7c9'));
}

/** An avatar (200×200): a coloured disc with a person silhouette. */
export function avatarSvg(rng: Rng): string {
  const colour = rng.pick(BRAND_COLOURS);
  const body = `<rect width="200" height="200" fill="${colour}"/><circle cx="100" cy="78" r="38" fill="#ffffff" opacity="0.92"/><path d="M30 200 C30 140 170 140 170 200 Z" fill="#ffffff" opacity="0.92"/>`;
  return svgDocument(200, 200, body);
}

/** The site logo: a square emblem (the header sets the platform name beside it). */
export function logoSvg(): string {
  const body = `<circle cx="40" cy="40" r="38" fill="#1f5fbf"/><circle cx="40" cy="40" r="32" fill="none" stroke="#ffffff" stroke-width="2"/><path d="M18 44 L40 22 L62 44 L56 44 L56 60 L24 60 L24 44 Z" fill="#ffffff"/><rect x="35" y="48" width="10" height="12" fill="#1f5fbf"/>`;
  return svgDocument(80, 80, body);
}

/** Placeholder scans of documents: ownership certificate, ID card, authorisation letter, receipts. */
export function documentSvg(
  kind: 'certificate' | 'idcard' | 'license' | 'invoice' | 'receipt',
): string {
  switch (kind) {
    case 'certificate':
      return svgDocument(
        600,
        420,
        `<rect width="600" height="420" fill="#9b1c1c"/><rect x="30" y="30" width="540" height="360" fill="none" stroke="#e6c36a" stroke-width="4"/>${label(300, 170, '中华人民共和国', 30, '#e6c36a', 'middle', 'bold')}${label(300, 240, '不动产权证书', 44, '#e6c36a', 'middle', 'bold')}${label(300, 360, '样例图片 仅供演示', 16, '#f3d9a0')}`,
      );
    case 'idcard':
      return svgDocument(
        540,
        340,
        `<rect width="540" height="340" rx="18" fill="#e8f1f8"/><rect x="370" y="60" width="130" height="160" fill="#c9d6df"/><circle cx="435" cy="120" r="34" fill="#9aa9b5"/>${label(40, 90, '姓名  ＊＊＊', 22, '#333', 'start')}${label(40, 140, '性别  ＊   民族  汉', 22, '#333', 'start')}${label(40, 190, '住址  ＊＊＊＊＊＊＊＊', 22, '#333', 'start')}${label(40, 290, '公民身份号码  ＊＊＊＊＊＊＊＊＊＊＊＊＊＊＊＊＊＊', 18, '#333', 'start')}${label(270, 330, '样例图片 仅供演示', 14, '#7a8a99')}`,
      );
    case 'license':
      return svgDocument(
        500,
        680,
        `<rect width="500" height="680" fill="#ffffff"/>${label(250, 80, '授权委托书', 34, '#222', 'middle', 'bold')}${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `<rect x="50" y="${140 + i * 50}" width="${400 - (i % 3) * 60}" height="12" fill="#d5d5d5"/>`).join('')}<circle cx="370" cy="580" r="56" fill="none" stroke="#c0392b" stroke-width="4"/>${label(250, 660, '样例图片 仅供演示', 14, '#999')}`,
      );
    default: {
      const title = kind === 'invoice' ? '电子发票' : '订约金收款收据';
      return svgDocument(
        600,
        400,
        `<rect width="600" height="400" fill="#fffdf5" stroke="#c8a96e"/>${label(300, 70, title, 32, '#8b4513', 'middle', 'bold')}${[0, 1, 2, 3, 4].map((i) => `<rect x="60" y="${120 + i * 45}" width="${480 - i * 40}" height="12" fill="#e5dcc6"/>`).join('')}<circle cx="470" cy="320" r="48" fill="none" stroke="#c0392b" stroke-width="4"/>${label(300, 385, '样例图片 仅供演示', 14, '#999')}`,
      );
    }
  }
}
