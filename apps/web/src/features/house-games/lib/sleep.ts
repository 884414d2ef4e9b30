/** Waits `ms`, or less when the player asked for reduced motion. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => window.setTimeout(resolve, reducedMotion() ? Math.min(ms, 60) : ms));
}

export function reducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;
}

/** Counts a minor-unit amount up from 0 in `ms`, calling `onFrame` with each value (BigInt, no float money). */
export function countUp(total: bigint, ms: number, onFrame: (value: bigint) => void): Promise<void> {
  return new Promise((resolve) => {
    if (total <= 0n || reducedMotion() || ms <= 0) {
      onFrame(total);
      resolve();
      return;
    }
    const start = performance.now();
    const step = (now: number) => {
      const p = Math.min(1, (now - start) / ms);
      const eased = 1 - (1 - p) ** 3;
      onFrame((total * BigInt(Math.round(eased * 1000))) / 1000n);
      if (p < 1) requestAnimationFrame(step);
      else resolve();
    };
    requestAnimationFrame(step);
  });
}
