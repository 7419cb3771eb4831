import { shopWindow, type ShopWindow } from './shop-windows';
import { captionBand, clip, label, svgDocument, vGradient } from './svg';

/** A trade-in merchant of /buildingmaterials as its picture needs it. */
export interface MerchantArt {
  name: string;
  category: '家装' | '家电' | '建材' | '家居';
  /** What its window shows. */
  display: ShopWindow;
}

const SIGN_COLOURS = [
  '#b03a2e',
  '#1f618d',
  '#117a65',
  '#af601a',
  '#6c3483',
  '#283747',
  '#9a7d0a',
  '#1a5276',
];

/**
 * A merchant's picture (400×300): its own shop front with the name on the sign board, a window
 * showing the goods of its business area, the 以旧换新 partner badge and an illustration caption. The colours and
 * the sign follow the merchant's position, so neighbouring cards differ.
 */
export function merchantSvg(merchant: MerchantArt, index: number): string {
  const W = 400;
  const H = 300;
  const sign = SIGN_COLOURS[index % SIGN_COLOURS.length] as string;
  const accent = SIGN_COLOURS[(index + 3) % SIGN_COLOURS.length] as string;
  const wall = ['#efe6d8', '#e5e8e8', '#f2e9e1', '#e8eef3'][index % 4] as string;
  let body = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
  body += `<rect x="40" y="44" width="320" height="214" fill="${wall}" stroke="#b2babb" stroke-width="2"/>`;
  body += `<rect x="40" y="44" width="320" height="52" fill="${sign}"/>`;
  body += label(
    200,
    80,
    clip(merchant.name, 12),
    merchant.name.length > 9 ? 22 : 26,
    '#ffffff',
    'middle',
    'bold',
  );
  body += `<rect x="100" y="112" width="240" height="128" fill="#d6eaf8" stroke="#5d6d7e" stroke-width="4"/>`;
  body += shopWindow(merchant.display, accent);
  body += `<rect x="54" y="150" width="36" height="90" fill="#5d6d7e"/><circle cx="84" cy="196" r="3" fill="#f7dc6f"/>`;
  body += `<rect y="258" width="${W}" height="42" fill="#aab7b8"/>`;
  body += `<rect x="12" y="10" width="150" height="26" rx="13" fill="#c0392b"/>`;
  body += label(87, 28, '以旧换新合作商家', 14, '#ffffff', 'middle', 'bold');
  body += `<rect x="300" y="10" width="88" height="26" rx="13" fill="#ffffff" opacity="0.9"/>`;
  body += label(344, 28, merchant.category, 15, sign, 'middle', 'bold');
  body += captionBand(W, H, '门店示意图', 13);
  return svgDocument(W, H, body, vGradient('sky', '#9fc5e8', '#eef5fb'));
}
