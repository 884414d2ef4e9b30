import { FISH_TYPES, type FishShotOutcome, type FishType } from '@portal/house-vendor/games/fish-shooter.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHouseGame } from '../../hooks/house-game-context.ts';
import { formatMinor } from '../../lib/money.ts';
import { BetControls, useStake } from '../bet-controls.tsx';
import { GameLayout } from '../game-layout.tsx';
import { lookOf, paintFish } from './fish-painter.ts';

type Json<T> = { [K in keyof T]: T[K] extends bigint ? string : T[K] };

interface Fish {
  id: number;
  type: FishType;
  x: number;
  y: number;
  vx: number;
  phase: number;
  scale: number;
  /** A shot is in flight at it: the next click on this fish waits for the answer. */
  pending: boolean;
  caughtAt: number | null;
}
interface Shot {
  fishId: number;
  fromX: number;
  fromY: number;
  startedAt: number;
}
interface Popup {
  x: number;
  y: number;
  text: string;
  color: string;
  startedAt: number;
  big: boolean;
}

const MAX_FISH = 11;
const SHOT_MS = 260;

/** Small fish often, the kraken rarely: the weight of a type is 1/√multiplier. */
export function pickFishType(random: number): FishType {
  const weights = FISH_TYPES.map((f) => 1 / Math.sqrt(f.multiplier));
  let r = random * weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < FISH_TYPES.length; i++) {
    r -= weights[i]!;
    if (r <= 0) return FISH_TYPES[i]!;
  }
  return FISH_TYPES[0]!;
}

/** The topmost swimming fish under a point (later fish draw on top). */
export function fishAt(fish: readonly Fish[], x: number, y: number): Fish | undefined {
  for (let i = fish.length - 1; i >= 0; i--) {
    const f = fish[i]!;
    if (f.caughtAt !== null) continue;
    const look = lookOf(f.type);
    const rx = (look.length * f.scale) / 2 + 6;
    const ry = look.length * f.scale * 0.34 + 6;
    const dx = (x - f.x) / rx;
    const dy = (y - f.y) / ry;
    if (dx * dx + dy * dy <= 1) return f;
  }
  return undefined;
}

