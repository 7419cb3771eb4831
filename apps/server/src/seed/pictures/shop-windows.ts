/** What a merchant's shop window shows: the goods of its business area. */
export type ShopWindow =
  | 'sofa'
  | 'renovation'
  | 'appliances'
  | 'tiles'
  | 'cabinets'
  | 'tv'
  | 'bathroom'
  | 'furniture'
  | 'windows'
  | 'design'
  | 'smart'
  | 'flooring'
  | 'kitchen'
  | 'lamps'
  | 'paint'
  | 'curtains';

const STROKE = 'stroke="#7f8c8d" stroke-width="2"';

function grid(x: number, y: number, cols: number, rows: number, size: number, fills: string[]) {
  let out = '';
  for (let r = 0; r < rows; r += 1)
    for (let c = 0; c < cols; c += 1)
      out += `<rect x="${x + c * size}" y="${y + r * size}" width="${size - 2}" height="${size - 2}" fill="${fills[(r + c) % fills.length]}" stroke="#aab7b8"/>`;
  return out;
}

/**
 * The goods in a shop window (drawn inside the window box x 100–340, y 112–240), in the
 * merchant's accent colour where it has one.
 */
export function shopWindow(kind: ShopWindow, accent: string): string {
  switch (kind) {
    case 'sofa':
      return `<rect x="120" y="196" width="130" height="34" rx="10" fill="${accent}"/><rect x="126" y="178" width="118" height="24" rx="8" fill="${accent}" opacity="0.75"/><rect x="270" y="150" width="6" height="80" fill="#555"/><path d="M254 150 L292 150 L284 128 L262 128 Z" fill="#f5cd79"/>`;
    case 'renovation':
      return `<rect x="112" y="132" width="150" height="98" fill="#fdfefe" stroke="#aab7b8"/><rect x="112" y="132" width="80" height="98" fill="${accent}" opacity="0.55"/><rect x="196" y="116" width="12" height="60" fill="#7f8c8d" transform="rotate(20 202 146)"/><path d="M278 230 L298 130 M318 230 L298 130 M284 200 L312 200 M290 170 L306 170" stroke="#b9770e" stroke-width="5"/>`;
    case 'appliances':
      return `<rect x="112" y="128" width="56" height="102" rx="4" fill="#f4f6f7" ${STROKE}/><line x1="112" y1="162" x2="168" y2="162" stroke="#95a5a6" stroke-width="2"/><rect x="182" y="170" width="60" height="60" rx="4" fill="#f4f6f7" ${STROKE}/><circle cx="212" cy="202" r="18" fill="#aed6f1" ${STROKE}/><rect x="256" y="150" width="74" height="38" rx="4" fill="#f4f6f7" ${STROKE}/><rect x="262" y="176" width="62" height="6" fill="${accent}"/>`;
    case 'tiles':
      return `${grid(112, 140, 3, 3, 30, ['#f2f3f4', '#d5dbdb'])}<rect x="218" y="176" width="30" height="54" rx="3" fill="${accent}"/><rect x="294" y="132" width="36" height="98" fill="#a04000" stroke="#6e2c00" stroke-width="3"/><circle cx="322" cy="182" r="3" fill="#f7dc6f"/>`;
    case 'cabinets':
      return `<rect x="112" y="124" width="220" height="106" fill="${accent}" opacity="0.85"/>${[
        0, 1, 2, 3,
      ]
        .map(
          (i) =>
            `<rect x="${118 + i * 53}" y="130" width="48" height="94" fill="#fdfefe" opacity="0.85"/><circle cx="${158 + i * 53}" cy="178" r="3" fill="#7f8c8d"/>`,
        )
        .join('')}`;
    case 'tv':
      return `<rect x="118" y="128" width="120" height="72" fill="#1c2833" ${STROKE}/><rect x="172" y="200" width="12" height="16" fill="#7f8c8d"/><rect x="140" y="216" width="76" height="14" fill="${accent}"/><rect x="262" y="150" width="60" height="80" rx="6" fill="#f4f6f7" ${STROKE}/><circle cx="292" cy="190" r="20" fill="#d6eaf8" ${STROKE}/>`;
    case 'bathroom':
      return `<rect x="120" y="196" width="56" height="34" rx="10" fill="#ffffff" ${STROKE}/><rect x="126" y="160" width="30" height="40" rx="6" fill="#ffffff" ${STROKE}/><rect x="210" y="124" width="72" height="106" fill="#d6eaf8" opacity="0.8" ${STROKE}/><path d="M246 132 L246 150 M236 150 L256 150" stroke="#7f8c8d" stroke-width="4"/><rect x="296" y="170" width="36" height="60" fill="${accent}"/>`;
    case 'furniture':
      return `<rect x="120" y="176" width="130" height="12" fill="#8e5a2b"/><rect x="130" y="188" width="8" height="42" fill="#6e4520"/><rect x="232" y="188" width="8" height="42" fill="#6e4520"/><rect x="262" y="150" width="10" height="80" fill="#8e5a2b"/><rect x="262" y="190" width="46" height="10" fill="#8e5a2b"/><rect x="300" y="190" width="8" height="40" fill="#6e4520"/><rect x="150" y="160" width="70" height="16" rx="4" fill="${accent}"/>`;
    case 'windows':
      return `${[0, 1, 2]
        .map(
          (i) =>
            `<rect x="${116 + i * 72}" y="128" width="62" height="96" fill="#aed6f1" stroke="#5d6d7e" stroke-width="6"/><line x1="${147 + i * 72}" y1="128" x2="${147 + i * 72}" y2="224" stroke="#5d6d7e" stroke-width="4"/>`,
        )
        .join('')}`;
    case 'design':
      return `<rect x="116" y="128" width="130" height="96" fill="#fdfefe" ${STROKE}/><path d="M126 210 L126 140 L200 140 L200 180 L236 180 L236 210 Z" fill="none" stroke="${accent}" stroke-width="4"/><line x1="160" y1="140" x2="160" y2="210" stroke="${accent}" stroke-width="3"/><rect x="262" y="150" width="66" height="80" fill="#f5cba7"/><rect x="270" y="160" width="50" height="8" fill="#7f8c8d"/><rect x="270" y="176" width="40" height="8" fill="#7f8c8d"/>`;
    case 'smart':
      return `<rect x="124" y="128" width="70" height="102" fill="#a04000" stroke="#6e2c00" stroke-width="3"/><rect x="174" y="160" width="14" height="30" rx="3" fill="#1c2833"/><rect x="226" y="140" width="46" height="84" rx="8" fill="#1c2833"/><rect x="232" y="150" width="34" height="60" fill="${accent}"/><circle cx="304" cy="176" r="22" fill="#f4f6f7" ${STROKE}/><circle cx="304" cy="176" r="8" fill="${accent}"/>`;
    case 'flooring':
      return `${[0, 1, 2, 3, 4]
        .map(
          (i) =>
            `<rect x="${112 + (i % 2) * 30}" y="${130 + i * 20}" width="190" height="18" fill="${['#c69c6d', '#a9744f', '#d4a76a'][i % 3]}" stroke="#8e5a2b"/>`,
        )
        .join('')}<rect x="312" y="130" width="18" height="98" fill="${accent}"/>`;
    case 'kitchen':
      return `<rect x="150" y="124" width="110" height="36" fill="#7f8c8d"/><path d="M170 160 L240 160 L232 176 L178 176 Z" fill="#566573"/><rect x="124" y="196" width="200" height="34" fill="#f4f6f7" ${STROKE}/><circle cx="190" cy="196" r="10" fill="#1c2833"/><circle cx="230" cy="196" r="10" fill="#1c2833"/><rect x="280" y="202" width="34" height="22" fill="${accent}"/>`;
    case 'lamps':
      return `${[0, 1, 2, 3]
        .map(
          (i) =>
            `<line x1="${138 + i * 56}" y1="112" x2="${138 + i * 56}" y2="${140 + (i % 2) * 20}" stroke="#555" stroke-width="2"/><path d="M${122 + i * 56} ${160 + (i % 2) * 20} L${154 + i * 56} ${160 + (i % 2) * 20} L${146 + i * 56} ${140 + (i % 2) * 20} L${130 + i * 56} ${140 + (i % 2) * 20} Z" fill="${i % 2 ? '#f5cd79' : accent}"/>`,
        )
        .join('')}<rect x="128" y="214" width="190" height="16" fill="#d5dbdb"/>`;
    case 'paint':
      return `${grid(116, 128, 4, 2, 24, ['#e74c3c', '#f1c40f', '#2ecc71', '#3498db', '#9b59b6', '#ecf0f1'])}<rect x="228" y="184" width="36" height="46" rx="4" fill="${accent}"/><rect x="276" y="176" width="44" height="54" rx="4" fill="#ecf0f1" ${STROKE}/><rect x="276" y="190" width="44" height="14" fill="#3498db"/>`;
    default:
      return `<rect x="112" y="118" width="216" height="8" fill="#7f8c8d"/><path d="M116 126 Q140 180 124 230 L160 230 Q150 180 166 126 Z" fill="${accent}"/><path d="M326 126 Q300 180 316 230 L280 230 Q290 180 274 126 Z" fill="${accent}"/><rect x="188" y="196" width="70" height="34" rx="8" fill="#d98880"/>`;
  }
}
