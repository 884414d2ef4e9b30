import { LIMITS } from '@portal/contracts/limits.ts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { Icon, type IconName } from '../../../components/ui/icon.tsx';
import { useImageUrl } from '../../../lib/image-host.tsx';
import type { NavItem } from '../lib/nav-items.ts';

export const NAV_ICONS: Record<NavItem['type'], IconName> = {
  HOME: 'home',
  SPORTS: 'sports',
  ELOTT: 'lottery',
  LIVE: 'live',
  RNG: 'slots',
  PVP: 'poker',
  FISH: 'fish',
  PROMO: 'gift',
};

function NavEntry({ item }: { item: NavItem }) {
  const { t } = useTranslation();
  const imageUrl = useImageUrl();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const hasMenu = item.dropdown.length > 0;
  return (
    <li
      className={hasMenu ? 'main-nav__item main-nav__item--menu' : 'main-nav__item'}
      onMouseEnter={() => hasMenu && setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <NavLink to={item.path} end={item.path === '/'} className="main-nav__link" data-nav={item.type}>
        <Icon name={NAV_ICONS[item.type]} size={18} />
        <span>{t(`nav.${item.type}`)}</span>
      </NavLink>
      {hasMenu ? (
        <>
          <button
            type="button"
            className="main-nav__caret"
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={t('nav.vendorsOf', { category: t(`nav.${item.type}`) })}
            onClick={() => setOpen((v) => !v)}
          >
            <Icon name="chevronDown" size={14} />
          </button>
          <ul
            id={menuId}
            className={open ? 'nav-dropdown nav-dropdown--open' : 'nav-dropdown'}
            style={{ height: open ? item.dropdown.length * LIMITS.vendorDropdownItemPx + 16 : 0 }}
          >
            {item.dropdown.map((vendor) => (
              <li key={vendor.vendorId} style={{ height: LIMITS.vendorDropdownItemPx }}>
                <Link
                  to={`${item.path}?vassalage=${encodeURIComponent(vendor.vendorId)}`}
                  className="nav-dropdown__link"
                  tabIndex={open ? 0 : -1}
                  onClick={() => setOpen(false)}
                >
                  <img src={imageUrl(vendor.logoUrl)} alt="" width={72} height={28} loading="lazy" />
                  <span>{vendor.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </li>
  );
}

export function MainNav({ items, label }: { items: NavItem[]; label: string }) {
  return (
    <nav className="main-nav" aria-label={label}>
      <ul className="main-nav__list">
        {items.map((item) => (
          <NavEntry key={item.type} item={item} />
        ))}
      </ul>
    </nav>
  );
}
