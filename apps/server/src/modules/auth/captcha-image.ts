import { randomBytes, randomInt } from 'node:crypto';
import { encode } from 'fast-png';

/**
 * The captcha picture shown after a failed sign-in (decision 019): a raster PNG, not a vector image
 * whose glyph paths a script can read back, with each character drawn from strokes, scaled, rotated,
 * sheared and bent by a wave, crossed by lines in the same ink. It is a speed bump for scripts; the
 * proof of work on every sign-in and the per-address limits are what make guessing expensive.
 */

type Stroke = [number, number][];

/** P's stem and bowl, which R shares. */
const P_BOWL: Stroke = [
  [0.1, 0.95],
  [0.1, 0.05],
  [0.7, 0.05],
  [0.9, 0.2],
  [0.9, 0.38],
  [0.7, 0.52],
  [0.1, 0.52],
];

/** Characters nobody confuses (no 0/O, 1/I/L… lookalikes), each as strokes in a unit box. */
const GLYPHS: Record<string, Stroke[]> = {
  '2': [
    [
      [0.1, 0.25],
      [0.3, 0.05],
      [0.7, 0.05],
      [0.9, 0.25],
      [0.9, 0.4],
      [0.1, 0.95],
      [0.9, 0.95],
    ],
  ],
  '3': [
    [
      [0.1, 0.1],
      [0.9, 0.1],
      [0.45, 0.45],
      [0.8, 0.5],
      [0.9, 0.7],
      [0.75, 0.92],
      [0.4, 0.95],
      [0.1, 0.85],
    ],
  ],
  '4': [
    [
      [0.7, 0.95],
      [0.7, 0.05],
      [0.1, 0.7],
      [0.95, 0.7],
    ],
  ],
  '5': [
    [
      [0.85, 0.05],
      [0.2, 0.05],
      [0.15, 0.45],
      [0.6, 0.4],
      [0.88, 0.6],
      [0.85, 0.85],
      [0.55, 0.97],
      [0.15, 0.88],
    ],
  ],
  '6': [
    [
      [0.8, 0.1],
      [0.45, 0.05],
      [0.15, 0.35],
      [0.12, 0.75],
      [0.35, 0.95],
      [0.7, 0.95],
      [0.88, 0.72],
      [0.75, 0.5],
      [0.45, 0.45],
      [0.15, 0.6],
    ],
  ],
  '7': [
    [
      [0.1, 0.05],
      [0.9, 0.05],
      [0.4, 0.95],
    ],
  ],
  '9': [
    [
      [0.85, 0.4],
      [0.55, 0.55],
      [0.25, 0.5],
      [0.12, 0.28],
      [0.3, 0.05],
      [0.65, 0.05],
      [0.85, 0.25],
      [0.85, 0.6],
      [0.6, 0.95],
      [0.2, 0.92],
    ],
  ],
  A: [
    [
      [0.05, 0.95],
      [0.5, 0.05],
      [0.95, 0.95],
    ],
    [
      [0.25, 0.6],
      [0.75, 0.6],
    ],
  ],
  C: [
    [
      [0.9, 0.2],
      [0.65, 0.05],
      [0.35, 0.05],
      [0.1, 0.3],
      [0.1, 0.7],
      [0.35, 0.95],
      [0.65, 0.95],
      [0.9, 0.8],
    ],
  ],
  E: [
    [
      [0.9, 0.05],
      [0.1, 0.05],
      [0.1, 0.95],
      [0.9, 0.95],
    ],
    [
      [0.1, 0.5],
      [0.7, 0.5],
    ],
  ],
  F: [
    [
      [0.9, 0.05],
      [0.1, 0.05],
      [0.1, 0.95],
    ],
    [
      [0.1, 0.5],
      [0.7, 0.5],
    ],
  ],
  H: [
    [
      [0.1, 0.05],
      [0.1, 0.95],
    ],
    [
      [0.9, 0.05],
      [0.9, 0.95],
    ],
    [
      [0.1, 0.5],
      [0.9, 0.5],
    ],
  ],
  K: [
    [
      [0.1, 0.05],
      [0.1, 0.95],
    ],
    [
      [0.9, 0.05],
      [0.1, 0.6],
    ],
    [
      [0.35, 0.42],
      [0.9, 0.95],
    ],
  ],
  M: [
    [
      [0.05, 0.95],
      [0.1, 0.05],
      [0.5, 0.6],
      [0.9, 0.05],
      [0.95, 0.95],
    ],
  ],
  N: [
    [
      [0.1, 0.95],
      [0.1, 0.05],
      [0.9, 0.95],
      [0.9, 0.05],
    ],
  ],
  P: [P_BOWL],
  R: [
    P_BOWL,
    [
      [0.5, 0.52],
      [0.9, 0.95],
    ],
  ],
  T: [
    [
      [0.05, 0.05],
      [0.95, 0.05],
    ],
    [
      [0.5, 0.05],
      [0.5, 0.95],
    ],
  ],
  U: [
    [
      [0.1, 0.05],
      [0.1, 0.7],
      [0.3, 0.95],
      [0.7, 0.95],
      [0.9, 0.7],
      [0.9, 0.05],
    ],
  ],
  V: [
    [
      [0.05, 0.05],
      [0.5, 0.95],
      [0.95, 0.05],
    ],
  ],
  W: [
    [
      [0.02, 0.05],
      [0.25, 0.95],
      [0.5, 0.35],
      [0.75, 0.95],
      [0.98, 0.05],
    ],
  ],
  X: [
    [
      [0.1, 0.05],
      [0.9, 0.95],
    ],
    [
      [0.9, 0.05],
      [0.1, 0.95],
    ],
  ],
  Y: [
    [
      [0.05, 0.05],
      [0.5, 0.5],
      [0.95, 0.05],
    ],
    [
      [0.5, 0.5],
      [0.5, 0.95],
    ],
  ],
  Z: [
    [
      [0.1, 0.05],
      [0.9, 0.05],
      [0.1, 0.95],
      [0.9, 0.95],
    ],
  ],
};
export const CAPTCHA_CHARACTERS = Object.keys(GLYPHS).join('');

