import { HOME_BANNER_GROUP, type Banner } from '@portal/contracts/content/content.contract.ts';
import { LIMITS } from '@portal/contracts/limits.ts';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon.tsx';
import { useImageUrl } from '../../../lib/image-host.tsx';

export { HOME_BANNER_GROUP };

/**
 * A banner's art directed per width (decision 025): the phone crop up to LIMITS.bannerNarrowMaxPx
 * when the banner has one, the wide art above. The words are text beside it, so the art is decorative.
 */
export function BannerArt({
  banner,
  imageUrl,
  first = false,
  className = 'banner-slider__art',
}: {
  banner: Banner;
  imageUrl: (url: string) => string;
  first?: boolean;
  className?: string;
}) {
  return (
    <picture className={className}>
      {banner.mobileImageUrl ? (
        <source
          media={`(max-width: ${LIMITS.bannerNarrowMaxPx}px)`}
          srcSet={imageUrl(banner.mobileImageUrl)}
          width={720}
          height={360}
        />
      ) : null}
      <img
        src={imageUrl(banner.imageUrl)}
        alt=""
        width={1200}
        height={360}
        loading={first ? 'eager' : 'lazy'}
        // The first banner is the home page's largest paint: fetched ahead of other images.
        fetchPriority={first ? 'high' : 'auto'}
      />
    </picture>
  );
}

/**
 * The home banners: autoplay every LIMITS.bannerAutoplayMs, slide in LIMITS.bannerSpeedMs, loop when
 * there is more than one. A click needs a session: guests are asked to log in (spec §2). Wide screens
 * lay the words over the art's left side; phones stack the words under the art and the dots under both.
 */
export function BannerSlider({
  banners,
  loggedIn,
  onRequireLogin,
  onFollow,
}: {
  banners: Banner[];
  loggedIn: boolean;
  onRequireLogin: () => void;
  onFollow: (banner: Banner) => void;
}) {
  const { t } = useTranslation('home');
  const imageUrl = useImageUrl();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = banners.length;
  const loops = count > 1;

  const go = useCallback((next: number) => setIndex(((next % count) + count) % count), [count]);

  useEffect(() => {
    if (!loops || paused) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), LIMITS.bannerAutoplayMs);
    return () => window.clearInterval(timer);
  }, [loops, paused, count]);

  useEffect(() => {
    if (index >= count) setIndex(0);
  }, [count, index]);

  if (count === 0) return <div className="banner-slider banner-slider--empty" aria-hidden="true" />;

  return (
    <section
      className="banner-slider"
      aria-roledescription="carousel"
      aria-label={t('banners.label')}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div
        className="banner-slider__track"
        style={{ transform: `translate3d(${-index * 100}%,0,0)`, transitionDuration: `${LIMITS.bannerSpeedMs}ms` }}
      >
        {banners.map((banner, i) => (
          <div
            key={banner.id}
            className="banner-slider__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={t('banners.slideOf', { n: i + 1, count })}
            aria-hidden={i !== index}
          >
            <button
              type="button"
              className="banner-slider__hit"
              tabIndex={i === index ? 0 : -1}
              disabled={banner.linkageType === 'NONE'}
              onClick={() => (loggedIn ? onFollow(banner) : onRequireLogin())}
              data-testid="banner"
            >
              <BannerArt banner={banner} imageUrl={imageUrl} first={i === 0} />
              <span className="banner-slider__copy">
                {banner.subtitle ? <span className="banner-slider__kicker">{banner.subtitle}</span> : null}
                <span className="banner-slider__title" data-testid="banner-title">
                  {banner.title}
                </span>
                {banner.ctaLabel && banner.linkageType !== 'NONE' ? (
                  <span className="banner-slider__cta" data-testid="banner-cta">
                    {banner.ctaLabel}
                  </span>
                ) : null}
              </span>
            </button>
          </div>
        ))}
      </div>
      {loops ? (
        <>
          <button
            type="button"
            className="banner-slider__arrow banner-slider__arrow--prev"
            aria-label={t('banners.previous')}
            onClick={() => go(index - 1)}
          >
            <Icon name="chevronLeft" />
          </button>
          <button
            type="button"
            className="banner-slider__arrow banner-slider__arrow--next"
            aria-label={t('banners.next')}
            onClick={() => go(index + 1)}
          >
            <Icon name="chevronRight" />
          </button>
          <div className="banner-slider__dots">
            {banners.map((banner, i) => (
              <button
                key={banner.id}
                type="button"
                className={i === index ? 'banner-slider__dot banner-slider__dot--active' : 'banner-slider__dot'}
                aria-label={t('banners.goTo', { n: i + 1 })}
                aria-current={i === index}
                onClick={() => go(i)}
              />
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
