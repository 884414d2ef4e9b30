import { FormControlLabel, Switch } from '@mui/material';

/** A switch with its label beside it: a setting or a dialog's on/off field. */
export function SwitchField({
  label,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <FormControlLabel
      control={<Switch checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />}
      label={label}
    />
  );
}
