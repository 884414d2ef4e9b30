import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { CountBadge } from '../../../components/ui/count-badge.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { type AccountBadges, accountEntries, type HeaderAccount } from '../lib/account-entries.ts';

export function AccountMenu({
  account,
  badges = {},
  onChangePassword,
  onSignOut,
}: {
  account: HeaderAccount;
  badges?: AccountBadges | undefined;
  onChangePassword: () => void;
  onSignOut: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const waiting = Object.values(badges).reduce<number>((n, c) => n + (c ?? 0), 0);

  useEffect(() => setOpen(false), [location.pathname, location.search]);
  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="account-menu" ref={root}>
      <button
        type="button"
        className="account-menu__trigger"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
        data-testid="account-menu"
      >
        <Avatar className="account-menu__avatar" size={30} />
        <span className="account-menu__name">{account.name}</span>
        <CountBadge count={waiting} label={t('account.waiting', { count: waiting })} testId="account-menu-badge" />
        <Icon name="chevronDown" size={16} />
      </button>
      <div id={menuId} className="account-menu__panel" hidden={!open}>
        <p className="account-menu__head">
          <span className="muted small">{t('account.signedInAs')}</span>
          <strong>{account.name}</strong>
        </p>
        <ul>
          {accountEntries(account).map((entry) => (
            <li key={entry.key}>
              <Link to={entry.to} className="account-menu__item" data-testid={`account-${entry.key}`}>
                <Icon name={entry.icon} size={18} />
                <span>{t(`account.${entry.key}`)}</span>
                <CountBadge
                  count={badges[entry.key]}
                  label={t('account.waiting', { count: badges[entry.key] ?? 0 })}
                  testId={`account-${entry.key}-badge`}
                />
              </Link>
            </li>
          ))}
          <li>
            <button
              type="button"
              className="account-menu__item"
              onClick={() => {
                setOpen(false);
                onChangePassword();
              }}
              data-testid="account-changePassword"
            >
              <Icon name="lock" size={18} />
              <span>{t('account.changePassword')}</span>
            </button>
          </li>
          <li className="account-menu__sep">
            <button
              type="button"
              className="account-menu__item account-menu__item--danger"
              onClick={() => {
                setOpen(false);
                onSignOut();
              }}
              data-testid="account-signOut"
            >
              <Icon name="arrowRight" size={18} />
              <span>{t('account.signOut')}</span>
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
