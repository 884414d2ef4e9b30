import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { localizeError } from '../../../lib/errors.ts';

/** A card of the agent centre with its loading, error and empty states. */
export function AgentResults({
  label,
  query,
  isEmpty,
  children,
  testId,
}: {
  label: string;
  query: { isPending: boolean; isError: boolean; error: unknown; isFetching: boolean };
  isEmpty: boolean;
  children?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation('pages');
  return (
    <section className="card agent-card" aria-label={label} aria-busy={query.isFetching} data-testid={testId}>
      {query.isPending ? (
        <p className="form-progress" role="status">
          <span className="spinner" aria-hidden="true" />
        </p>
      ) : query.isError ? (
        <p className="form-error" role="alert">
          <Icon name="warning" size={16} />
          <span>{isApiError(query.error) ? localizeError(query.error) : t('agent.loadFailed')}</span>
        </p>
      ) : isEmpty ? (
        <div className="empty-state" data-testid="agent-empty">
          <span className="empty-state__icon">
            <Icon name="layers" size={28} />
          </span>
          <p className="empty-state__title">{t('agent.noData')}</p>
        </div>
      ) : (
        children
      )}
    </section>
  );
}
