import type { FishType } from '@portal/house-vendor/games/fish-shooter.ts';

/** Colours and build of each fish, original art drawn with canvas paths. */
export interface FishLook {
  body: string;
  belly: string;
  fin: string;
  /** Body length in px at scale 1. */
  length: number;
  shape: 'fish' | 'puffer' | 'turtle' | 'lobster' | 'octopus' | 'ray' | 'sword' | 'shark' | 'whale' | 'kraken';
}

export const FISH_LOOKS: Record<string, FishLook> = {
  clownfish: { body: '#fb923c', belly: '#fff7ed', fin: '#f97316', length: 44, shape: 'fish' },
  pufferfish: { body: '#facc15', belly: '#fef9c3', fin: '#ca8a04', length: 46, shape: 'puffer' },
  angelfish: { body: '#38bdf8', belly: '#e0f2fe', fin: '#a78bfa', length: 52, shape: 'fish' },
  turtle: { body: '#16a34a', belly: '#bbf7d0', fin: '#65a30d', length: 66, shape: 'turtle' },
  lobster: { body: '#ef4444', belly: '#fecaca', fin: '#b91c1c', length: 68, shape: 'lobster' },
  octopus: { body: '#c084fc', belly: '#f5d0fe', fin: '#9333ea', length: 72, shape: 'octopus' },
  stingray: { body: '#64748b', belly: '#cbd5e1', fin: '#475569', length: 84, shape: 'ray' },
  swordfish: { body: '#2563eb', belly: '#dbeafe', fin: '#1e3a8a', length: 100, shape: 'sword' },
  shark: { body: '#94a3b8', belly: '#f1f5f9', fin: '#64748b', length: 124, shape: 'shark' },
  whale: { body: '#1d4ed8', belly: '#bfdbfe', fin: '#1e40af', length: 170, shape: 'whale' },
  'golden-kraken': { body: '#f59e0b', belly: '#fde68a', fin: '#b45309', length: 150, shape: 'kraken' },
};

export const lookOf = (type: FishType): FishLook => FISH_LOOKS[type.id] ?? FISH_LOOKS.clownfish!;

function eye(ctx: CanvasRenderingContext2D, x: number, y: number, r: number) {
  ctx.fillStyle = '#fff';
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#0f172a';
  ctx.beginPath();
  ctx.arc(x + r * 0.25, y, r * 0.55, 0, Math.PI * 2);
  ctx.fill();
}

function bodyGradient(ctx: CanvasRenderingContext2D, look: FishLook, h: number) {
  const g = ctx.createLinearGradient(0, -h, 0, h);
  g.addColorStop(0, look.body);
  g.addColorStop(0.65, look.body);
  g.addColorStop(1, look.belly);
  return g;
}

/**
 * Draws a fish facing right with its centre at the origin; the caller translates, flips and scales.
 * `t` (seconds) moves tails and tentacles.
 */
