import { LIMITS } from '@portal/contracts/limits.ts';
import { useEffect, useReducer, useRef } from 'react';
import {
  LAZY_IMAGE_EAGER_START,
  LAZY_IMAGE_START,
  lazyImageReducer,
  lazyImageSource,
  type LazyImageEvent,
  type LazyImageState,
} from '../lib/lazy-image.ts';

const reduce = (state: LazyImageState, event: LazyImageEvent) => lazyImageReducer(state, event);

export const FALLBACK_GAME_IMAGE = '/assets/games/fallback.svg';

/**
 * An image that loads when a tenth of it is on screen (spec §9: threshold 0.1), is retried once when
 * it fails, then shows the fallback picture. `eager`: it loads from the first render (a list's first
 * pictures, already fetched with the page, decision 108).
 */
export function LazyImage({
  src,
  alt,
  fallback = FALLBACK_GAME_IMAGE,
  className,
  width,
  height,
  eager = false,
}: {
  src: string;
  alt: string;
  fallback?: string;
  className?: string;
  width: number;
  height: number;
  eager?: boolean;
}) {
  const ref = useRef<HTMLImageElement>(null);
  const [state, dispatch] = useReducer(reduce, eager ? LAZY_IMAGE_EAGER_START : LAZY_IMAGE_START);

  useEffect(() => {
    const node = ref.current;
    if (eager) return;
    if (!node || typeof IntersectionObserver === 'undefined') {
      dispatch('visible');
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          dispatch('visible');
          observer.disconnect();
        }
      },
      { threshold: LIMITS.lazyImageThreshold },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [eager]);

  const source = lazyImageSource(state, src, fallback);
  return (
    <img
      ref={ref}
      src={source}
      alt={alt}
      width={width}
      height={height}
      decoding="async"
      className={`${className ?? ''} lazy-image lazy-image--${state.phase}`}
      data-phase={state.phase}
      onLoad={() => dispatch('load')}
      onError={() => (state.phase === 'fallback' ? undefined : dispatch('error'))}
    />
  );
}
