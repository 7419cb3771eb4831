import { render, screen } from '@testing-library/react';
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { QrCode, qrPath } from './qr-code';

/** Paints the code's SVG path into an RGBA bitmap, `scale` pixels a module, for the decoder. */
function rasterise(text: string, scale = 4) {
  const { side, path } = qrPath(text);
  const width = side * scale;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const [, x, y] of path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < scale; dy += 1) {
      for (let dx = 0; dx < scale; dx += 1) {
        const offset = ((Number(y) * scale + dy) * width + Number(x) * scale + dx) * 4;
        pixels.fill(0, offset, offset + 3);
      }
    }
  }
  return { pixels, width };
}

describe('QR codes', () => {
  it.each([
    'https://fc.qhd.gov.cn/',
    'https://wxaurl.cn/AbCdEf12345',
    'https://fc.qhd.gov.cn/verify?code=HY2026000123',
    'http://192.168.1.20:3000/api/realname/go/5mV0e1x2y3z4AbCdEfGhIjKlMnOp',
  ])('draws %s so that a decoder reads it back', (text) => {
    const { pixels, width } = rasterise(text);
    expect(jsQR(pixels, width, width)?.data).toBe(text);
  });

  it('is a labelled picture carrying its value', () => {
    render(<QrCode value="https://fc.qhd.gov.cn/" label="手机访问二维码" size={96} />);
    const picture = screen.getByRole('img', { name: '手机访问二维码' });
    expect(picture.getAttribute('data-qr-value')).toBe('https://fc.qhd.gov.cn/');
  });
});