export function FishGame() {
  const { t } = useTranslation('house');
  const game = useHouseGame();
  const { check, field: betField } = useStake(game, '1');
  const [lastShot, setLastShot] = useState<{ fish: string; hit: boolean; payout: string } | null>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const wrap = useRef<HTMLDivElement>(null);
  const fish = useRef<Fish[]>([]);
  const shots = useRef<Shot[]>([]);
  const popups = useRef<Popup[]>([]);
  const aim = useRef<{ x: number; y: number } | null>(null);
  const size = useRef({ w: 800, h: 450 });
  const nextId = useRef(1);
  const gameRef = useRef(game);
  gameRef.current = game;
  const stakeRef = useRef<string | null>(null);
  stakeRef.current = check.ok ? check.minor : null;

  const spawn = useCallback((initial = false) => {
    const { w, h } = size.current;
    const type = pickFishType(Math.random());
    const fromLeft = Math.random() < 0.5;
    const look = lookOf(type);
    const scale = w < 500 ? 0.62 : 1;
    const speed = (34 + Math.random() * 40) * (look.length > 110 ? 0.6 : 1) * (w < 500 ? 0.7 : 1);
    const margin = (look.length * scale) / 2 + 10;
    fish.current.push({
      id: nextId.current++,
      type,
      x: initial ? margin + Math.random() * (w - margin * 2) : fromLeft ? -margin : w + margin,
      y: 40 + Math.random() * Math.max(10, h - 150),
      vx: fromLeft ? speed : -speed,
      phase: Math.random() * Math.PI * 2,
      scale,
      pending: false,
      caughtAt: null,
    });
  }, []);

  // Canvas size follows its box; the drawing buffer follows the device pixel ratio (at most 2).
  useEffect(() => {
    const el = wrap.current;
    const c = canvas.current;
    if (!el || !c) return;
    const resize = () => {
      const rect = el.getBoundingClientRect();
      const dpr = Math.min(2, window.devicePixelRatio || 1);
      size.current = { w: rect.width, h: rect.height };
      c.width = Math.round(rect.width * dpr);
      c.height = Math.round(rect.height * dpr);
      c.getContext('2d')?.setTransform(dpr, 0, 0, dpr, 0, 0);
    };
    resize();
    const observer = new ResizeObserver(resize);
    observer.observe(el);
    if (fish.current.length === 0) for (let i = 0; i < 8; i++) spawn(true);
    return () => observer.disconnect();
  }, [spawn]);

  // One requestAnimationFrame loop, stopped while the tab is hidden.
  useEffect(() => {
    let frame = 0;
    let last = performance.now();
    const draw = (now: number) => {
      const ctx = canvas.current?.getContext('2d');
      const dt = Math.min(0.05, (now - last) / 1000);
      last = now;
      const { w, h } = size.current;
      if (ctx) {
        ctx.clearRect(0, 0, w, h);
        const time = now / 1000;
        // Light rays.
        ctx.save();
        ctx.globalAlpha = 0.07;
        ctx.fillStyle = '#e0f2fe';
        for (let i = 0; i < 4; i++) {
          const x = ((i * 0.27 + Math.sin(time * 0.2 + i) * 0.03) % 1) * w;
          ctx.beginPath();
          ctx.moveTo(x, 0);
          ctx.lineTo(x + 60, 0);
          ctx.lineTo(x + 220, h);
          ctx.lineTo(x + 100, h);
          ctx.fill();
        }
        ctx.restore();
        // Bubbles.
        ctx.strokeStyle = 'rgba(224,242,254,0.35)';
        ctx.lineWidth = 1;
        for (let i = 0; i < 14; i++) {
          const bx = (((i * 97) % 100) / 100) * w + Math.sin(time + i) * 6;
          const by = h - ((time * (18 + (i % 5) * 7) + i * 61) % (h + 20));
          ctx.beginPath();
          ctx.arc(bx, by, 2 + (i % 3), 0, Math.PI * 2);
          ctx.stroke();
        }
        // Fish.
        for (const f of fish.current) {
          if (f.caughtAt === null) f.x += f.vx * dt;
          const look = lookOf(f.type);
          const bob = Math.sin(time * 1.6 + f.phase) * 6;
          ctx.save();
          ctx.translate(f.x, f.y + bob);
          if (f.caughtAt !== null) {
            const p = Math.min(1, (now - f.caughtAt) / 800);
            ctx.globalAlpha = 1 - p;
            ctx.rotate(p * Math.PI * 3);
            ctx.scale(1 - p * 0.6, 1 - p * 0.6);
          }
          ctx.scale(f.vx < 0 ? -f.scale : f.scale, f.scale);
          if (f.type.multiplier >= 50) {
            ctx.shadowColor = f.type.id === 'golden-kraken' ? '#fde047' : '#93c5fd';
            ctx.shadowBlur = 22;
          }
          paintFish(ctx, look, time + f.phase);
          ctx.restore();
          if (f.pending) {
            ctx.strokeStyle = '#fde047';
            ctx.lineWidth = 2;
            ctx.setLineDash([5, 4]);
            ctx.beginPath();
            ctx.arc(f.x, f.y + bob, (look.length * f.scale) / 2 + 8, 0, Math.PI * 2);
            ctx.stroke();
            ctx.setLineDash([]);
          }
        }
        fish.current = fish.current.filter((f) => {
          const margin = (lookOf(f.type).length * f.scale) / 2 + 40;
          if (f.caughtAt !== null) return now - f.caughtAt < 800;
          return f.pending || (f.x > -margin - 1 && f.x < w + margin + 1) || (f.vx > 0 ? f.x < 0 : f.x > w);
        });
        while (fish.current.filter((f) => f.caughtAt === null).length < MAX_FISH) spawn();
        // Cannon.
        const cx = w / 2;
        const cy = h - 14;
        const target = aim.current ?? { x: cx, y: 0 };
        const angle = Math.atan2(target.y - cy, target.x - cx);
        ctx.save();
        ctx.translate(cx, cy);
        ctx.rotate(angle + Math.PI / 2);
        const barrel = ctx.createLinearGradient(-9, 0, 9, 0);
        barrel.addColorStop(0, '#a16207');
        barrel.addColorStop(0.5, '#fde68a');
        barrel.addColorStop(1, '#a16207');
        ctx.fillStyle = barrel;
        ctx.fillRect(-9, -52, 18, 46);
        ctx.restore();
        ctx.fillStyle = '#f59e0b';
        ctx.beginPath();
        ctx.arc(cx, cy + 6, 26, Math.PI, 0);
        ctx.fill();
        // Shots.
        for (const s of shots.current) {
          const f = fish.current.find((x) => x.id === s.fishId);
          if (!f) continue;
          const p = Math.min(1, (now - s.startedAt) / SHOT_MS);
          const x = s.fromX + (f.x - s.fromX) * p;
          const y = s.fromY + (f.y - s.fromY) * p;
          ctx.fillStyle = '#fef08a';
          ctx.shadowColor = '#facc15';
          ctx.shadowBlur = 14;
          ctx.beginPath();
          ctx.arc(x, y, p < 1 ? 5 : 16 * (1 - Math.min(1, (now - s.startedAt - SHOT_MS) / 300)) + 2, 0, Math.PI * 2);
          ctx.fill();
          ctx.shadowBlur = 0;
        }
        shots.current = shots.current.filter((s) => now - s.startedAt < SHOT_MS + 300);
        // Payout popups.
        for (const p of popups.current) {
          const age = (now - p.startedAt) / 1200;
          ctx.globalAlpha = Math.max(0, 1 - age);
          ctx.font = `800 ${p.big ? 26 : 16}px system-ui, sans-serif`;
          ctx.textAlign = 'center';
          ctx.lineWidth = 4;
          ctx.strokeStyle = 'rgba(2,6,23,0.8)';
          ctx.strokeText(p.text, p.x, p.y - age * 50);
          ctx.fillStyle = p.color;
          ctx.fillText(p.text, p.x, p.y - age * 50);
          ctx.globalAlpha = 1;
        }
        popups.current = popups.current.filter((p) => now - p.startedAt < 1200);
      }
      frame = requestAnimationFrame(draw);
    };
    const start = () => {
      cancelAnimationFrame(frame);
      last = performance.now();
      frame = requestAnimationFrame(draw);
    };
    const onVisibility = () => (document.hidden ? cancelAnimationFrame(frame) : start());
    document.addEventListener('visibilitychange', onVisibility);
    if (!document.hidden) start();
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [spawn]);

  const shoot = useCallback(
    (target: Fish) => {
      const stake = stakeRef.current;
      if (!stake || target.pending || target.caughtAt !== null) return;
      const g = gameRef.current;
      target.pending = true;
      const { w, h } = size.current;
      shots.current.push({ fishId: target.id, fromX: w / 2, fromY: h - 40, startedAt: performance.now() });
      g.play({ bet: stake, fish: target.type.id }).then(
        ({ round }) => {
          const outcome = round.outcome as Json<FishShotOutcome>;
          target.pending = false;
          const now = performance.now();
          if (outcome.hit) {
            target.caughtAt = now;
            popups.current.push({
              x: target.x,
              y: target.y,
              text: `+${formatMinor(outcome.payout)}`,
              color: '#fde047',
              startedAt: now,
              big: true,
            });
          } else {
            popups.current.push({
              x: target.x,
              y: target.y - 10,
              text: t('fish.miss'),
              color: '#cbd5e1',
              startedAt: now,
              big: false,
            });
          }
          gameRef.current.reveal();
          setLastShot({ fish: outcome.fish, hit: outcome.hit, payout: outcome.payout });
          gameRef.current.announce(
            outcome.hit
              ? t('fish.announceHit', {
                  fish: t(`fish.types.${outcome.fish}`),
                  amount: gameRef.current.money(outcome.payout),
                })
              : t('fish.announceMiss', { fish: t(`fish.types.${outcome.fish}`) }),
          );
        },
        (error: unknown) => {
          target.pending = false;
          gameRef.current.fail(error);
        },
      );
    },
    [t],
  );

  const pointer = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  /** The keyboard way to play: shoot the nearest fish of a type that is on screen. */
  const shootType = (type: FishType) => {
    const { w, h } = size.current;
    const candidates = fish.current.filter(
      (f) => f.type.id === type.id && f.caughtAt === null && !f.pending && f.x > 0 && f.x < w,
    );
    candidates.sort((a, b) => Math.hypot(a.x - w / 2, a.y - h) - Math.hypot(b.x - w / 2, b.y - h));
    const first = candidates[0];
    if (first) {
      aim.current = { x: first.x, y: first.y };
      shoot(first);
    }
  };

  const stage = (
    <div className="hg-fish" ref={wrap}>
      <canvas
        ref={canvas}
        className="hg-fish__canvas"
        aria-label={t('fish.canvasLabel')}
        role="img"
        onPointerMove={(e) => (aim.current = pointer(e))}
        onPointerDown={(e) => {
          const p = pointer(e);
          aim.current = p;
          const target = fishAt(fish.current, p.x, p.y);
          if (target) shoot(target);
        }}
        data-testid="fish-canvas"
      />
      <div className="hg-fish__hud">
        <span>{t('fish.perShot', { amount: check.ok ? game.money(check.minor) : '—' })}</span>
        {lastShot ? (
          <span className={lastShot.hit ? 'hg-win' : 'hg-muted'} data-testid="fish-last">
            {lastShot.hit
              ? `${t(`fish.types.${lastShot.fish}`)} +${formatMinor(lastShot.payout)}`
              : t('fish.missed', { fish: t(`fish.types.${lastShot.fish}`) })}
          </span>
        ) : (
          <span className="hg-muted">{t('fish.tapHint')}</span>
        )}
      </div>
    </div>
  );

  const controls = (
    <>
      <BetControls {...betField} label={t('fish.betPerShot')} />
      <span className="hg-label">{t('fish.legend')}</span>
      <ul className="hg-fish__legend">
        {FISH_TYPES.map((type) => (
          <li key={type.id}>
            <button
              type="button"
              onClick={() => shootType(type)}
              disabled={!check.ok}
              aria-label={t('fish.shootType', { fish: t(`fish.types.${type.id}`), multiplier: type.multiplier })}
            >
              <span className="hg-fish__dot" style={{ background: lookOf(type).body }} />
              <span className="hg-fish__name">{t(`fish.types.${type.id}`)}</span>
              <span className="hg-fish__mult">×{type.multiplier}</span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );

  return <GameLayout stage={stage} controls={controls} className="hg-play--fish" />;
}
