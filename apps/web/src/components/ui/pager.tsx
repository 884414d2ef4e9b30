import { useTranslation } from 'react-i18next';
import { Icon } from './icon.tsx';

/** Previous / next with "page x of y"; nothing when everything fits on one page. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('common');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="pager history-pager" aria-label={t('pager.label')} data-testid="pager">
      <button
        type="button"
        className="icon-btn"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        aria-label={t('pager.previous')}
      >
        <Icon name="chevronLeft" size={18} />
      </button>
      <span data-testid="pager-status">{t('pager.pageOf', { page, pages })}</span>
      <button
        type="button"
        className="icon-btn"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
        aria-label={t('pager.next')}
      >
        <Icon name="chevronRight" size={18} />
      </button>
    </nav>
  );
}
