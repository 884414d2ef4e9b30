import { LIMITS } from '@portal/contracts/limits.ts';
import { useEffect, useLayoutEffect, useReducer, useRef } from 'react';
import {
  LAZY_IMAGE_START,
  lazyImageReducer,
  lazyImageSource,
  onScreen,
  type LazyImageEvent,
  type LazyImageState,
} from '../lib/lazy-image.ts';

const reduce = (state: LazyImageState, event: LazyImageEvent) => lazyImageReducer(state, event);

export const FALLBACK_GAME_IMAGE = '/assets/games/fallback.svg';

/**
 * An image that loads when a tenth of it is on screen (spec §9: threshold 0.1), is retried once when
 * it fails, then shows the fallback picture.
 */
export function LazyImage({
  src,
  alt,
  fallback = FALLBACK_GAME_IMAGE,
  className,
  width,
  height,
}: {
  src: string;
  alt: string;
  fallback?: string;
  className?: string;
  width: number;
  height: number;
}) {
  const ref = useRef<HTMLImageElement>(null);
  const [state, dispatch] = useReducer(reduce, LAZY_IMAGE_START);

  // Already on screen as it is laid out (the first screen's pictures): load now, before the first paint.
  useLayoutEffect(() => {
    const node = ref.current;
    if (node && onScreen(node.getBoundingClientRect(), { width: window.innerWidth, height: window.innerHeight }))
      dispatch('visible');
  }, []);

  useEffect(() => {
    const node = ref.current;
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
  }, []);

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
