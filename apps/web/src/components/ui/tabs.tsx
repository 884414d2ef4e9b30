import type { ReactNode } from 'react';

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
}

/** A row of tabs (role tablist); the panel is rendered by the caller with `aria-labelledby`. */
export function Tabs<K extends string>({
  items,
  active,
  onChange,
  label,
  idPrefix,
}: {
  items: TabItem<K>[];
  active: K;
  onChange: (key: K) => void;
  label: string;
  idPrefix: string;
}) {
  return (
    <div className="tabs" role="tablist" aria-label={label}>
      {items.map((item) => (
        <button
          key={item.key}
          id={`${idPrefix}-tab-${item.key}`}
          type="button"
          role="tab"
          aria-selected={item.key === active}
          aria-controls={`${idPrefix}-panel`}
          tabIndex={item.key === active ? 0 : -1}
          className={item.key === active ? 'tabs__tab tabs__tab--active' : 'tabs__tab'}
          onClick={() => onChange(item.key)}
          onKeyDown={(event) => {
            if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
            const index = items.findIndex((i) => i.key === active);
            const next = items[(index + (event.key === 'ArrowRight' ? 1 : items.length - 1)) % items.length];
            if (next) onChange(next.key);
          }}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