export function paintFish(ctx: CanvasRenderingContext2D, look: FishLook, t: number): void {
  const L = look.length;
  const H = L * 0.32;
  const wag = Math.sin(t * 8) * 0.25;
  ctx.lineJoin = 'round';
  switch (look.shape) {
    case 'turtle': {
      ctx.fillStyle = look.fin;
      for (const [fx, fy, s] of [
        [L * 0.22, -H * 0.9, 1],
        [L * 0.22, H * 0.9, -1],
        [-L * 0.25, -H * 0.75, 1],
        [-L * 0.25, H * 0.75, -1],
      ] as const) {
        ctx.beginPath();
        ctx.ellipse(fx, fy, L * 0.16, H * 0.28, s * (0.6 + wag), 0, Math.PI * 2);
        ctx.fill();
      }
      ctx.fillStyle = '#86efac';
      ctx.beginPath();
      ctx.ellipse(L * 0.46, 0, L * 0.14, H * 0.36, 0, 0, Math.PI * 2);
      ctx.fill();
      eye(ctx, L * 0.52, -H * 0.1, 3);
      const g = ctx.createRadialGradient(-L * 0.1, -H * 0.3, 2, 0, 0, L * 0.45);
      g.addColorStop(0, '#4ade80');
      g.addColorStop(1, look.body);
      ctx.fillStyle = g;
      ctx.beginPath();
      ctx.ellipse(0, 0, L * 0.4, H * 1.05, 0, 0, Math.PI * 2);
      ctx.fill();
      ctx.strokeStyle = '#14532d';
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.moveTo(-L * 0.2, -H * 0.5);
      ctx.lineTo(L * 0.2, -H * 0.5);
      ctx.lineTo(L * 0.28, 0);
      ctx.lineTo(L * 0.2, H * 0.5);
      ctx.lineTo(-L * 0.2, H * 0.5);
      ctx.lineTo(-L * 0.28, 0);
      ctx.closePath();
      ctx.stroke();
      return;
    }
    case 'octopus':
    case 'kraken': {
      const big = look.shape === 'kraken';
      ctx.strokeStyle = look.fin;
      ctx.lineCap = 'round';
      ctx.lineWidth = big ? 9 : 6;
      for (let i = 0; i < 6; i++) {
        const y0 = -H * 0.6 + (i * H * 1.2) / 5;
        ctx.beginPath();
        ctx.moveTo(-L * 0.05, y0 * 0.7);
        ctx.bezierCurveTo(
          -L * 0.3,
          y0 + Math.sin(t * 5 + i) * 10,
          -L * 0.45,
          y0 * 1.3 - Math.sin(t * 5 + i) * 12,
          -L * 0.62,
          y0 * 1.1,
        );
        ctx.stroke();
      }
      const g = ctx.createRadialGradient(L * 0.15, -H * 0.3, 3, L * 0.1, 0, L * 0.35);
      g.addColorStop(0, look.belly);
      g.addColorStop(1, look.body);
      ctx.fillStyle = g;
      ctx.beginPath();
      ctx.ellipse(L * 0.12, 0, L * 0.3, H * 0.95, 0, 0, Math.PI * 2);
      ctx.fill();
      eye(ctx, L * 0.28, -H * 0.3, big ? 7 : 5);
      eye(ctx, L * 0.28, H * 0.3, big ? 7 : 5);
      if (big) {
        ctx.fillStyle = '#fde047';
        ctx.beginPath();
        ctx.moveTo(L * 0.36, -H * 0.55);
        for (let i = 0; i < 5; i++) {
          ctx.lineTo(L * 0.5, -H * 0.55 + i * H * 0.27);
          ctx.lineTo(L * 0.42, -H * 0.42 + i * H * 0.27);
        }
        ctx.lineTo(L * 0.36, H * 0.55);
        ctx.closePath();
        ctx.fill();
      }
      return;
    }
    case 'ray': {
      const flap = Math.sin(t * 4) * H * 0.25;
      ctx.strokeStyle = look.fin;
      ctx.lineWidth = 3;
      ctx.beginPath();
      ctx.moveTo(-L * 0.2, 0);
      ctx.quadraticCurveTo(-L * 0.45, wag * 20, -L * 0.62, wag * 8);
      ctx.stroke();
      ctx.fillStyle = bodyGradient(ctx, look, H * 1.3);
      ctx.beginPath();
      ctx.moveTo(L * 0.32, 0);
      ctx.quadraticCurveTo(L * 0.05, -H * 1.4 - flap, -L * 0.22, 0);
      ctx.quadraticCurveTo(L * 0.05, H * 1.4 + flap, L * 0.32, 0);
      ctx.fill();
      eye(ctx, L * 0.16, -H * 0.18, 3);
      eye(ctx, L * 0.16, H * 0.18, 3);
      return;
    }
    case 'lobster': {
      ctx.fillStyle = look.fin;
      ctx.beginPath();
      ctx.moveTo(-L * 0.4, 0);
      ctx.lineTo(-L * 0.56, -H * 0.55);
      ctx.lineTo(-L * 0.56, H * 0.55);
      ctx.closePath();
      ctx.fill();
      ctx.fillStyle = bodyGradient(ctx, look, H * 0.5);
      for (let i = 0; i < 4; i++) {
        ctx.beginPath();
        ctx.ellipse(-L * 0.32 + i * L * 0.1, 0, L * 0.07, H * (0.35 + i * 0.05), 0, 0, Math.PI * 2);
        ctx.fill();
      }
      ctx.beginPath();
      ctx.ellipse(L * 0.18, 0, L * 0.18, H * 0.5, 0, 0, Math.PI * 2);
      ctx.fill();
      for (const s of [-1, 1]) {
        ctx.strokeStyle = look.body;
        ctx.lineWidth = 4;
        ctx.beginPath();
        ctx.moveTo(L * 0.3, s * H * 0.3);
        ctx.lineTo(L * 0.42, s * H * 0.75);
        ctx.stroke();
        ctx.fillStyle = look.body;
        ctx.beginPath();
        ctx.ellipse(L * 0.5, s * H * 0.85, L * 0.1, H * 0.28, s * (0.3 + wag * 0.3), 0, Math.PI * 2);
        ctx.fill();
        ctx.strokeStyle = '#fecaca';
        ctx.lineWidth = 1.5;
        ctx.beginPath();
        ctx.moveTo(L * 0.34, s * H * 0.12);
        ctx.quadraticCurveTo(L * 0.6, s * H * 0.3, L * 0.7, s * H * 0.1);
        ctx.stroke();
      }
      eye(ctx, L * 0.3, -H * 0.18, 2.5);
      return;
    }
    default: {
      const puffer = look.shape === 'puffer';
      const whale = look.shape === 'whale';
      const shark = look.shape === 'shark';
      const h = puffer ? H * 1.25 : whale ? H * 1.05 : shark ? H * 0.75 : H;
      // Tail.
      ctx.fillStyle = look.fin;
      ctx.beginPath();
      ctx.moveTo(-L * 0.38, 0);
      ctx.lineTo(-L * 0.56, -h * (0.8 + wag));
      ctx.quadraticCurveTo(-L * 0.48, 0, -L * 0.56, h * (0.8 - wag));
      ctx.closePath();
      ctx.fill();
      // Dorsal fin.
      ctx.beginPath();
      if (shark) {
        ctx.moveTo(-L * 0.02, -h * 0.8);
        ctx.lineTo(-L * 0.14, -h * 1.7);
        ctx.lineTo(L * 0.12, -h * 0.8);
      } else {
        ctx.moveTo(-L * 0.2, -h * 0.7);
        ctx.quadraticCurveTo(-L * 0.02, -h * (puffer ? 1.2 : 1.5), L * 0.14, -h * 0.8);
      }
      ctx.closePath();
      ctx.fill();
      // Body.
      ctx.fillStyle = bodyGradient(ctx, look, h);
      ctx.beginPath();
      if (look.shape === 'sword') {
        ctx.moveTo(L * 0.62, -2);
        ctx.lineTo(L * 0.32, -h * 0.3);
      }
      ctx.ellipse(0, 0, L * (puffer ? 0.36 : 0.42), h, 0, 0, Math.PI * 2);
      ctx.fill();
      if (look.shape === 'sword') {
        ctx.fillStyle = '#93c5fd';
        ctx.beginPath();
        ctx.moveTo(L * 0.36, -h * 0.22);
        ctx.lineTo(L * 0.78, -1);
        ctx.lineTo(L * 0.36, h * 0.08);
        ctx.fill();
      }
      if (look.shape === 'fish' && look.body === '#fb923c') {
        ctx.fillStyle = '#fff';
        for (const x of [-L * 0.15, L * 0.12]) {
          ctx.beginPath();
          ctx.ellipse(x, 0, L * 0.045, h * 0.92, 0, 0, Math.PI * 2);
          ctx.fill();
        }
      }
      if (puffer) {
        ctx.strokeStyle = '#a16207';
        ctx.lineWidth = 1.5;
        for (let i = 0; i < 12; i++) {
          const a = (i / 12) * Math.PI * 2;
          ctx.beginPath();
          ctx.moveTo(Math.cos(a) * L * 0.34, Math.sin(a) * h * 0.95);
          ctx.lineTo(Math.cos(a) * L * 0.42, Math.sin(a) * h * 1.15);
          ctx.stroke();
        }
      }
      if (whale) {
        ctx.strokeStyle = 'rgba(255,255,255,0.35)';
        ctx.lineWidth = 1.5;
        for (let i = 0; i < 4; i++) {
          ctx.beginPath();
          ctx.moveTo(L * 0.05, h * (0.35 + i * 0.12));
          ctx.lineTo(L * 0.36, h * (0.2 + i * 0.1));
          ctx.stroke();
        }
      }
      if (shark) {
        ctx.strokeStyle = 'rgba(15,23,42,0.45)';
        ctx.lineWidth = 1.5;
        for (let i = 0; i < 3; i++) {
          ctx.beginPath();
          ctx.moveTo(L * (0.16 - i * 0.04), -h * 0.3);
          ctx.lineTo(L * (0.13 - i * 0.04), h * 0.2);
          ctx.stroke();
        }
      }
      eye(ctx, L * (whale ? 0.26 : 0.24), -h * 0.25, Math.max(2.5, L * 0.045));
    }
  }
}
