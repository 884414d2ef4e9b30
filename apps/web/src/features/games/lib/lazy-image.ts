import { LIMITS } from '@portal/contracts/limits.ts';

/**
 * A lazy image (spec §2 widgets): nothing loads until it is on screen; a failed load is retried
 * LIMITS.lazyImageRetries times, then the fallback picture is shown.
 */
export type LazyImageState =
  | { phase: 'waiting' }
  | { phase: 'loading'; attempt: number }
  | { phase: 'loaded'; attempt: number }
  | { phase: 'fallback' };

export type LazyImageEvent = 'visible' | 'load' | 'error';

export const LAZY_IMAGE_START: LazyImageState = { phase: 'waiting' };
/** A picture that loads at once (a list's first pictures, decision 108). */
export const LAZY_IMAGE_EAGER_START: LazyImageState = { phase: 'loading', attempt: 0 };

export function lazyImageReducer(
  state: LazyImageState,
  event: LazyImageEvent,
  retries: number = LIMITS.lazyImageRetries,
): LazyImageState {
  switch (event) {
    case 'visible':
      return state.phase === 'waiting' ? { phase: 'loading', attempt: 0 } : state;
    case 'load':
      return state.phase === 'loading' ? { phase: 'loaded', attempt: state.attempt } : state;
    case 'error':
      if (state.phase !== 'loading' && state.phase !== 'loaded') return state;
      return state.attempt < retries ? { phase: 'loading', attempt: state.attempt + 1 } : { phase: 'fallback' };
  }
}

/** The address to load in a state: none while waiting, a cache-busting retry marker on a retry. */
export function lazyImageSource(state: LazyImageState, src: string, fallback: string): string | undefined {
  if (state.phase === 'waiting') return undefined;
  if (state.phase === 'fallback' || !src) return fallback;
  if (state.attempt === 0) return src;
  return `${src}${src.includes('?') ? '&' : '?'}retry=${state.attempt}`;
}
