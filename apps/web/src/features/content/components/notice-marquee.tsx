import type { Notice } from '@portal/contracts/content/content.contract.ts';
import { LIMITS } from '@portal/contracts/limits.ts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon.tsx';

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/**
 * Notices scrolling sideways, LIMITS.marqueeStep px per frame; it only moves when there are at least
 * LIMITS.marqueeMoves notices (spec §2: step 0.5, 3 moves). Hover or focus pauses it.
 */
export function NoticeMarquee({ notices, onOpen }: { notices: Notice[]; onOpen: (id: number) => void }) {
  const { t } = useTranslation('home');
  const track = useRef<HTMLDivElement>(null);
  const paused = useRef(false);
  const moving = notices.length >= LIMITS.marqueeMoves && !prefersReducedMotion();

  useEffect(() => {
    if (!moving) return;
    let offset = 0;
    let frame = 0;
    const tick = () => {
      const el = track.current;
      if (el && !paused.current) {
        const half = el.scrollWidth / 2;
        offset += LIMITS.marqueeStep;
        if (half > 0 && offset >= half) offset -= half;
        el.style.transform = `translate3d(${-offset}px,0,0)`;
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [moving, notices]);

  if (notices.length === 0) return null;
  const copies = moving ? [0, 1] : [0];
  return (
    <section
      className="marquee"
      aria-label={t('marquee.label')}
      onMouseEnter={() => (paused.current = true)}
      onMouseLeave={() => (paused.current = false)}
      onFocus={() => (paused.current = true)}
      onBlur={() => (paused.current = false)}
    >
      <span className="marquee__badge">
        <Icon name="megaphone" size={16} />
        <span>{t('marquee.title')}</span>
      </span>
      <div className="marquee__viewport">
        <div className="marquee__track" ref={track}>
          {copies.map((copy) => (
            <ul key={copy} className="marquee__list" aria-hidden={copy === 1 ? true : undefined}>
              {notices.map((notice) => (
                <li key={notice.id}>
                  <button
                    type="button"
                    className="marquee__item"
                    tabIndex={copy === 1 ? -1 : 0}
                    onClick={() => onOpen(notice.id)}
                  >
                    <strong>{notice.title}</strong>
                    <span>{notice.content}</span>
                  </button>
                </li>
              ))}
            </ul>
          ))}
        </div>
      </div>
    </section>
  );
}
