const MODULES = 25;
const FINDER = 7;

function hashText(text: string): number {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return hash >>> 0;
}

function isInFinder(row: number, col: number): boolean {
  const near = (value: number) => value < FINDER + 1 || value >= MODULES - FINDER - 1;
  return (
    (row < FINDER + 1 || row >= MODULES - FINDER - 1) &&
    near(col) &&
    !(row >= MODULES - FINDER - 1 && col >= MODULES - FINDER - 1)
  );
}

/** A deterministic QR-looking module grid for a text (finder squares in three corners). */
export function buildQrPattern(value: string): boolean[][] {
  let seed = hashText(value) || 1;
  const nextBit = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) % 100 < 48;
  };
  return Array.from({ length: MODULES }, (_, row) =>
    Array.from({ length: MODULES }, (_, col) => {
      if (isInFinder(row, col)) return false;
      if (row === 6 || col === 6) return (row + col) % 2 === 0;
      return nextBit();
    }),
  );
}

const FINDER_ORIGINS = [
  [0, 0],
  [MODULES - FINDER, 0],
  [0, MODULES - FINDER],
] as const;

interface QrCodeArtProps {
  value: string;
  size?: number;
  label?: string;
}

/** A locally drawn QR-style picture (the real codes are issued by the mini-program). */
export function QrCodeArt({ value, size = 132, label = '二维码' }: QrCodeArtProps) {
  const pattern = buildQrPattern(value);
  const cells = pattern.flatMap((row, y) =>
    row.map((isDark, x) => (isDark ? `M${x} ${y}h1v1h-1z` : '')),
  );
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox="-2 -2 29 29">
      <rect x="-2" y="-2" width="29" height="29" fill="#fff" />
      <path d={cells.join('')} fill="#111" />
      {FINDER_ORIGINS.map(([x, y]) => (
        <g key={`${x}-${y}`} fill="none" stroke="#111">
          <rect x={x + 0.5} y={y + 0.5} width={6} height={6} strokeWidth={1} />
          <rect x={x + 2} y={y + 2} width={3} height={3} fill="#111" stroke="none" />
        </g>
      ))}
    </svg>
  );
}
