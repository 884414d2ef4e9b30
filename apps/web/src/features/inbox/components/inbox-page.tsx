import { INBOX_PAGE_SIZE, type InboxMessage } from '@portal/contracts/inbox/inbox.contract.ts';
import { formatMoney } from '@portal/contracts/money.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { FormError } from '../../../components/ui/field.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { QueryBody } from '../../../components/ui/query-body.tsx';
import { RichText } from '../../../components/ui/rich-text.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { localizeError } from '../../../lib/errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useDeleteMessages, useInboxPage, useReadMessages } from '../api/inbox-api.ts';

type Filter = 'all' | 'unread';

/** A message's title and text: the operator's words, or the system's in the reader's language. */
function useWording() {
  const { t } = useTranslation('pages');
  return (m: InboxMessage) => {
    if (m.kind === 'STAFF') return { title: m.title, html: m.content, text: null };
    const amount = m.params.amount ? formatMoney(m.params.amount, m.params.currency ?? null) : '';
    const contractKind = m.params.contractKind ? t(`inbox.contractKinds.${m.params.contractKind}`) : '';
    const endedBy = m.params.endedBy ? t(`agent.contracts.terminatedBy.${m.params.endedBy}`) : '';
    const vars = { amount, reason: m.params.reason ?? '', contractKind, endedBy };
    const text = t(`inbox.kinds.${m.kind}.body`, vars);
    return {
      title: t(`inbox.kinds.${m.kind}.title`, vars),
      html: null,
      text: m.params.reason ? `${text} ${t('inbox.reason', vars)}` : text,
    };
  };
}

/**
 * The member centre's messageV2 page (and the agent centre's messages): personal, group and
 * site-wide messages, newest first; opening one marks it read; each may be deleted.
 */
export function InboxPage() {
  const { t } = useTranslation('pages');
  const { t: tc } = useTranslation();
  const [filter, setFilter] = useState<Filter>('all');
  const [pageNum, setPageNum] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const page = useInboxPage(pageNum, filter === 'unread');
  const read = useReadMessages();
  const remove = useDeleteMessages();
  const word = useWording();
  const data = page.data;
  const failure = read.error ?? remove.error;

  const toggle = (m: InboxMessage) => {
    setOpen((cur) => (cur === m.id ? null : m.id));
    if (!m.read) read.mutate({ ids: [m.id] });
  };

  return (
    <div className="inbox" data-testid="inbox">
      <div className="inbox__bar">
        <Tabs<Filter>
          items={[
            { key: 'all', label: t('inbox.all') },
            { key: 'unread', label: t('inbox.unreadTab', { count: data?.unread ?? 0 }) },
          ]}
          active={filter}
          onChange={(f) => {
            setFilter(f);
            setPageNum(1);
          }}
          label={t('inbox.filter')}
          idPrefix="inbox"
        />
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          disabled={!data || data.unread === 0 || read.isPending}
          onClick={() => read.mutate({ all: true })}
          data-testid="inbox-read-all"
        >
          <Icon name="check" size={16} /> {t('inbox.readAll')}
        </button>
      </div>
      {failure ? <FormError error={localizeError(failure)} /> : null}
      <div id="inbox-panel" role="tabpanel" aria-labelledby={`inbox-tab-${filter}`}>
        <QueryBody
          query={page}
          failed={t('inbox.failed')}
          empty={
            data && data.content.length === 0 ? (
              <EmptyState icon="megaphone" title={t(filter === 'unread' ? 'inbox.noUnread' : 'inbox.empty')} />
            ) : null
          }
        >
          <ul className="inbox__list">
            {data?.content.map((m) => {
              const w = word(m);
              const expanded = open === m.id;
              return (
                <li
                  key={m.id}
                  className={m.read ? 'inbox__item' : 'inbox__item inbox__item--unread'}
                  data-testid="inbox-item"
                  data-read={m.read}
                >
                  <div className="inbox__head">
                    <button
                      type="button"
                      className="inbox__toggle"
                      aria-expanded={expanded}
                      aria-controls={`inbox-body-${m.id}`}
                      onClick={() => toggle(m)}
                    >
                      {m.read ? null : <span className="inbox__dot" aria-label={t('inbox.unread')} />}
                      <span className="inbox__title">{w.title}</span>
                      <span className="inbox__meta">
                        <span className="chip">{t(`inbox.scopes.${m.scope}`)}</span>
                        <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
                      </span>
                      <Icon name={expanded ? 'chevronUp' : 'chevronDown'} size={16} />
                    </button>
                    <button
                      type="button"
                      className="icon-btn"
                      aria-label={t('inbox.delete', { title: w.title })}
                      onClick={() => remove.mutate([m.id])}
                      disabled={remove.isPending}
                      data-testid="inbox-delete"
                    >
                      <Icon name="trash" size={16} />
                    </button>
                  </div>
                  {expanded ? (
                    <div id={`inbox-body-${m.id}`} className="inbox__body">
                      {w.html !== null ? <RichText html={w.html} /> : <p>{w.text}</p>}
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
          <Pager
            page={pageNum}
            pageSize={INBOX_PAGE_SIZE}
            total={filter === 'unread' ? (data?.unread ?? 0) : (data?.total ?? 0)}
            onPage={setPageNum}
          />
        </QueryBody>
      </div>
      <p className="sr-only" aria-live="polite">
        {data ? tc('account.waiting', { count: data.unread }) : ''}
      </p>
    </div>
  );
}
