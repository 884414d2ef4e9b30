import type { ReactNode } from 'react';

/**
 * Original symbol art for the three house slots, drawn as inline SVG (no images, no vendor art).
 * Each title's symbols live in one hidden sprite; a cell shows `<use href="#…">`.
 */

const polygon = (n: number, r: number, cx = 50, cy = 50, rot = -90, sx = 1, sy = 1) =>
  Array.from({ length: n }, (_, i) => {
    const a = ((rot + (360 / n) * i) * Math.PI) / 180;
    return [cx + Math.cos(a) * r * sx, cy + Math.sin(a) * r * sy] as const;
  });
const pts = (p: readonly (readonly [number, number])[]) =>
  p.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');

/**
 * A gradient's stops as one short string, like CSS: "offset colour [opacity]" entries separated by
 * commas, e.g. "0 #ffffff, 0.4 #fde68a, 1 #f59e0b 0".
 */
const gradientStops = (stops: string) =>
  stops.split(',').map((entry) => {
    const [offset, color, opacity] = entry.trim().split(/\s+/);
    return <stop key={offset} offset={offset} stopColor={color} stopOpacity={opacity} />;
  });

type GradientProps = { id: string; stops: string };

const Radial = ({ id, stops, ...at }: GradientProps & { cx: string; cy: string; r: string }) => (
  <radialGradient id={id} {...at}>
    {gradientStops(stops)}
  </radialGradient>
);

const Linear = ({ id, stops, ...at }: GradientProps & { x1: string; y1: string; x2: string; y2: string }) => (
  <linearGradient id={id} {...at}>
    {gradientStops(stops)}
  </linearGradient>
);

/** A faceted gem: triangles from the table to the girdle, shaded light and dark in turn. */
function Gem({
  id,
  n,
  light,
  mid,
  dark,
  sx = 1,
  sy = 1,
  rot = -90,
}: {
  id: string;
  n: number;
  light: string;
  mid: string;
  dark: string;
  sx?: number;
  sy?: number;
  rot?: number;
}) {
  const outer = polygon(n, 40, 50, 52, rot, sx, sy);
  const inner = polygon(n, 20, 50, 50, rot, sx, sy);
  return (
    <g>
      <defs>
        <Radial id={`${id}-g`} cx="35%" cy="30%" r="80%" stops={`0 ${light}, 0.55 ${mid}, 1 ${dark}`} />
      </defs>
      <ellipse cx="50" cy="92" rx="30" ry="5" fill="#000" opacity="0.25" />
      <polygon points={pts(outer)} fill={`url(#${id}-g)`} stroke={light} strokeWidth="1.5" strokeLinejoin="round" />
      {outer.map((p, i) => {
        const q = outer[(i + 1) % n]!;
        const a = inner[i]!;
        const b = inner[(i + 1) % n]!;
        return (
          <polygon
            key={i}
            points={pts([p, q, b, a])}
            fill={i % 2 === 0 ? '#ffffff' : '#000000'}
            opacity={i % 2 === 0 ? 0.18 : 0.16}
          />
        );
      })}
      <polygon points={pts(inner)} fill={light} opacity="0.55" />
      <polygon points={pts(inner)} fill="none" stroke="#fff" strokeOpacity="0.7" strokeWidth="1" />
      <path d="M34 34 L42 30 L40 38 Z" fill="#fff" opacity="0.85" />
    </g>
  );
}

function Medallion({
  id,
  glyph,
  ring,
  face,
  ink,
}: {
  id: string;
  glyph: string;
  ring: string;
  face: string;
  ink: string;
}) {
  return (
    <g>
      <defs>
        <Radial id={`${id}-f`} cx="40%" cy="35%" r="75%" stops={`0 #fff6d6, 0.3 ${face}, 1 ${ring}`} />
        <Linear id={`${id}-r`} x1="0" y1="0" x2="1" y2="1" stops="0 #fff1b0, 0.5 #e3a928, 1 #8a5a0b" />
      </defs>
      <circle cx="50" cy="50" r="42" fill={`url(#${id}-r)`} />
      <circle cx="50" cy="50" r="35" fill={`url(#${id}-f)`} stroke="#6b3f05" strokeOpacity="0.4" />
      <circle cx="50" cy="50" r="30" fill="none" stroke="#fff3c4" strokeOpacity="0.5" strokeDasharray="2 3" />
      <text
        x="50"
        y="62"
        textAnchor="middle"
        fontSize="34"
        fontWeight="900"
        fill={ink}
        fontFamily="'Noto Serif CJK SC','Noto Serif CJK KR',serif"
      >
        {glyph}
      </text>
    </g>
  );
}

