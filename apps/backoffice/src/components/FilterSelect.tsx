import type { TextFieldProps } from '@mui/material';
import { SelectField } from './SelectField.tsx';

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
    <SelectField<string>
      size="small"
      label={label}
      value={value}
      onValue={onValue}
      emptyLabel={allLabel}
      options={options}
      optionLabel={(o) => optionLabel(o as V)}
      slotProps={slotProps}
      sx={{ minWidth }}
    />
  );
}
