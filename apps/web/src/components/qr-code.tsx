import QRCode from 'qrcode';
import { useMemo } from 'react';

/** Quiet zone around the code, in modules (the standard asks for 4; 2 scans reliably on screens). */
const QUIET = 2;

/**
 * The dark modules of a real QR code for `text` (error correction M), as one SVG path in module
 * units, and the side length including the quiet zone.
 */
export function qrPath(text: string): { side: number; path: string } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const cells: string[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (modules.get(row, col)) cells.push(`M${col + QUIET} ${row + QUIET}h1v1h-1z`);
    }
  }
  return { side: modules.size + QUIET * 2, path: cells.join('') };
}

interface QrCodeProps {
  /** What a scanner reads: an absolute URL. */
  value: string;
  /** Pixel size of the square. */
  size?: number;
  /** Accessible name of the picture. */
  label: string;
}

/** A scannable QR code of `value`, drawn as SVG (no network, no canvas). */
export function QrCode({ value, size = 132, label }: QrCodeProps) {
  const { side, path } = useMemo(() => qrPath(value), [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      data-qr-value={value}
      width={size}
      height={size}
      viewBox={`0 0 ${side} ${side}`}
      shapeRendering="crispEdges"
    >
      <rect width={side} height={side} fill="#fff" />
      <path d={path} fill="#111" />
    </svg>
  );
}
