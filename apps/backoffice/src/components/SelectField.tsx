import { MenuItem, TextField, type TextFieldProps } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A drop-down of fixed choices, each under its label; with `emptyLabel`, the empty value ("all", "any
 * game") comes first. Every other prop is the TextField's (size, sx, slotProps, helperText…).
 */
export function SelectField<V extends string | number>({
  value,
  onValue,
  options,
  optionLabel = String,
  emptyLabel,
  ...field
}: {
  value: V | '';
  onValue: (value: V) => void;
  options: readonly V[];
  optionLabel?: (value: V) => ReactNode;
  emptyLabel?: string;
} & Omit<TextFieldProps, 'select' | 'value' | 'onChange' | 'children'>) {
  return (
    <TextField select {...field} value={value} onChange={(e) => onValue(e.target.value as V)}>
      {emptyLabel !== undefined && <MenuItem value="">{emptyLabel}</MenuItem>}
      {options.map((o) => (
        <MenuItem key={o} value={o}>
          {optionLabel(o)}
        </MenuItem>
      ))}
    </TextField>
  );
}
