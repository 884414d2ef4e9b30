import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, isChunkLoadError, loadWithTimeout } from './lazy-screen.ts';

describe('screen chunk loading', () => {
  it('gives up with a load error when the chunk takes longer than the limit', async () => {
    vi.useFakeTimers();
    const pending = loadWithTimeout(() => new Promise<never>(() => {}), 120_000);
    const check = expect(pending).rejects.toBeInstanceOf(ChunkLoadError);
    await vi.advanceTimersByTimeAsync(120_000);
    await check;
    vi.useRealTimers();
  });

  it('turns a failed chunk into a load error', async () => {
    const error = await loadWithTimeout(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    ).catch((e: unknown) => e);
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('passes a chunk that arrives in time', async () => {
    await expect(loadWithTimeout(() => Promise.resolve({ ok: 1 }), 1000)).resolves.toEqual({ ok: 1 });
  });
});