const Label = ({
  text,
  fill,
  stroke,
  y = 88,
  size = 15,
}: {
  text: string;
  fill: string;
  stroke: string;
  y?: number;
  size?: number;
}) => (
  <text
    x="50"
    y={y}
    textAnchor="middle"
    fontSize={size}
    fontWeight="900"
    letterSpacing="1"
    fill={fill}
    stroke={stroke}
    strokeWidth="3"
    paintOrder="stroke"
    fontFamily="system-ui, sans-serif"
  >
    {text}
  </text>
);

function auroraSymbols(p: string): Record<string, ReactNode> {
  return {
    A: <Gem id={`${p}A`} n={8} light="#f4fdff" mid="#9be7ff" dark="#2c7fb8" />,
    B: <Gem id={`${p}B`} n={6} light="#ffd1d8" mid="#ff3b5c" dark="#7a0a23" rot={0} />,
    C: <Gem id={`${p}C`} n={8} light="#d5ffe6" mid="#22c55e" dark="#0b5b33" sx={0.8} sy={1.05} rot={-67.5} />,
    D: <Gem id={`${p}D`} n={10} light="#dbe6ff" mid="#3b6cff" dark="#142a80" sx={1} sy={0.85} />,
    E: <Gem id={`${p}E`} n={3} light="#f3deff" mid="#a855f7" dark="#4c1787" />,
    F: <Gem id={`${p}F`} n={12} light="#fff4d1" mid="#f59e0b" dark="#8a4b06" />,
    G: (
      <g>
        <defs>
          <Radial id={`${p}G-g`} cx="35%" cy="35%" r="75%" stops="0 #ffffff, 0.35 #a5f3fc, 0.6 #f0abfc, 1 #6366f1" />
        </defs>
        <ellipse cx="50" cy="92" rx="26" ry="5" fill="#000" opacity="0.25" />
        <path
          d="M50 10 C70 34 80 48 80 62 A30 28 0 0 1 20 62 C20 48 30 34 50 10 Z"
          fill={`url(#${p}G-g)`}
          stroke="#e0f2fe"
          strokeWidth="1.5"
        />
        <path
          d="M38 50 C40 40 46 32 50 26"
          stroke="#fff"
          strokeWidth="4"
          strokeLinecap="round"
          opacity="0.7"
          fill="none"
        />
      </g>
    ),
    H: (
      <g>
        <defs>
          <Radial id={`${p}H-g`} cx="38%" cy="34%" r="70%" stops="0 #ffffff, 0.5 #f1e9ff, 1 #9c8fc4" />
        </defs>
        <ellipse cx="50" cy="90" rx="24" ry="5" fill="#000" opacity="0.25" />
        <circle cx="50" cy="52" r="32" fill={`url(#${p}H-g)`} />
        <ellipse cx="40" cy="40" rx="9" ry="6" fill="#fff" opacity="0.9" />
      </g>
    ),
    W: (
      <g>
        <defs>
          <Linear id={`${p}W-g`} x1="0" y1="0" x2="1" y2="1" stops="0 #0f1f4d, 1 #04081c" />
          <Linear id={`${p}W-a`} x1="0" y1="0" x2="1" y2="0" stops="0 #34d399, 0.5 #22d3ee, 1 #c084fc" />
        </defs>
        <rect
          x="8"
          y="8"
          width="84"
          height="84"
          rx="16"
          fill={`url(#${p}W-g)`}
          stroke={`url(#${p}W-a)`}
          strokeWidth="3"
        />
        <path
          d="M12 50 C30 20 45 60 60 30 S85 40 88 22"
          stroke={`url(#${p}W-a)`}
          strokeWidth="9"
          fill="none"
          strokeLinecap="round"
          opacity="0.85"
        />
        <path
          d="M12 62 C30 36 48 72 64 44 S86 54 88 38"
          stroke={`url(#${p}W-a)`}
          strokeWidth="4"
          fill="none"
          strokeLinecap="round"
          opacity="0.55"
        />
        <circle cx="24" cy="22" r="1.5" fill="#fff" />
        <circle cx="76" cy="70" r="1.2" fill="#fff" />
        <Label text="WILD" fill="#ffffff" stroke="#4c1d95" y={82} size={19} />
      </g>
    ),
    S: (
      <g>
        <defs>
          <Radial id={`${p}S-h`} cx="50%" cy="50%" r="50%" stops="0 #ffffff, 0.4 #fde68a, 1 #f59e0b 0" />
          <Linear id={`${p}S-t`} x1="1" y1="0" x2="0" y2="1" stops="0 #fde68a, 1 #8b5cf6 0" />
        </defs>
        <path d="M66 30 L14 84 L22 88 L74 40 Z" fill={`url(#${p}S-t)`} />
        <path d="M70 34 L30 88 L34 90 L76 44 Z" fill={`url(#${p}S-t)`} opacity="0.6" />
        <circle cx="68" cy="34" r="24" fill={`url(#${p}S-h)`} />
        <path d="M68 18 L72 30 L84 34 L72 38 L68 50 L64 38 L52 34 L64 30 Z" fill="#fff" />
        <Label text="SCATTER" fill="#fde68a" stroke="#3b0764" y={92} size={12} />
      </g>
    ),
  };
}

