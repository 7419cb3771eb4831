import { randomInt } from 'node:crypto';
import sharp from 'sharp';

/**
 * Strokes of each digit on a 10 × 16 grid (polylines, "M" starts a new stroke). Drawn as paths,
 * so the picture needs no font and carries no text a script could read.
 */
const DIGIT_STROKES: Record<string, string> = {
  '0': 'M5 1 C0 1 0 15 5 15 C10 15 10 1 5 1',
  '1': 'M2 4 L6 1 L6 15 M2 15 L9 15',
  '2': 'M1 4 C2 0 9 0 9 4 C9 8 1 11 1 15 L9 15',
  '3': 'M1 2 L9 2 L5 7 C10 7 10 15 5 15 C3 15 1 14 1 13',
  '4': 'M7 15 L7 1 L1 11 L10 11',
  '5': 'M9 1 L2 1 L1 7 C5 5 9 7 9 11 C9 15 3 16 1 13',
  '6': 'M8 1 C3 2 1 6 1 11 C1 16 9 16 9 11 C9 7 3 7 1 10',
  '7': 'M1 1 L9 1 L4 15',
  '8': 'M5 8 C0 7 1 1 5 1 C9 1 10 7 5 8 C0 9 0 15 5 15 C10 15 10 9 5 8',
  '9': 'M9 6 C9 1 1 1 1 5 C1 9 9 9 9 5 L8 15',
};

const WIDTH = 120;
const HEIGHT = 40;

function colour(min: number, max: number): string {
  return `rgb(${randomInt(min, max)},${randomInt(min, max)},${randomInt(min, max)})`;
}

/** The SVG of a code: each digit turned, skewed and shifted, over noise lines and dots. */
export function captchaSvg(code: string): string {
  const parts: string[] = [];
  for (let i = 0; i < 5; i += 1) {
    const x1 = randomInt(0, WIDTH);
    const y1 = randomInt(0, HEIGHT);
    const x2 = randomInt(0, WIDTH);
    const y2 = randomInt(0, HEIGHT);
    parts.push(
      `<path d="M${x1} ${y1} Q${randomInt(0, WIDTH)} ${randomInt(0, HEIGHT)} ${x2} ${y2}" stroke="${colour(120, 210)}" stroke-width="1.2" fill="none"/>`,
    );
  }
  for (let i = 0; i < 40; i += 1) {
    parts.push(
      `<circle cx="${randomInt(0, WIDTH)}" cy="${randomInt(0, HEIGHT)}" r="1" fill="${colour(100, 220)}"/>`,
    );
  }
  [...code].forEach((digit, i) => {
    const d = DIGIT_STROKES[digit] ?? '';
    const x = 8 + i * 21 + randomInt(-2, 3);
    const y = 5 + randomInt(-2, 3);
    const rotate = randomInt(-25, 26);
    const skew = randomInt(-12, 13);
    const scale = (randomInt(110, 141) / 100).toFixed(2);
    parts.push(
      `<path d="${d}" transform="translate(${x} ${y}) rotate(${rotate} 5 8) skewX(${skew}) scale(${scale} 1.6)" stroke="${colour(20, 110)}" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`,
    );
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}"><rect width="100%" height="100%" fill="${colour(225, 250)}"/>${parts.join('')}</svg>`;
}

/** The code as a PNG data URL. */
export async function captchaPngDataUrl(code: string): Promise<string> {
  const png = await sharp(Buffer.from(captchaSvg(code)))
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}
