import { captionBand, clip, label, svgDocument, vGradient } from './svg';

/** A trade-in merchant of /buildingmaterials as its picture needs it. */
export interface MerchantArt {
  name: string;
  category: '家装' | '家电' | '建材' | '家居';
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

/** What stands in the shop window: sofa and lamp, appliances, tiles and paint, or a makeover. */
function windowDisplay(category: MerchantArt['category'], accent: string): string {
  switch (category) {
    case '家居':
      return `<rect x="120" y="196" width="130" height="34" rx="10" fill="${accent}"/><rect x="126" y="178" width="118" height="24" rx="8" fill="${accent}" opacity="0.75"/><rect x="270" y="150" width="6" height="80" fill="#555"/><path d="M254 150 L292 150 L284 128 L262 128 Z" fill="#f5cd79"/>`;
    case '家电':
      return `<rect x="112" y="128" width="56" height="102" rx="4" fill="#f4f6f7" stroke="#95a5a6" stroke-width="2"/><line x1="112" y1="162" x2="168" y2="162" stroke="#95a5a6" stroke-width="2"/><rect x="182" y="170" width="60" height="60" rx="4" fill="#f4f6f7" stroke="#95a5a6" stroke-width="2"/><circle cx="212" cy="202" r="18" fill="#aed6f1" stroke="#7f8c8d" stroke-width="3"/><rect x="256" y="140" width="70" height="46" fill="#1c2833" stroke="#7f8c8d" stroke-width="3"/><rect x="286" y="186" width="10" height="16" fill="#7f8c8d"/>`;
    case '建材': {
      let tiles = '';
      for (let r = 0; r < 3; r += 1)
        for (let c = 0; c < 3; c += 1)
          tiles += `<rect x="${112 + c * 30}" y="${140 + r * 30}" width="28" height="28" fill="${(r + c) % 2 ? '#d5dbdb' : '#f2f3f4'}" stroke="#aab7b8"/>`;
      return `${tiles}<rect x="218" y="176" width="30" height="54" rx="3" fill="${accent}"/><rect x="254" y="186" width="30" height="44" rx="3" fill="#5d6d7e"/><rect x="294" y="132" width="36" height="98" fill="#a04000" stroke="#6e2c00" stroke-width="3"/><circle cx="322" cy="182" r="3" fill="#f7dc6f"/>`;
    }
    default:
      return `<rect x="112" y="132" width="150" height="98" fill="#fdfefe" stroke="#aab7b8"/><rect x="112" y="132" width="80" height="98" fill="${accent}" opacity="0.55"/><rect x="196" y="116" width="12" height="60" fill="#7f8c8d" transform="rotate(20 202 146)"/><rect x="188" y="104" width="40" height="16" rx="6" fill="${accent}" transform="rotate(20 208 112)"/><path d="M278 230 L298 130 M318 230 L298 130 M284 200 L312 200 M290 170 L306 170" stroke="#b9770e" stroke-width="5"/>`;
  }
}

/**
 * A merchant's picture (400×300): its own shop front with the name on the sign board, a window
 * showing what it sells, the 以旧换新 partner badge and an illustration caption. The colours and
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
  body += windowDisplay(merchant.category, accent);
  body += `<rect x="54" y="150" width="36" height="90" fill="#5d6d7e"/><circle cx="84" cy="196" r="3" fill="#f7dc6f"/>`;
  body += `<rect y="258" width="${W}" height="42" fill="#aab7b8"/>`;
  body += `<rect x="12" y="10" width="150" height="26" rx="13" fill="#c0392b"/>`;
  body += label(87, 28, '以旧换新合作商家', 14, '#ffffff', 'middle', 'bold');
  body += `<rect x="300" y="10" width="88" height="26" rx="13" fill="#ffffff" opacity="0.9"/>`;
  body += label(344, 28, merchant.category, 15, sign, 'middle', 'bold');
  body += captionBand(W, H, '门店示意图', 13);
  return svgDocument(W, H, body, vGradient('sky', '#9fc5e8', '#eef5fb'));
}