function dragonSymbols(p: string): Record<string, ReactNode> {
  return {
    W: (
      <g>
        <Medallion id={`${p}W`} glyph="龍" ring="#b45309" face="#fbbf24" ink="#991b1b" />
        <rect x="14" y="72" width="72" height="18" rx="5" fill="#b91c1c" stroke="#fde68a" strokeWidth="2" />
        <Label text="WILD" fill="#fde68a" stroke="#7f1d1d" y={86} size={14} />
      </g>
    ),
    S: (
      <g>
        <defs>
          <Radial id={`${p}S-g`} cx="40%" cy="40%" r="70%" stops="0 #fecaca, 0.4 #ef4444, 1 #7f1d1d" />
        </defs>
        <circle cx="50" cy="50" r="44" fill="#f59e0b" opacity="0.18" />
        <line x1="50" y1="4" x2="50" y2="16" stroke="#a16207" strokeWidth="3" />
        <rect x="34" y="14" width="32" height="8" rx="3" fill="#fbbf24" />
        <ellipse cx="50" cy="48" rx="32" ry="28" fill={`url(#${p}S-g)`} stroke="#fbbf24" strokeWidth="2" />
        <path
          d="M50 20 C38 30 38 66 50 76 M50 20 C62 30 62 66 50 76 M26 36 C40 44 60 44 74 36 M26 60 C40 52 60 52 74 60"
          stroke="#fbbf24"
          strokeOpacity="0.55"
          strokeWidth="1.5"
          fill="none"
        />
        <text
          x="50"
          y="58"
          textAnchor="middle"
          fontSize="26"
          fontWeight="900"
          fill="#fde68a"
          fontFamily="'Noto Serif CJK SC',serif"
        >
          福
        </text>
        <rect x="36" y="74" width="28" height="7" rx="3" fill="#fbbf24" />
        <path d="M44 81 L42 96 M50 81 L50 98 M56 81 L58 96" stroke="#dc2626" strokeWidth="3" strokeLinecap="round" />
      </g>
    ),
    A: <Medallion id={`${p}A`} glyph="鳳" ring="#9a3412" face="#fb923c" ink="#7c2d12" />,
    B: <Medallion id={`${p}B`} glyph="鯉" ring="#155e75" face="#67e8f9" ink="#9a3412" />,
    C: <Medallion id={`${p}C`} glyph="虎" ring="#92400e" face="#fcd34d" ink="#1f2937" />,
    D: (
      <g>
        <defs>
          <Linear id={`${p}D-g`} x1="0" y1="0" x2="0" y2="1" stops="0 #fff7c2, 0.5 #f5b820, 1 #9a5b05" />
        </defs>
        <ellipse cx="50" cy="86" rx="34" ry="6" fill="#000" opacity="0.25" />
        <path
          d="M10 44 C20 52 34 54 50 54 C66 54 80 52 90 44 C88 66 74 82 50 82 C26 82 12 66 10 44 Z"
          fill={`url(#${p}D-g)`}
          stroke="#7c4a03"
          strokeWidth="1.5"
        />
        <ellipse cx="50" cy="44" rx="20" ry="16" fill={`url(#${p}D-g)`} stroke="#7c4a03" strokeWidth="1.5" />
        <ellipse cx="44" cy="38" rx="6" ry="4" fill="#fff" opacity="0.8" />
      </g>
    ),
    E: (
      <g>
        <defs>
          <Radial id={`${p}E-g`} cx="40%" cy="35%" r="70%" stops="0 #d1fae5, 0.5 #10b981, 1 #065f46" />
        </defs>
        <circle cx="50" cy="50" r="40" fill={`url(#${p}E-g)`} stroke="#064e3b" strokeWidth="2" />
        <circle cx="50" cy="50" r="31" fill="none" stroke="#a7f3d0" strokeOpacity="0.6" strokeWidth="1.5" />
        <rect x="38" y="38" width="24" height="24" rx="2" fill="#0b1430" stroke="#a7f3d0" strokeWidth="2" />
        <path
          d="M30 26 A30 30 0 0 1 46 20"
          stroke="#fff"
          strokeWidth="4"
          strokeLinecap="round"
          opacity="0.6"
          fill="none"
        />
      </g>
    ),
    F: (
      <g>
        <defs>
          <Linear id={`${p}F-g`} x1="0" y1="0" x2="1" y2="0" stops="0 #7f1d1d, 0.5 #ef4444, 1 #7f1d1d" />
        </defs>
        <rect x="18" y="28" width="64" height="50" rx="6" fill={`url(#${p}F-g)`} />
        <ellipse cx="50" cy="28" rx="32" ry="10" fill="#fde68a" stroke="#a16207" strokeWidth="2" />
        <ellipse cx="50" cy="78" rx="32" ry="8" fill="#991b1b" />
        {[24, 36, 50, 64, 76].map((x) => (
          <circle key={x} cx={x} cy="40" r="2.4" fill="#fbbf24" />
        ))}
        <line x1="30" y1="8" x2="46" y2="26" stroke="#92400e" strokeWidth="4" strokeLinecap="round" />
        <line x1="72" y1="8" x2="56" y2="26" stroke="#92400e" strokeWidth="4" strokeLinecap="round" />
      </g>
    ),
    G: (
      <g>
        {Array.from({ length: 9 }, (_, i) => {
          const a = ((-160 + i * 17.5) * Math.PI) / 180;
          return (
            <path
              key={i}
              d={`M50 80 L${50 + Math.cos(a) * 44} ${80 + Math.sin(a) * 44} L${50 + Math.cos(a + 0.3) * 44} ${80 + Math.sin(a + 0.3) * 44} Z`}
              fill={i % 2 ? '#dc2626' : '#f87171'}
              stroke="#fde68a"
              strokeWidth="1"
            />
          );
        })}
        <path d="M12 66 A44 44 0 0 1 88 66" stroke="#fbbf24" strokeWidth="3" fill="none" />
        <circle cx="50" cy="80" r="5" fill="#fbbf24" />
      </g>
    ),
    H: (
      <g>
        {[30, 42, 54, 66].map((x, i) => (
          <g key={x} transform={`rotate(${(i - 1.5) * 8} 50 90)`}>
            <rect
              x={x - 5}
              y="30"
              width="12"
              height="54"
              rx="3"
              fill={i % 2 ? '#b91c1c' : '#ef4444'}
              stroke="#fde68a"
              strokeWidth="1.5"
            />
            <rect x={x - 5} y="40" width="12" height="5" fill="#fbbf24" />
          </g>
        ))}
        <path d="M50 30 C52 20 60 16 64 10" stroke="#a16207" strokeWidth="2.5" fill="none" />
        <path d="M64 10 l3 -5 l2 6 l5 -1 l-4 4 l3 4 l-6 -2 z" fill="#fde047" />
      </g>
    ),
  };
}

