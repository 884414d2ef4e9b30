import { describe, expect, it } from 'vitest';
import { LAZY_IMAGE_START, lazyImageReducer, lazyImageSource, onScreen, type LazyImageEvent } from './lazy-image.ts';

const run = (...events: LazyImageEvent[]) => events.reduce((s, e) => lazyImageReducer(s, e), LAZY_IMAGE_START);

describe('a lazy game picture', () => {
  it('loads nothing until it is on screen', () => {
    expect(lazyImageSource(LAZY_IMAGE_START, '/a.svg', '/fallback.svg')).toBeUndefined();
    expect(lazyImageSource(run('visible'), '/a.svg', '/fallback.svg')).toBe('/a.svg');
  });

  it('retries a failed picture once, then shows the fallback', () => {
    const retry = run('visible', 'error');
    expect(retry).toEqual({ phase: 'loading', attempt: 1 });
    expect(lazyImageSource(retry, '/a.svg', '/fallback.svg')).toBe('/a.svg?retry=1');
    const failed = run('visible', 'error', 'error');
    expect(failed).toEqual({ phase: 'fallback' });
    expect(lazyImageSource(failed, '/a.svg', '/fallback.svg')).toBe('/fallback.svg');
    expect(run('visible', 'error', 'error', 'error')).toEqual({ phase: 'fallback' });
  });

  it('keeps a picture that loaded on the retry', () => {
    expect(run('visible', 'error', 'load')).toEqual({ phase: 'loaded', attempt: 1 });
  });

  it('shows the fallback at once for a game without a picture', () => {
    expect(lazyImageSource(run('visible'), '', '/fallback.svg')).toBe('/fallback.svg');
  });

  it('counts a picture as on screen once a tenth of it shows, as the observer would', () => {
    const viewport = { width: 390, height: 844 };
    expect(onScreen({ top: 471, left: 146, bottom: 631, right: 266 }, viewport)).toBe(true);
    // 16 of 160 px showing is exactly a tenth; 15 is not.
    expect(onScreen({ top: 828, left: 0, bottom: 988, right: 120 }, viewport)).toBe(true);
    expect(onScreen({ top: 829, left: 0, bottom: 989, right: 120 }, viewport)).toBe(false);
    expect(onScreen({ top: 900, left: 0, bottom: 1060, right: 120 }, viewport)).toBe(false);
    expect(onScreen({ top: 10, left: 400, bottom: 170, right: 520 }, viewport)).toBe(false);
    // Not laid out (display: none): never.
    expect(onScreen({ top: 0, left: 0, bottom: 0, right: 0 }, viewport)).toBe(false);
  });
});
