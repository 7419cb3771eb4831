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
