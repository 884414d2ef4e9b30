import { Chip, Switch, TextField, type ChipProps } from '@mui/material';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { useState } from 'react';

/** A number cell saved when it loses focus or on Enter, when it changed. */
export function OrderField({
  value,
  disabled,
  onSave,
  label,
}: {
  value: number;
  disabled: boolean;
  onSave(n: number): void;
  label: string;
}) {
  const [draft, setDraft] = useState(String(value));
  const save = () => {
    const n = Number(draft);
    if (Number.isInteger(n) && n >= 0 && n !== value) onSave(n);
    else setDraft(String(value));
  };
  return (
    <TextField
      size="small"
      type="number"
      value={draft}
      disabled={disabled}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={save}
      onKeyDown={(e) => e.key === 'Enter' && save()}
      slotProps={{ htmlInput: { min: 0, 'aria-label': label, style: { padding: '4px 8px' } } }}
      sx={{ width: 80 }}
    />
  );
}

/** What every editable column of a grid is told: its field and title, the row's name (for labels), and whether it may change. */
interface EditableColumn<R> {
  field: string;
  headerName: string;
  width: number;
  /** Names the row in the control's label ("Enabled PRAGMATIC"). */
  rowName: (row: R) => string;
  /** For the whole column, or per row (a rule that must stay on, the default language). */
  disabled: boolean | ((row: R) => boolean);
}

const disabledFor = <R,>(disabled: EditableColumn<R>['disabled'], row: R) =>
  typeof disabled === 'function' ? disabled(row) : disabled;

/**
 * A switch column saved at once when flipped; `badge` shows a chip instead of the switch where the
 * row cannot take it (e.g. a vendor still COMING).
 */
export function switchColumn<R extends GridValidRowModel>({
  field,
  headerName,
  width,
  rowName,
  disabled,
  checked,
  onToggle,
  color,
  badge,
}: EditableColumn<R> & {
  checked: (row: R) => boolean;
  onToggle: (row: R, on: boolean) => void;
  color?: 'warning' | 'secondary';
  badge?: (row: R) => string | null;
}): GridColDef<R> {
  return {
    field,
    headerName,
    width,
    renderCell: (p) => {
      const chip = badge?.(p.row);
      return chip ? (
        <Chip size="small" label={chip} />
      ) : (
        <Switch
          checked={checked(p.row)}
          disabled={disabledFor(disabled, p.row)}
          {...(color ? { color } : {})}
          slotProps={{ input: { 'aria-label': `${headerName} ${rowName(p.row)}` } }}
          onChange={(e) => onToggle(p.row, e.target.checked)}
        />
      );
    },
  };
}

/** An order column: a number field saved on blur or Enter. */
export function orderColumn<R extends GridValidRowModel>({
  field,
  headerName,
  width,
  rowName,
  disabled,
  value,
  onSave,
}: EditableColumn<R> & { value: (row: R) => number; onSave: (row: R, n: number) => void }): GridColDef<R> {
  return {
    field,
    headerName,
    width,
    renderCell: (p) => (
      <OrderField
        key={value(p.row)}
        value={value(p.row)}
        disabled={disabledFor(disabled, p.row)}
        label={`${headerName} ${rowName(p.row)}`}
        onSave={(n) => onSave(p.row, n)}
      />
    ),
  };
}

/**
 * A status column: the row's state as a small coloured chip (the cell's value stays the field's, for
 * sorting and export).
 */
export function chipColumn<R extends GridValidRowModel>({
  field = 'status',
  headerName,
  width,
  label,
  color,
  testId,
}: {
  field?: string;
  headerName: string;
  width: number;
  label: (row: R) => string;
  color: (row: R) => ChipProps['color'];
  testId?: (row: R) => string;
}): GridColDef<R> {
  return {
    field,
    headerName,
    width,
    renderCell: (p) => (
      <Chip
        size="small"
        label={label(p.row)}
        color={color(p.row)}
        {...(testId ? { 'data-testid': testId(p.row) } : {})}
      />
    ),
  };
}
