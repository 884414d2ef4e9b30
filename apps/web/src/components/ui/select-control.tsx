import type { SelectHTMLAttributes } from 'react';
import { Icon } from './icon.tsx';

export interface SelectOption {
  value: string;
  label: string;
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value' | 'children'>;

/** The site's styled drop-down: a native select (keyboard and screen readers as usual) with its chevron. */
export function SelectControl({
  value,
  options,
  onValue,
  ...select
}: SelectProps & { value: string; options: readonly SelectOption[]; onValue: (value: string) => void }) {
  return (
    <span className="select-control">
      <select value={value} onChange={(e) => onValue(e.target.value)} {...select}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Icon name="chevronDown" size={16} />
    </span>
  );
}