function neonSymbols(p: string): Record<string, ReactNode> {
  const glow = `${p}glow`;
  const neon = (d: ReactNode, color: string) => (
    <g>
      <g
        filter={`url(#${glow})`}
        stroke={color}
        fill="none"
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {d}
      </g>
      <g stroke="#ffffff" fill="none" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" opacity="0.9">
        {d}
      </g>
    </g>
  );
  return {
    _defs: (
      <filter id={glow} x="-30%" y="-30%" width="160%" height="160%">
        <feGaussianBlur stdDeviation="2.6" result="b" />
        <feMerge>
          <feMergeNode in="b" />
          <feMergeNode in="b" />
          <feMergeNode in="SourceGraphic" />
        </feMerge>
      </filter>
    ),
    A: (
      <g>
        {neon(<path d="M26 22 H74 L46 84" />, '#ff2d75')}
        {neon(<path d="M38 52 H64" />, '#ff2d75')}
      </g>
    ),
    B: neon(
      <path d="M30 70 C30 40 36 24 50 24 C64 24 70 40 70 70 L78 76 H22 Z M44 84 A6 6 0 0 0 56 84 M50 18 V24" />,
      '#facc15',
    ),
    C: neon(
      <>
        <path d="M14 40 A36 36 0 0 0 86 40 Z" />
        <path d="M22 44 A28 28 0 0 0 78 44" />
        <path d="M36 52 v4 M50 56 v4 M64 52 v4" />
      </>,
      '#4ade80',
    ),
    D: neon(
      <>
        {[
          [40, 36],
          [60, 36],
          [50, 50],
          [32, 52],
          [68, 52],
          [42, 66],
          [58, 66],
          [50, 80],
        ].map(([x, y]) => (
          <circle key={`${x}-${y}`} cx={x} cy={y} r="8" />
        ))}
        <path d="M50 26 C50 18 56 14 62 14" />
      </>,
      '#c084fc',
    ),
    E: neon(
      <>
        <circle cx="50" cy="54" r="30" />
        <path d="M50 24 V84 M24 40 L76 68 M24 68 L76 40" opacity="0.6" />
        <path d="M50 24 C56 16 64 14 70 16" />
      </>,
      '#fb923c',
    ),
    F: neon(
      <>
        <ellipse cx="50" cy="56" rx="28" ry="30" />
        <path d="M50 28 C50 40 48 48 44 56" opacity="0.7" />
        <path d="M50 26 C58 14 70 14 76 20 C68 26 58 28 50 26 Z" />
      </>,
      '#818cf8',
    ),
    G: neon(
      <>
        <path d="M14 54 C14 34 34 24 50 24 C66 24 86 34 86 54 C86 74 66 84 50 84 C34 84 14 74 14 54 Z" />
        <path d="M30 46 C36 38 44 36 50 36" opacity="0.7" />
      </>,
      '#fde047',
    ),
    H: neon(
      <>
        <circle cx="34" cy="68" r="14" />
        <circle cx="66" cy="72" r="14" />
        <path d="M34 54 C40 36 50 24 62 18 M66 58 C64 40 62 28 62 18 M62 18 C70 14 80 16 84 22" />
      </>,
      '#f43f5e',
    ),
    W: (
      <g>
        {neon(
          <polygon points={pts(polygon(5, 36, 50, 48, -90).flatMap((v, i) => [v, polygon(5, 15, 50, 48, -54)[i]!]))} />,
          '#22d3ee',
        )}
        <Label text="WILD" fill="#ecfeff" stroke="#0e7490" y={92} size={16} />
      </g>
    ),
    S: (
      <g>
        <defs>
          <Radial id={`${p}S-g`} cx="38%" cy="35%" r="70%" stops="0 #ffffff, 0.5 #a1a1aa, 1 #3f3f46" />
        </defs>
        <line x1="50" y1="2" x2="50" y2="16" stroke="#e4e4e7" strokeWidth="2" />
        <circle cx="50" cy="48" r="32" fill={`url(#${p}S-g)`} />
        {[-20, -10, 0, 10, 20].map((o) => (
          <ellipse
            key={`h${o}`}
            cx="50"
            cy={48 + o}
            rx={Math.sqrt(32 * 32 - o * o)}
            ry="1"
            fill="#18181b"
            opacity="0.5"
          />
        ))}
        {[-20, -10, 0, 10, 20].map((o) => (
          <ellipse
            key={`v${o}`}
            cx={50 + o}
            cy="48"
            rx="1"
            ry={Math.sqrt(32 * 32 - o * o)}
            fill="#18181b"
            opacity="0.5"
          />
        ))}
        <rect x="36" y="32" width="8" height="8" fill="#f0abfc" opacity="0.9" />
        <rect x="56" y="52" width="8" height="8" fill="#67e8f9" opacity="0.9" />
        <path d="M84 16 l3 8 l8 3 l-8 3 l-3 8 l-3 -8 l-8 -3 l8 -3 z" fill="#fff" />
        <Label text="BONUS" fill="#f0abfc" stroke="#581c87" y={94} size={14} />
      </g>
    ),
  };
}

const ART: Record<string, (prefix: string) => Record<string, ReactNode>> = {
  'slot-aurora-gems': auroraSymbols,
  'slot-dragon-lantern': dragonSymbols,
  'slot-neon-fruits': neonSymbols,
};

export const symbolHref = (code: string, symbol: string) => `#hg-${code}-${symbol}`;

/** The title's symbols, defined once per page; cells and the paytable reference them. */
export function SlotSprite({ code }: { code: string }) {
  const art = ART[code]?.(`hg-${code}-x`) ?? {};
  const { _defs, ...symbols } = art;
  return (
    <svg width="0" height="0" style={{ position: 'absolute' }} aria-hidden="true" focusable="false">
      <defs>{_defs}</defs>
      {Object.entries(symbols).map(([id, node]) => (
        <symbol key={id} id={`hg-${code}-${id}`} viewBox="0 0 100 100">
          {node}
        </symbol>
      ))}
    </svg>
  );
}

export function SymbolIcon({ code, symbol, className }: { code: string; symbol: string; className?: string }) {
  return (
    <svg viewBox="0 0 100 100" className={className} aria-hidden="true" focusable="false">
      <use href={symbolHref(code, symbol)} />
    </svg>
  );
}
