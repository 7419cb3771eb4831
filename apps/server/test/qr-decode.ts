import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/** Reads back the text of a QR code in a PNG (a data URL or bytes), as a phone's scanner would. */
export function decodeQrPng(image: string | Buffer): string | null {
  const bytes =
    typeof image === 'string'
      ? Buffer.from(image.replace(/^data:image\/png;base64,/, ''), 'base64')
      : image;
  const png = PNG.sync.read(bytes);
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  return code?.data ?? null;
}

/**
 * Reads back the text of a QR code drawn as SVG by `lib/qr-svg.ts` (one path of 1×1 module
 * squares), painted `scale` pixels a module, as a phone's scanner would.
 */
export function decodeQrSvg(svg: string, scale = 4): string | null {
  const side = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);
  const width = side * scale;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const [, x, y] of svg.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < scale; dy += 1) {
      const offset = ((Number(y) * scale + dy) * width + Number(x) * scale) * 4;
      for (let dx = 0; dx < scale; dx += 1) pixels.fill(0, offset + dx * 4, offset + dx * 4 + 3);
    }
  }
  return jsQR(pixels, width, width)?.data ?? null;
}
