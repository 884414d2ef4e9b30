import type { VendorLane } from '@portal/contracts/games/vendors.contract.ts';
import type { Language } from '@portal/contracts/site/site.contract.ts';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { useImageUrl } from '../../../lib/image-host.tsx';
import { lazyComponent } from '../../../lib/lazy-component.tsx';
import { type AccountBadges, accountEntries, type HeaderAccount } from '../lib/account-entries.ts';
import { useFitSteps } from '../hooks/use-fit-steps.ts';
import { navItems } from '../lib/nav-items.ts';
import { LanguageSelector } from './language-selector.tsx';
import { MainNav, NAV_ICONS } from './main-nav.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

export interface SiteHeaderProps {
  siteName?: string | undefined;
  logoUrl?: string | undefined;
  lanes?: VendorLane[] | undefined;
  languages: readonly Language[];
  loggedIn: boolean;
  canRegister: boolean;
  showNav?: boolean;
  /** The signed-in member for the account menu; null while it loads. */
  account?: HeaderAccount | null | undefined;
  /** Counts shown on the account menu's entries (live from the realtime channel). */
  accountBadges?: AccountBadges | undefined;
  onChangePassword?: (() => void) | undefined;
  onSignOut?: (() => void) | undefined;
  /** Shown beside the account menu while signed in: the balance and the cashier links. */
  walletSlot?: ReactNode;
}

// The account menu is a signed-in player's: it loads once there is one (decision 044).
const AccountMenu = lazyComponent(() => import('./account-menu.tsx').then((m) => m.AccountMenu));

/**
 * How the header makes room, one step at a time, until nothing overlaps (layout.css `[data-fit~=…]`).
 * The primary navigation stays in the bar as long as anything else can give way first, so a desktop
 * (1440 px, signed in, a seven-digit balance, badges, in any language) keeps it inline:
 * the navigation drops its icons and tightens; the balance drops its label and the cashier buttons
 * their words (icons with their names for assistive technology); the account menu shows only its
 * avatar; the balance's show/hide toggle goes; the navigation tightens again; only then does it move
 * into the menu drawer; then language and theme move to the drawer; the logo shrinks; the withdraw
 * and then the deposit button leave for the drawer (both stay there at every width); the logo keeps
 * only its emblem; the balance figure gets smaller.
 */
export const HEADER_FIT_STEPS = [
  'nav-compact',
  'wallet-icons',
  'account-avatar',
  'balance-toggle',
  'nav-tight',
  'nav-drawer',
  'tools-drawer',
  'logo-small',
  'withdraw-drawer',
  'deposit-drawer',
  'logo-emblem',
  'balance-small',
] as const;

