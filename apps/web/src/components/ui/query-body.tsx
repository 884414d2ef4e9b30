import type { ReactNode } from 'react';
import { isApiError } from '../../lib/api-error.ts';
import { localizeError } from '../../lib/errors.ts';
import { FormError } from './field.tsx';

/** What a view needs to know of a query (TanStack Query's result has it). */
export interface QueryState {
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/** A spinner where content is still loading. */
export function Loading({ className }: { className?: string }) {
  return (
    <p className={className ? `form-progress ${className}` : 'form-progress'} role="status">
      <span className="spinner" aria-hidden="true" />
    </p>
  );
}

/**
 * What a query feeds: a spinner while it loads, then `failed` if it could not load (the server's own
 * error, localized, where `serverError` says so), `empty` when there is nothing to show, or the content.
 */
export function QueryBody({
  query,
  failed,
  serverError = false,
  empty,
  children,
}: {
  query: QueryState;
  failed: string;
  serverError?: boolean;
  empty?: ReactNode;
  children?: ReactNode;
}) {
  if (query.isPending) return <Loading />;
  if (query.isError)
    return <FormError error={serverError && isApiError(query.error) ? localizeError(query.error) : failed} />;
  return <>{empty || children}</>;
}
