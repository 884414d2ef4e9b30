import { Stack } from '@mui/material';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { useState } from 'react';
import { useI18n } from '../i18n.tsx';
import { ServerGrid } from './ServerGrid.tsx';
import { ScreenTabs } from './ScreenTabs.tsx';

/** The page size of the queues whose calls page by number (feedback, applications). */
const QUEUE_PAGE_SIZE = 20;

/**
 * A review queue: tabs by status (the first one shown first) over a server-paged grid whose rows
 * open. For calls that answer a page number and a page count (`pageNum`, `totalPages`).
 */
export function StatusQueue<S extends string, R extends GridValidRowModel>({
  statuses,
  statusLabel,
  queryKey,
  fetch,
  columns,
  onOpen,
  testId,
}: {
  statuses: readonly S[];
  statusLabel(status: S): string;
  queryKey: string;
  fetch(status: S, pageNum: number): Promise<{ content: NoInfer<R>[]; totalPages: number }>;
  columns: GridColDef<R>[];
  onOpen(row: R): void;
  testId: string;
}) {
  const { t } = useI18n();
  const [status, setStatus] = useState<S>(statuses[0]!);
  return (
    <Stack spacing={2}>
      <ScreenTabs
        value={status}
        onChange={setStatus}
        tabs={statuses.map((s) => ({ value: s, label: statusLabel(s) }))}
      />
      <ServerGrid<R>
        queryKey={[queryKey, status]}
        fetch={({ page }) =>
          fetch(status, page + 1).then((v) => ({ rows: v.content, total: v.totalPages * QUEUE_PAGE_SIZE }))
        }
        pageSize={QUEUE_PAGE_SIZE}
        pageSizeOptions={[QUEUE_PAGE_SIZE]}
        showToolbar={false}
        columns={columns}
        onRowClick={(p) => onOpen(p.row)}
        localeText={{ noRowsLabel: t('nothingYet') }}
        sx={{ '& .MuiDataGrid-row': { cursor: 'pointer' } }}
        data-testid={testId}
      />
    </Stack>
  );
}
