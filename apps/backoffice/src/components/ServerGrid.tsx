import { DataGrid, type DataGridProps, type GridPaginationModel, type GridValidRowModel } from '@mui/x-data-grid';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';

/** What a paged back-office call answers: one page of rows and how many there are in all. */
export interface Page<R> {
  rows: R[];
  total: number;
}

/**
 * A data grid paged on the server: it keeps the page and page size, asks `fetch` for the page shown
 * (cached under `queryKey` and the paging), and goes back to the first page when `queryKey` changes
 * (a new search or filter). Every paged screen of the console uses it.
 */
export function ServerGrid<R extends GridValidRowModel>({
  queryKey,
  fetch,
  pageSize = 25,
  sx,
  ...grid
}: {
  queryKey: readonly unknown[];
  fetch: (paging: { page: number; pageSize: number }) => Promise<Page<R>>;
  pageSize?: number;
} & Omit<
  DataGridProps<R>,
  'rows' | 'rowCount' | 'loading' | 'paginationMode' | 'paginationModel' | 'onPaginationModelChange'
>) {
  const key = JSON.stringify(queryKey);
  const [state, setState] = useState<{ key: string; paging: GridPaginationModel }>({
    key,
    paging: { page: 0, pageSize },
  });
  // A new search or filter shows its first page.
  const paging = state.key === key ? state.paging : { ...state.paging, page: 0 };
  const data = useQuery({
    queryKey: [...queryKey, paging],
    queryFn: () => fetch(paging),
    placeholderData: keepPreviousData,
  });
  return (
    <DataGrid<R>
      autoHeight
      showToolbar
      pageSizeOptions={[10, 25, 50, 100]}
      {...grid}
      rows={data.data?.rows ?? []}
      rowCount={data.data?.total ?? 0}
      loading={data.isFetching}
      paginationMode="server"
      paginationModel={paging}
      onPaginationModelChange={(next) => setState({ key, paging: next })}
      sx={{ bgcolor: 'background.paper', ...sx }}
    />
  );
}
