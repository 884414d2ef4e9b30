import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { QueryBody } from '../../../components/ui/query-body.tsx';

interface QueryState {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
}

/** A card of the agent centre with its loading, error and empty states. */
export function AgentResults({
  label,
  query,
  isEmpty,
  children,
  testId,
}: {
  label: string;
  query: QueryState;
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

/** One page of records as the agent centre's calls answer it. */
export interface RecordPage<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

type Row<P extends RecordPage<unknown>> = P['items'][number];

/**
 * A page of records in an agent card: an optional line above (totals), the table and the pager;
 * empty, loading and failed states come from {@link AgentResults}.
 */
export function AgentRecords<P extends RecordPage<unknown>>({
  label,
  query,
  columns,
  rowKey,
  onPage,
  header,
  testId,
  tableTestId,
  rowTestId,
}: {
  label: string;
  query: QueryState & { data?: P };
  columns: Column<Row<P>>[] | ((page: P) => Column<Row<P>>[]);
  rowKey: (row: Row<P>) => string;
  onPage: (page: number) => void;
  header?: (page: P) => ReactNode;
  testId?: string;
  tableTestId?: string;
  rowTestId?: (row: Row<P>) => string;
}) {
  const v = query.data;
  return (
    <AgentResults label={label} query={query} isEmpty={(v?.items.length ?? 0) === 0} testId={testId}>
      {v ? (
        <>
          {header?.(v)}
          <DataTable<Row<P>>
            caption={label}
            rows={v.items as Row<P>[]}
            rowKey={rowKey}
            columns={typeof columns === 'function' ? columns(v) : columns}
            testId={tableTestId}
            rowTestId={rowTestId}
          />
          <Pager page={v.page} pageSize={v.pageSize} total={v.total} onPage={onPage} />
        </>
      ) : null}
    </AgentResults>
  );
}

/** The agent centre's member search; submitting passes the trimmed text (or nothing) to `onSearch`. */
export function AgentSearch({
  value,
  onValue,
  onSearch,
}: {
  value: string;
  onValue: (value: string) => void;
  onSearch: (search: string | undefined) => void;
}) {
  const { t } = useTranslation('pages');
  return (
    <form
      className="agent-search"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(value.trim() || undefined);
      }}
    >
      <TextField
        label={t('agent.team.search')}
        icon="user"
        value={value}
        onValue={onValue}
        maxLength={64}
        placeholder={t('agent.team.searchHint')}
      />
      <Button type="submit" variant="secondary">
        {t('agent.team.find')}
      </Button>
    </form>
  );
}
