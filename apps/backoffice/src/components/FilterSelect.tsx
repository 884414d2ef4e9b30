import { MenuItem, TextField, type TextFieldProps } from '@mui/material';

/**
 * A list filter's drop-down: "all" (the empty value) first, then each choice under its label. The
 * search rows of the contracts, settlements, content and games screens use it.
 */
export function FilterSelect<V extends string>({
  label,
  value,
  onValue,
  allLabel,
  options,
  optionLabel = (v) => v,
  minWidth,
  slotProps,
}: {
  label: string;
  value: string;
  onValue: (value: string) => void;
  allLabel: string;
  options: readonly V[];
  optionLabel?: (value: V) => string;
  minWidth: number;
  slotProps?: TextFieldProps['slotProps'];
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onValue(e.target.value)}
      slotProps={slotProps}
      sx={{ minWidth }}
    >
      <MenuItem value="">{allLabel}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o} value={o}>
          {optionLabel(o)}
        </MenuItem>
      ))}
    </TextField>
  );
}