export function SiteHeader({
  siteName,
  logoUrl,
  lanes,
  languages,
  loggedIn,
  canRegister,
  showNav = true,
  account,
  accountBadges,
  onChangePassword,
  onSignOut,
  walletSlot,
}: SiteHeaderProps) {
  const { t } = useTranslation();
  const imageUrl = useImageUrl();
  const [drawer, setDrawer] = useState(false);
  const location = useLocation();
  const items = navItems(lanes);
  const bar = useRef<HTMLDivElement>(null);
  useFitSteps(bar, HEADER_FIT_STEPS);

  useEffect(() => setDrawer(false), [location.pathname, location.search]);

  return (
    <header className={loggedIn ? 'site-header site-header--member' : 'site-header'}>
      <div className="site-header__bar" ref={bar} data-testid="header-bar">
        {showNav ? (
          <button
            type="button"
            className="icon-btn site-header__burger"
            aria-label={t('nav.openMenu')}
            aria-expanded={drawer}
            aria-controls="mobile-drawer"
            onClick={() => setDrawer(true)}
          >
            <Icon name="menu" />
          </button>
        ) : null}
        <Link to="/" className="brand" aria-label={t('nav.homeOf', { site: siteName ?? '' })}>
          {logoUrl ? (
            <img src={imageUrl(logoUrl)} alt={siteName ?? ''} className="brand__logo" width={168} height={40} />
          ) : (
            <span className="brand__placeholder" />
          )}
        </Link>
        {showNav ? <MainNav items={items} label={t('nav.main')} /> : null}
        <div className="site-header__tools">
          <LanguageSelector languages={languages} compact={loggedIn} />
          <ThemeToggle />
          {loggedIn ? walletSlot : null}
          {loggedIn ? (
            account ? (
              <AccountMenu
                account={account}
                badges={accountBadges}
                onChangePassword={() => onChangePassword?.()}
                onSignOut={() => onSignOut?.()}
              />
            ) : (
              <ButtonLink to="/member" variant="secondary" size="sm">
                <Icon name="user" size={16} />
                <span>{t('actions.myAccount')}</span>
              </ButtonLink>
            )
          ) : (
            <div className="site-header__auth">
              <ButtonLink to="/login" variant="outline" size="sm" data-testid="header-login">
                {t('actions.login')}
              </ButtonLink>
              {canRegister ? (
                <ButtonLink to="/register" variant="primary" size="sm" data-testid="header-register">
                  {t('actions.register')}
                </ButtonLink>
              ) : null}
            </div>
          )}
        </div>
      </div>
      {showNav ? (
        <div id="mobile-drawer" className={drawer ? 'drawer drawer--open' : 'drawer'} hidden={!drawer}>
          <div className="drawer__backdrop" onClick={() => setDrawer(false)} aria-hidden="true" />
          <nav className="drawer__panel" aria-label={t('nav.mobile')}>
            <div className="drawer__head">
              {logoUrl ? (
                <img src={imageUrl(logoUrl)} alt={siteName ?? ''} className="brand__logo" width={140} height={34} />
              ) : null}
              <button
                type="button"
                className="icon-btn"
                aria-label={t('nav.closeMenu')}
                onClick={() => setDrawer(false)}
              >
                <Icon name="close" />
              </button>
            </div>
            <ul className="drawer__list">
              {items.map((item) => (
                <li key={item.type}>
                  <NavLink to={item.path} end={item.path === '/'} className="drawer__link">
                    <Icon name={NAV_ICONS[item.type]} size={20} />
                    <span>{t(`nav.${item.type}`)}</span>
                    <Icon name="chevronRight" size={16} className="drawer__chev" />
                  </NavLink>
                </li>
              ))}
            </ul>
            <div className="drawer__tools">
              <LanguageSelector languages={languages} />
              <ThemeToggle withLabel />
            </div>
            {loggedIn && account ? (
              <ul className="drawer__list drawer__list--account" aria-label={t('account.menu')}>
                {accountEntries(account).map((entry) => (
                  <li key={entry.key}>
                    <Link to={entry.to} className="drawer__link">
                      <Icon name={entry.icon} size={20} />
                      <span>{t(`account.${entry.key}`)}</span>
                    </Link>
                  </li>
                ))}
                <li>
                  <button type="button" className="drawer__link" onClick={() => onChangePassword?.()}>
                    <Icon name="lock" size={20} />
                    <span>{t('account.changePassword')}</span>
                  </button>
                </li>
                <li>
                  <button type="button" className="drawer__link" onClick={() => onSignOut?.()}>
                    <Icon name="arrowRight" size={20} />
                    <span>{t('account.signOut')}</span>
                  </button>
                </li>
              </ul>
            ) : null}
            {!loggedIn ? (
              <div className="drawer__auth">
                <ButtonLink to="/login" variant="outline" block>
                  {t('actions.login')}
                </ButtonLink>
                {canRegister ? (
                  <ButtonLink to="/register" variant="primary" block>
                    {t('actions.register')}
                  </ButtonLink>
                ) : null}
              </div>
            ) : null}
          </nav>
        </div>
      ) : null}
    </header>
  );
}
