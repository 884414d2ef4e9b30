import type { ReactNode } from 'react';

/**
 * A column that scrolls its items upwards without end (the home page scrollers). The list is drawn
 * twice so the loop has no seam; the copy is hidden from assistive technology. Hover pauses it, and
 * it stands still for visitors who ask for reduced motion.
 */
export function VerticalScroller<T>({
  items,
  render,
  itemKey,
  secondsPerItem = 3,
  label,
  minItemsToScroll = 4,
}: {
  items: readonly T[];
  render: (item: T) => ReactNode;
  itemKey: (item: T, index: number) => string | number;
  secondsPerItem?: number;
  label: string;
  minItemsToScroll?: number;
}) {
  const moving = items.length >= minItemsToScroll;
  return (
    <div className={moving ? 'v-scroller v-scroller--moving' : 'v-scroller'} aria-label={label} role="region">
      <div
        className="v-scroller__track"
        style={{ animationDuration: `${Math.max(1, items.length) * secondsPerItem}s` }}
      >
        <ul className="v-scroller__list">
          {items.map((item, i) => (
            <li key={itemKey(item, i)}>{render(item)}</li>
          ))}
        </ul>
        {moving ? (
          <ul className="v-scroller__list" aria-hidden="true">
            {items.map((item, i) => (
              <li key={itemKey(item, i)} inert>
                {render(item)}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
