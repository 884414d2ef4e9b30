import type { VendorLane } from '@portal/contracts/games/vendors.contract.ts';
import type { Resource, Whitelabel } from '@portal/contracts/site/site.contract.ts';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Icon, type IconName } from '../../../components/ui/icon.tsx';
import { useImageUrl } from '../../../lib/image-host.tsx';
import { footerVendorLogos } from '../lib/footer-vendors.ts';
import { helpTopicFor } from '../lib/help-topic.ts';
import { socialLinks, type SocialType } from '../lib/resource-links.ts';

const SOCIAL_ICONS: Record<SocialType, IconName> = {
  FACEBOOK: 'facebook',
  TWITTER: 'twitter',
  INSTAGRAM: 'instagram',
  YOUTUBE: 'youtube',
  TELEGRAM: 'telegram',
  KAKAOTALK: 'kakaotalk',
};

export function AgeBadge({ age, label }: { age: number; label: string }) {
  if (age === 18)
    return <img className="age-badge" src="/assets/badges/age-18.svg" alt={label} width={52} height={52} />;
  return (
    <span className="age-badge age-badge--text" role="img" aria-label={label}>
      {age}+
    </span>
  );
}

export function SiteFooter({
  whitelabel,
  resources,
  lanes,
}: {
  whitelabel?: Whitelabel | undefined;
  resources?: Resource[] | undefined;
  lanes?: VendorLane[] | undefined;
}) {
  const { t } = useTranslation();
  const imageUrl = useImageUrl();
  const { pathname } = useLocation();
  const topic = helpTopicFor(pathname);
  const socials = socialLinks(resources);
  const vendors = footerVendorLogos(lanes);
  const age = whitelabel?.ageLimit ?? 18;

  return (
    <footer className="site-footer">
      <section className="footer-help" aria-labelledby="footer-help-title" data-topic={topic}>
        <div className="footer-help__icon" aria-hidden="true">
          <Icon name="help" size={22} />
        </div>
        <div>
          <h2 id="footer-help-title" className="footer-help__title">
            {t(`footerHelp.${topic}.title`)}
          </h2>
          <p className="footer-help__text">{t(`footerHelp.${topic}.body`)}</p>
        </div>
      </section>

      {vendors.length > 0 ? (
        <section className="footer-vendors" aria-labelledby="footer-vendors-title">
          <h2 id="footer-vendors-title" className="footer-label">
            {t('footer.partners')}
          </h2>
          <ul className="footer-vendors__list" data-testid="footer-vendors">
            {vendors.map((vendor) => (
              <li key={vendor.vendorId} data-vendor={vendor.vendorId}>
                <img src={imageUrl(vendor.logoUrl)} alt={vendor.name} width={120} height={40} loading="lazy" />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <div className="footer-main">
        <nav className="footer-links" aria-label={t('footer.linksLabel')}>
          <Link to="/help">
            <Icon name="help" size={16} /> {t('footer.helpCentre')}
          </Link>
          <Link to="/member?page=depositv2">
            <Icon name="wallet" size={16} /> {t('footer.increaseDeposit')}
          </Link>
          <Link to="/chatRoom" data-testid="footer-chat-room">
            <Icon name="chat" size={16} /> {t('footer.chatRoom')}
          </Link>
          <Link to="/download">
            <Icon name="download" size={16} /> {t('footer.appDownload')}
          </Link>
          <Link to="/promotions">
            <Icon name="gift" size={16} /> {t('nav.PROMO')}
          </Link>
        </nav>
        {socials.length > 0 ? (
          <ul className="footer-social" aria-label={t('footer.social')} data-testid="footer-social">
            {socials.map((s) => (
              <li key={s.type}>
                <a
                  href={s.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-social={s.type}
                  aria-label={t(`social.${s.type}`)}
                  title={t(`social.${s.type}`)}
                >
                  <Icon name={SOCIAL_ICONS[s.type]} size={18} />
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>

      <div className="footer-legal">
        <AgeBadge age={age} label={t('footer.ageLimit', { age })} />
        <div className="footer-legal__text">
          <p className="footer-legal__resp">{t('footer.responsible', { age })}</p>
          {whitelabel?.licenceLine ? (
            <p className="footer-legal__licence" data-testid="licence-line">
              {whitelabel.licenceLine}
            </p>
          ) : null}
          <p className="footer-legal__copy" data-testid="copyright-line">
            {t('footer.copyright', { year: whitelabel?.copyrightYear ?? '', site: whitelabel?.siteName ?? '' })}
          </p>
        </div>
      </div>
    </footer>
  );
}
