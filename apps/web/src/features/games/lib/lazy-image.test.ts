import { describe, expect, it } from 'vitest';
import {
  LAZY_IMAGE_EAGER_START,
  LAZY_IMAGE_START,
  lazyImageReducer,
  lazyImageSource,
  type LazyImageEvent,
} from './lazy-image.ts';

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

  it("loads a list's first pictures at once, and retries them like the others", () => {
    expect(lazyImageSource(LAZY_IMAGE_EAGER_START, '/a.png', '/fallback.svg')).toBe('/a.png');
    const retried = lazyImageReducer(LAZY_IMAGE_EAGER_START, 'error');
    expect(lazyImageSource(retried, '/a.png', '/fallback.svg')).toBe('/a.png?retry=1');
  });
});
