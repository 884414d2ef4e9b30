import type { Notice } from '@portal/contracts/content/content.contract.ts';
import { LIMITS } from '@portal/contracts/limits.ts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.tsx';
import { RichText } from '../../../components/ui/rich-text.tsx';
import { formatDateTime } from '../../../lib/format.ts';

/** Paged list of notice titles (LIMITS.noticePageSize per page) with the selected one's text. */
export function NoticeDialog({
  open,
  notices,
  initialId,
  onClose,
}: {
  open: boolean;
  notices: Notice[];
  initialId?: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('home');
  const { t: tc } = useTranslation();
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<number | null>(null);
  const pages = Math.max(1, Math.ceil(notices.length / LIMITS.noticePageSize));

  useEffect(() => {
    if (!open) return;
    const start = initialId ?? notices[0]?.id ?? null;
    setSelected(start);
    const at = notices.findIndex((n) => n.id === start);
    setPage(at < 0 ? 0 : Math.floor(at / LIMITS.noticePageSize));
  }, [open, initialId, notices]);

  const shown = notices.slice(page * LIMITS.noticePageSize, (page + 1) * LIMITS.noticePageSize);
  const current = notices.find((n) => n.id === selected) ?? null;

  return (
    <Modal open={open} title={t('notices.title')} closeLabel={tc('actions.close')} onClose={onClose} size="lg">
      {notices.length === 0 ? (
        <p className="muted">{t('notices.empty')}</p>
      ) : (
        <div className="notice-dialog">
          <div className="notice-dialog__side">
            <ul className="notice-dialog__list">
              {shown.map((notice) => (
                <li key={notice.id}>
                  <button
                    type="button"
                    className={
                      notice.id === selected ? 'notice-dialog__item notice-dialog__item--active' : 'notice-dialog__item'
                    }
                    aria-pressed={notice.id === selected}
                    onClick={() => setSelected(notice.id)}
                  >
                    {notice.title}
                  </button>
                </li>
              ))}
            </ul>
            {pages > 1 ? (
              <div className="pager">
                <button
                  type="button"
                  className="btn btn--ghost btn--sm"
                  disabled={page === 0}
                  onClick={() => setPage((p) => p - 1)}
                >
                  {tc('actions.previous')}
                </button>
                <span>
                  {page + 1} / {pages}
                </span>
                <button
                  type="button"
                  className="btn btn--ghost btn--sm"
                  disabled={page >= pages - 1}
                  onClick={() => setPage((p) => p + 1)}
                >
                  {tc('actions.next')}
                </button>
              </div>
            ) : null}
          </div>
          {current ? (
            <article className="notice-dialog__content" aria-live="polite">
              <h3>{current.title}</h3>
              <time dateTime={current.createdAt}>{formatDateTime(current.createdAt)}</time>
              <RichText html={current.content} className="notice-dialog__body" />
            </article>
          ) : null}
        </div>
      )}
    </Modal>
  );
}
