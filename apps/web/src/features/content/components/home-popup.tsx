import type { Popup } from '@portal/contracts/content/content.contract.ts';
import { LIMITS } from '@portal/contracts/limits.ts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { RichText } from '../../../components/ui/rich-text.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { readPopupFlag, writePopupFlag, type PopupFlag, type PopupUser } from '../lib/popup-flags.ts';

/**
 * The home announcement popup (spec §2, §4): up to LIMITS.popupListMax items not yet closed, each
 * expandable; closing an item makes room for the next, closing the last (or the popup) closes it for
 * the rest of the browser session for this user type; a button leads to the reward centre.
 */
export function HomePopup({
  user,
  popups,
  onRewardCentre,
}: {
  /** USER when signed in, ANONYMOUS for a guest: each has its own closed flag. */
  user: PopupUser;
  /** The popups for this user type, in the visitor's language (loaded again on sign-in and language change). */
  popups: Popup[];
  onRewardCentre: () => void;
}) {
  const { t } = useTranslation('home');
  const { t: tc } = useTranslation();
  const [flag, setFlag] = useState<PopupFlag>(() => readPopupFlag(user));
  const [expanded, setExpanded] = useState<number | null>(null);
  useEffect(() => setFlag(readPopupFlag(user)), [user]);

  const shown = flag.closed ? [] : popups.filter((p) => !flag.items.includes(p.id)).slice(0, LIMITS.popupListMax);
  const first = shown[0]?.id ?? null;
  const open = expanded !== null && shown.some((p) => p.id === expanded) ? expanded : first;

  const save = (next: PopupFlag) => {
    writePopupFlag(user, next);
    setFlag(next);
  };
  const closeAll = () => save({ closed: true, items: flag.items });
  const closeOne = (id: number) => {
    const items = [...flag.items, id];
    // The last one shown closed: the popup is closed for the session.
    save({ closed: shown.length <= 1, items });
  };

  return (
    <Modal
      open={shown.length > 0}
      title={t('popup.title')}
      closeLabel={tc('actions.close')}
      onClose={closeAll}
      closeOnBackdrop={false}
      size="md"
      className="home-popup"
    >
      <ul className="home-popup__list" data-testid="home-popup">
        {shown.map((p) => {
          const isOpen = p.id === open;
          return (
            <li key={p.id} className="home-popup__item" data-testid="home-popup-item">
              <div className="home-popup__head">
                <button
                  type="button"
                  className="home-popup__toggle"
                  aria-expanded={isOpen}
                  aria-controls={`home-popup-body-${p.id}`}
                  onClick={() => setExpanded(isOpen ? -1 : p.id)}
                >
                  <span className="home-popup__title">{p.title}</span>
                  <Icon name={isOpen ? 'chevronUp' : 'chevronDown'} size={16} />
                </button>
                <button
                  type="button"
                  className="icon-btn"
                  aria-label={t('popup.closeItem', { title: p.title })}
                  onClick={() => closeOne(p.id)}
                  data-testid="home-popup-close-item"
                >
                  <Icon name="close" size={16} />
                </button>
              </div>
              {isOpen ? (
                <div id={`home-popup-body-${p.id}`} className="home-popup__body">
                  <time className="muted small" dateTime={p.createdAt}>
                    {formatDateTime(p.createdAt)}
                  </time>
                  <RichText html={p.content} />
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      <div className="home-popup__actions">
        <button type="button" className="btn btn--ghost" onClick={closeAll} data-testid="home-popup-close">
          {t('popup.closeAll')}
        </button>
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => {
            closeAll();
            onRewardCentre();
          }}
          data-testid="home-popup-rewards"
        >
          <Icon name="gift" size={16} /> {t('popup.rewardCentre')}
        </button>
      </div>
    </Modal>
  );
}
