import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { localizeError } from '../../../lib/errors.ts';
import { useOutbox } from '../api/use-outbox.ts';

type Filter = 'ALL' | 'SMS' | 'EMAIL';

const LINK = /(https?:\/\/\S+|\/\?\S+)/g;

/** A link of a message opened on this site: the e-mail names the operator's domain, the page runs locally. */
export function localHref(link: string): string {
  try {
    const url = new URL(link, window.location.origin);
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}

/** Links in a message body become clickable (the e-mailed reset link). */
function Body({ text }: { text: string }) {
  const parts = text.split(LINK);
  return (
    <p className="outbox__body">
      {parts.map((part, i) =>
        /^(https?:\/\/|\/\?)/.test(part) ? (
          <a key={i} href={localHref(part)} data-testid="outbox-link">
            {part}
          </a>
        ) : (
          <span key={i}>{part}</span>
        ),
      )}
    </p>
  );
}

/** Developer page: SMS and e-mail the server sent, newest first, to finish a sign-in locally. */
export function OutboxList() {
  const { t } = useTranslation('pages');
  const [filter, setFilter] = useState<Filter>('ALL');
  const outbox = useOutbox(filter === 'ALL' ? undefined : filter);
  const messages = outbox.data?.messages ?? [];
  return (
    <div className="outbox">
      <Tabs
        idPrefix="outbox"
        label={t('outbox.filter')}
        active={filter}
        onChange={setFilter}
        items={(['ALL', 'SMS', 'EMAIL'] as const).map((k) => ({ key: k, label: t(`outbox.channels.${k}`) }))}
      />
      <div id="outbox-panel" role="tabpanel" aria-labelledby={`outbox-tab-${filter}`}>
        {outbox.error ? (
          <p className="form-error" role="alert">
            <Icon name="warning" size={16} /> <span>{localizeError(outbox.error)}</span>
          </p>
        ) : messages.length === 0 && !outbox.isPending ? (
          <EmptyState title={t('outbox.empty')} />
        ) : (
          <ol className="outbox__list" data-testid="outbox-list">
            {messages.map((m) => (
              <li key={m.id} className="outbox__item card">
                <div className="outbox__meta">
                  <span className={`status-pill ${m.channel === 'SMS' ? 'status-pill--live' : 'status-pill--coming'}`}>
                    <Icon name={m.channel === 'SMS' ? 'phone' : 'megaphone'} size={14} />
                    {t(`outbox.channels.${m.channel}`)}
                  </span>
                  <strong className="outbox__to">{m.recipient}</strong>
                  <span className="muted small">{m.purpose}</span>
                  <time className="muted small" dateTime={m.createdAt}>
                    {formatDateTime(m.createdAt)}
                  </time>
                </div>
                {m.subject ? <p className="outbox__subject">{m.subject}</p> : null}
                <Body text={m.body} />
              </li>
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}