const WIDTH = 150;
const HEIGHT = 50;
const LENGTH = 4;

/** A uniform number in [min, max) from the strong random source. */
const rnd = (min: number, max: number) => min + (randomInt(0, 1_000_000) / 1_000_000) * (max - min);

/** Splits a polyline into short pieces, so the wave bends straight strokes. */
function subdivide(points: [number, number][], step = 3): [number, number][] {
  const out: [number, number][] = [points[0]!];
  for (let i = 1; i < points.length; i++) {
    const [x0, y0] = points[i - 1]!;
    const [x1, y1] = points[i]!;
    const n = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0) / step));
    for (let k = 1; k <= n; k++) out.push([x0 + ((x1 - x0) * k) / n, y0 + ((y1 - y0) * k) / n]);
  }
  return out;
}

/** Draws a thick, anti-aliased polyline into the ink coverage buffer. */
function drawPolyline(ink: Float32Array, points: [number, number][], halfWidth: number): void {
  for (let i = 1; i < points.length; i++) {
    const [ax, ay] = points[i - 1]!;
    const [bx, by] = points[i]!;
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy || 1e-9;
    const x0 = Math.max(0, Math.floor(Math.min(ax, bx) - halfWidth - 1));
    const x1 = Math.min(WIDTH - 1, Math.ceil(Math.max(ax, bx) + halfWidth + 1));
    const y0 = Math.max(0, Math.floor(Math.min(ay, by) - halfWidth - 1));
    const y1 = Math.min(HEIGHT - 1, Math.ceil(Math.max(ay, by) + halfWidth + 1));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const px = x + 0.5;
        const py = y + 0.5;
        const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2));
        const d = Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
        const cover = Math.max(0, Math.min(1, halfWidth + 0.5 - d));
        const at = y * WIDTH + x;
        if (cover > ink[at]!) ink[at] = cover;
      }
    }
  }
}

