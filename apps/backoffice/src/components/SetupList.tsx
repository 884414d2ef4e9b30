import { Box, Button, Stack, Typography } from '@mui/material';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { useState, type ReactNode } from 'react';
import { RowGrid } from './RowGrid.tsx';

/**
 * A list of things staff set up (promotions, mall items, missions): a lead, a "new" button and rows
 * that open their editor, both only for staff who may change them. `editor` draws the dialog for a
 * row or, with null, for a new one.
 */
export function SetupList<R extends GridValidRowModel>({
  lead,
  newLabel,
  newTestId,
  canEdit,
  rows,
  loading,
  columns,
  editor,
  testId,
  children,
}: {
  lead?: string;
  newLabel: string;
  newTestId: string;
  canEdit: boolean;
  rows: readonly R[] | undefined;
  loading: boolean;
  columns: GridColDef<R>[];
  editor(item: R | null, onClose: () => void): ReactNode;
  testId: string;
  /** Settings shown between the lead and the list (the points ratio). */
  children?: ReactNode;
}) {
  const [editing, setEditing] = useState<R | 'new' | null>(null);
  return (
    <Stack spacing={2} data-testid={testId}>
      {lead && (
        <Typography variant="body2" color="text.secondary">
          {lead}
        </Typography>
      )}
      {children}
      {canEdit && (
        <Box>
          <Button variant="contained" onClick={() => setEditing('new')} data-testid={newTestId}>
            {newLabel}
          </Button>
        </Box>
      )}
      <RowGrid<R> rows={rows} columns={columns} loading={loading} onOpen={canEdit ? setEditing : undefined} />
      {editing && editor(editing === 'new' ? null : editing, () => setEditing(null))}
    </Stack>
  );
}
