/** Tower blocks of the skyline: x, width, height (px in the 1200×360 view). */
type Block = readonly [number, number, number];

const FAR_BLOCKS: readonly Block[] = [
  [20, 46, 150],
  [70, 38, 185],
  [150, 52, 130],
  [330, 44, 110],
  [420, 40, 95],
  [520, 56, 118],
  [640, 44, 100],
  [740, 50, 112],
  [850, 40, 140],
  [1010, 48, 175],
  [1064, 40, 140],
];

const NEAR_BLOCKS: readonly Block[] = [
  [0, 60, 120],
  [64, 44, 175],
  [112, 70, 140],
  [188, 40, 225],
  [232, 58, 185],
  [296, 48, 130],
  [352, 56, 92],
  [470, 48, 70],
  [590, 60, 84],
  [700, 52, 76],
  [800, 46, 96],
  [860, 44, 150],
  [908, 66, 205],
  [980, 40, 165],
  [1124, 46, 190],
  [1172, 28, 130],
];

const HORIZON = 292;

function Blocks({
  blocks,
  fill,
  windows,
}: {
  blocks: readonly Block[];
  fill: string;
  windows?: string;
}) {
  return (
    <g>
      {blocks.map(([x, width, height]) => (
        <g key={`${x}-${height}`}>
          <rect x={x} y={HORIZON - height} width={width} height={height} fill={fill} />
          {windows && (
            <rect
              x={x + 6}
              y={HORIZON - height + 10}
              width={width - 12}
              height={height - 18}
              fill={windows}
            />
          )}
        </g>
      ))}
    </g>
  );
}

/** A coastal-city skyline at dawn, drawn in SVG for the home banner (no image files). */
export function SkylineIllustration({ className }: { className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 1200 360"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
    >
      <defs>
        <linearGradient id="skyline-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#1c56b0" />
          <stop offset="0.55" stopColor="#5d9be0" />
          <stop offset="1" stopColor="#f6dfb8" />
        </linearGradient>
        <linearGradient id="skyline-sea" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#2f73c4" />
          <stop offset="1" stopColor="#123f80" />
        </linearGradient>
        <radialGradient id="skyline-sun" cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#fff4d2" />
          <stop offset="0.6" stopColor="#ffd98c" stopOpacity="0.9" />
          <stop offset="1" stopColor="#ffd98c" stopOpacity="0" />
        </radialGradient>
        <pattern id="skyline-windows" width="10" height="12" patternUnits="userSpaceOnUse">
          <rect x="1" y="2" width="5" height="6" fill="#ffe7a8" opacity="0.55" />
        </pattern>
      </defs>
      <rect width="1200" height="360" fill="url(#skyline-sky)" />
      <circle cx="1010" cy="96" r="100" fill="url(#skyline-sun)" />
      <circle cx="1010" cy="96" r="32" fill="#fff1cc" />
      <path
        d="M0 250 L120 205 L230 238 L360 190 L470 232 L600 200 L720 236 L860 196 L1000 232 L1100 210 L1200 236 V292 H0 Z"
        fill="#9dbde3"
        opacity="0.7"
      />
      <Blocks blocks={FAR_BLOCKS} fill="#6f9ad0" />
      <g fill="#3e6fb0">
        <rect x="272" y="60" width="6" height="232" />
        <circle cx="275" cy="104" r="13" />
        <rect x="264" y="134" width="22" height="8" rx="3" />
      </g>
      <Blocks blocks={NEAR_BLOCKS} fill="#244f8c" windows="url(#skyline-windows)" />
      <g fill="#1e4479">
        <rect x="1090" y="232" width="14" height="60" />
        <path d="M1086 232 h22 l-4 -14 h-14 z" />
        <rect x="1092" y="208" width="10" height="10" fill="#ffd98c" />
      </g>
      <rect y={HORIZON} width="1200" height={360 - HORIZON} fill="url(#skyline-sea)" />
      <g stroke="#ffffff" strokeOpacity="0.35" strokeWidth="2" fill="none" strokeLinecap="round">
        <path d="M40 312 q20 -6 40 0 t40 0" />
        <path d="M300 326 q20 -6 40 0 t40 0 t40 0" />
        <path d="M640 314 q20 -6 40 0 t40 0" />
        <path d="M900 332 q20 -6 40 0 t40 0 t40 0" />
        <path d="M700 300 h80" strokeOpacity="0.6" stroke="#ffe3a3" />
        <path d="M715 310 h50" strokeOpacity="0.5" stroke="#ffe3a3" />
      </g>
      <g fill="#f4f7fb">
        <path d="M760 320 h60 l-8 10 h-46 z" />
        <path d="M788 318 v-40 l22 36 z" />
      </g>
      <g stroke="#173c6d" strokeWidth="2" fill="none" strokeLinecap="round">
        <path d="M1040 60 l8 6 l8 -6" />
        <path d="M1066 48 l6 5 l6 -5" />
        <path d="M1020 74 l6 4 l6 -4" />
      </g>
    </svg>
  );
}
