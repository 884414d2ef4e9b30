import type { Notice } from '@portal/contracts/content/content.contract.ts';
import { LIMITS } from '@portal/contracts/limits.ts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon.tsx';

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/** The browser's frame rate the spec's step is per (spec §2: 0.5 px a frame). */
const FRAMES_PER_SECOND = 60;

/**
 * Notices scrolling sideways, LIMITS.marqueeStep px per frame; it only moves when there are at least
 * LIMITS.marqueeMoves notices (spec §2: step 0.5, 3 moves). Hover or focus pauses it. The movement is
 * a CSS animation over one copy's width (measured again when it changes size), so it runs on the
 * compositor: no script or layout on every frame (decision 040).
 */
export function NoticeMarquee({ notices, onOpen }: { notices: Notice[]; onOpen: (id: number) => void }) {
  const { t } = useTranslation('home');
  const track = useRef<HTMLDivElement>(null);
  const moving = notices.length >= LIMITS.marqueeMoves && !prefersReducedMotion();

  useEffect(() => {
    const el = track.current;
    if (!moving || !el) return;
    const measure = () => {
      const half = el.scrollWidth / 2;
      el.style.setProperty('--marquee-distance', `${-half}px`);
      el.style.setProperty('--marquee-duration', `${half / (LIMITS.marqueeStep * FRAMES_PER_SECOND)}s`);
    };
    // Measured when the ResizeObserver reports the track's first size, after the browser's own layout
    // of the frame, not by reading its width here: that would lay out the whole new page in the
    // effect's task (decision 108). Until then the track moves by half its width, the same distance.
    if (typeof ResizeObserver === 'undefined') {
      measure();
      return;
    }
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [moving, notices]);

  if (notices.length === 0) return null;
  const copies = moving ? [0, 1] : [0];
  return (
    <section className="marquee" aria-label={t('marquee.label')}>
      <span className="marquee__badge">
        <Icon name="megaphone" size={16} />
        <span>{t('marquee.title')}</span>
      </span>
      <div className="marquee__viewport">
        <div className={moving ? 'marquee__track marquee__track--moving' : 'marquee__track'} ref={track}>
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
