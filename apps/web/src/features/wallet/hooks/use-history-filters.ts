import { HISTORY } from '@portal/contracts/limits.ts';
import { useState } from 'react';
import { presetRange, type DateRange } from '../lib/date-range.ts';

/**
 * The filters of a history page: a date range (the last 7 days, as the server's default), extra
 * filters such as the type, and the page. Any filter change goes back to page 1.
 */
export function useHistoryFilters<E extends Record<string, string | undefined>>(initialExtra: E) {
  const [range, setRangeState] = useState<DateRange>(() => presetRange('last7'));
  const [extra, setExtraState] = useState<E>(initialExtra);
  const [page, setPage] = useState(1);
  return {
    range,
    extra,
    page,
    setPage,
    setRange: (r: DateRange) => {
      setRangeState(r);
      setPage(1);
    },
    setExtra: (patch: Partial<E>) => {
      setExtraState((e) => ({ ...e, ...patch }));
      setPage(1);
    },
    query: { ...extra, from: range.from, to: range.to, page, pageSize: HISTORY.defaultPageSize },
  };
}
