import { Stack } from '@mui/material';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import type { ReactNode } from 'react';

/**
 * A grid's row-actions column: a localized header that never wraps (on a phone the grid scrolls
 * sideways instead), buttons on one line, left out of sorting, filtering and CSV export.
 */
export function actionsColumn<R extends GridValidRowModel>(
  label: string,
  width: number,
  render: (row: R) => ReactNode,
): GridColDef<R> {
  return {
    field: 'actions',
    headerName: label,
    width,
    minWidth: width,
    sortable: false,
    filterable: false,
    disableExport: true,
    disableColumnMenu: true,
    headerClassName: 'actions-header',
    renderCell: (p) => (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%', whiteSpace: 'nowrap' }}>
        {render(p.row)}
      </Stack>
    ),
  };
}
