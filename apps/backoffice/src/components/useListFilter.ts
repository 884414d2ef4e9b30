import type { GridPaginationModel } from '@mui/x-data-grid';
import { useState, type FormEvent } from 'react';

/**
 * A server-paged list's search row: the filter being typed (`draft`), the one searched (`filter`),
 * and the page. Searching goes back to the first page; `gridPaging` is what the grid needs.
 */
export function useListFilter<D>(initial: D) {
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const [draft, setDraft] = useState(initial);
  const [filter, setFilter] = useState(initial);
  const search = (e: FormEvent) => {
    e.preventDefault();
    setPaging({ ...paging, page: 0 });
    setFilter(draft);
  };
  const gridPaging = {
    paginationMode: 'server',
    paginationModel: paging,
    onPaginationModelChange: setPaging,
    pageSizeOptions: [25, 50, 100],
  } as const;
  return { paging, draft, setDraft, filter, search, gridPaging };
}
