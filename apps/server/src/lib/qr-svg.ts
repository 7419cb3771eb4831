import QRCode from 'qrcode';

/** Quiet zone around the code, in modules (the standard asks for 4; 2 scans reliably on screens). */
const QUIET = 2;

/**
 * A real QR code of `text` (error correction M) as a small SVG document: one path of the dark
 * modules in module units, on white, sized by whoever shows it.
 */
export function qrSvg(text: string): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const cells: string[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (modules.get(row, col)) cells.push(`M${col + QUIET} ${row + QUIET}h1v1h-1z`);
    }
  }
  const side = modules.size + QUIET * 2;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" ` +
    `shape-rendering="crispEdges"><rect width="${side}" height="${side}" fill="#fff"/>` +
    `<path d="${cells.join('')}" fill="#111"/></svg>`
  );
}