/** A new captcha: its text (kept hashed by the caller) and the PNG as a data URL. */
export function captchaImage(): { text: string; image: string } {
  const text = Array.from({ length: LENGTH }, () => CAPTCHA_CHARACTERS[randomInt(CAPTCHA_CHARACTERS.length)]!).join('');
  const ink = new Float32Array(WIDTH * HEIGHT);
  const wave = { ax: rnd(2, 4), lx: rnd(40, 80), px: rnd(0, 6.28), ay: rnd(1, 2.5), ly: rnd(20, 40), py: rnd(0, 6.28) };
  const bend = ([x, y]: [number, number]): [number, number] => [
    x + wave.ay * Math.sin((2 * Math.PI * y) / wave.ly + wave.py),
    y + wave.ax * Math.sin((2 * Math.PI * x) / wave.lx + wave.px),
  ];
  const pitch = rnd(25, 29);
  const left = (WIDTH - pitch * LENGTH) / 2 + rnd(-4, 4);
  [...text].forEach((c, i) => {
    const w = 21 * rnd(0.85, 1.15);
    const h = 30 * rnd(0.85, 1.1);
    const angle = rnd(-0.35, 0.35);
    const shear = rnd(-0.3, 0.3);
    const cx = left + pitch * (i + 0.5) + rnd(-2, 2);
    const cy = HEIGHT / 2 + rnd(-4, 4);
    const halfWidth = rnd(1.2, 1.8);
    for (const stroke of GLYPHS[c]!) {
      const placed = stroke.map(([u, v]): [number, number] => {
        const x = (u - 0.5) * w + shear * (v - 0.5) * h;
        const y = (v - 0.5) * h;
        return [cx + x * Math.cos(angle) - y * Math.sin(angle), cy + x * Math.sin(angle) + y * Math.cos(angle)];
      });
      drawPolyline(ink, subdivide(placed).map(bend), halfWidth);
    }
  });
  // Lines across the text in the same ink and width: nothing tells them from a stroke but shape.
  for (let n = 0; n < 2; n++) {
    const y0 = rnd(12, HEIGHT - 12);
    const amp = rnd(4, 10);
    const period = rnd(50, 120);
    const phase = rnd(0, 6.28);
    const line: [number, number][] = [];
    for (let x = 2; x <= WIDTH - 2; x += 4) line.push([x, y0 + amp * Math.sin((2 * Math.PI * x) / period + phase)]);
    drawPolyline(ink, line, rnd(0.9, 1.4));
  }

  const fg = [randomInt(20, 90), randomInt(20, 90), randomInt(60, 140)];
  const bgTop = [randomInt(225, 250), randomInt(225, 250), randomInt(235, 255)];
  const bgBottom = [randomInt(205, 235), randomInt(215, 240), randomInt(225, 250)];
  const data = new Uint8Array(WIDTH * HEIGHT * 3);
  const grain = randomBytes(data.length);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const at = y * WIDTH + x;
      const cover = ink[at]!;
      for (let ch = 0; ch < 3; ch++) {
        const bg = bgTop[ch]! + ((bgBottom[ch]! - bgTop[ch]!) * y) / HEIGHT + (grain[at * 3 + ch]! % 21) - 10;
        data[at * 3 + ch] = Math.max(0, Math.min(255, Math.round(bg * (1 - cover) + fg[ch]! * cover)));
      }
    }
  }
  const png = encode({ width: WIDTH, height: HEIGHT, data, channels: 3, depth: 8 });
  return { text, image: `data:image/png;base64,${Buffer.from(png).toString('base64')}` };
}
