import { Icon } from './icon.tsx';

/** A day picker (`YYYY-MM-DD`) with its calendar icon, as the history pages' ranges use it. */
export function DateControl({
  name,
  label,
  value,
  min,
  max,
  onValue,
}: {
  name: string;
  /** The accessible name, where no visible label wraps the control. */
  label?: string;
  value: string;
  min?: string | undefined;
  max?: string | undefined;
  onValue: (value: string) => void;
}) {
  return (
    <span className="date-control">
      <Icon name="calendar" size={16} />
      <input
        type="date"
        name={name}
        aria-label={label}
        value={value}
        min={min}
        max={max}
        onChange={(e) => onValue(e.target.value)}
      />
    </span>
  );
}
