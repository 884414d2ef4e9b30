import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { QueryBody } from '../../../components/ui/query-body.tsx';

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
      <QueryBody
        query={query}
        failed={t('agent.loadFailed')}
        serverError
        empty={isEmpty && <EmptyState title={t('agent.noData')} testId="agent-empty" />}
      >
        {children}
      </QueryBody>
    </section>
  );
}
