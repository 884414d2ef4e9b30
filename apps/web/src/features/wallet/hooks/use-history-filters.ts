import { HISTORY } from '@portal/contracts/limits.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SelectFilter } from '../components/history-controls.tsx';
import { presetRange, type DateRange } from '../lib/date-range.ts';

/**
 * The filters of a history page: a date range (the last 7 days, as the server's default), extra
 * filters such as the type, and the page. Any filter change goes back to page 1.
 */
export function useHistoryFilters<E extends Record<string, string | undefined>>(initialExtra: E) {
  const [range, setRangeState] = useState<DateRange>(() => presetRange('last7'));
  const [extra, setExtraState] = useState<E>(initialExtra);
  const [page, setPage] = useState(1);
  const { t } = useTranslation('wallet');
  const setExtra = (patch: Partial<E>) => {
    setExtraState((e) => ({ ...e, ...patch }));
    setPage(1);
  };
  return {
    range,
    extra,
    page,
    setPage,
    setRange: (r: DateRange) => {
      setRangeState(r);
      setPage(1);
    },
    setExtra,
    /** The filter bar's select for `name`: "All" (no filter), then `options`. */
    select: (name: keyof E & string, label: string, options: { value: string; label: string }[]): SelectFilter => ({
      name,
      label,
      value: extra[name] ?? '',
      onChange: (v) => setExtra({ [name]: v || undefined } as Partial<E>),
      options: [{ value: '', label: t('history.all') }, ...options],
    }),
    query: { ...extra, from: range.from, to: range.to, page, pageSize: HISTORY.defaultPageSize },
  };
}
