import type { Notice } from '@portal/contracts/content/content.contract.ts';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { splitOddEven } from '../lib/odd-even.ts';
import { VerticalScroller } from './vertical-scroller.tsx';

/**
 * Announcements scrolling beside the winner board in two columns like it: odd items left, even items
 * right (spec §2); a click opens the notice popup at that item.
 */
export function AnnouncementBoard({
  notices,
  loading,
  onOpen,
}: {
  notices: Notice[];
  loading: boolean;
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation('games');
  return (
    <section className="board board--notices" aria-labelledby="board-notices-title" data-testid="announcement-board">
      <h2 id="board-notices-title" className="board__title">
        <span className="board__icon">
          <Icon name="megaphone" size={18} />
        </span>
        {t('announcements.title')}
      </h2>
      {loading ? (
        <div className="skeleton skeleton--block board__skeleton" aria-hidden="true" />
      ) : notices.length === 0 ? (
        <p className="no-data">
          <Icon name="megaphone" size={22} />
          <span>{t('noData')}</span>
        </p>
      ) : (
        <div className="board__columns">
          {splitOddEven(notices).map((column, c) =>
            column.length > 0 ? (
              <VerticalScroller
                key={c}
                items={column}
                label={t(c === 0 ? 'announcements.columnOdd' : 'announcements.columnEven')}
                itemKey={(n) => n.id}
                secondsPerItem={4}
                render={(n) => (
                  <button type="button" className="notice-row" onClick={() => onOpen(n.id)}>
                    <span className="notice-row__title">{n.title}</span>
                    <time className="notice-row__time" dateTime={n.createdAt}>
                      {formatDateTime(n.createdAt)?.slice(0, 10)}
                    </time>
                  </button>
                )}
              />
            ) : null,
          )}
        </div>
      )}
    </section>
  );
}
