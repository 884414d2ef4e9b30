import { DataGrid, type DataGridProps, type GridValidRowModel } from '@mui/x-data-grid';
import { useI18n } from '../i18n.tsx';

/**
 * A grid of rows the screen already holds (one call's whole list): the console's empty text, the
 * paper background, and rows that open when `onOpen` is given (the pointer says so).
 */
export function RowGrid<R extends GridValidRowModel>({
  rows,
  onOpen,
  sx,
  ...grid
}: { rows: readonly R[] | undefined; onOpen?: ((row: R) => void) | undefined } & Omit<
  DataGridProps<R>,
  'rows' | 'onRowClick'
>) {
  const { t } = useI18n();
  return (
    <DataGrid<R>
      autoHeight
      localeText={{ noRowsLabel: t('nothingYet') }}
      {...grid}
      rows={rows ?? []}
      {...(onOpen ? { onRowClick: (p: { row: R }) => onOpen(p.row) } : {})}
      sx={{ bgcolor: 'background.paper', ...(onOpen ? { '& .MuiDataGrid-row': { cursor: 'pointer' } } : {}), ...sx }}
    />
  );
}
