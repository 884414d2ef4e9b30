import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Fit steps for a row that must never overlap (the header at any width from 320 px): the row's items
 * keep their natural width, and while they do not fit the row (its content is wider than it), the
 * next named step is applied: `data-fit` on the row lists every step applied so far, space-separated,
 * and CSS matches each with `[data-fit~='name']` to hide or collapse items. Reordering the steps is a
 * change to the list alone. It is measured again whenever the row or one of its items changes size (a
 * balance arriving, a language with longer words, fonts loading), so the result holds for any text,
 * not only for guessed widths. Returns how many steps are applied.
 */
export function useFitSteps(row: RefObject<HTMLElement | null>, steps: readonly string[]): number {
  const [applied, setApplied] = useState(0);
  const key = steps.join(' ');
  useLayoutEffect(() => {
    const el = row.current;
    if (!el) return;
    const names = key.split(' ').filter(Boolean);
    const measure = () => {
      let s = 0;
      el.dataset.fit = '';
      while (s < names.length && el.scrollWidth > el.clientWidth + 1) {
        s += 1;
        el.dataset.fit = names.slice(0, s).join(' ');
      }
      setApplied(s);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    for (const child of Array.from(el.children)) observer.observe(child);
    // Items that come and go (the account menu after sign-in) are observed as they appear.
    const mutations = new MutationObserver(() => {
      for (const child of Array.from(el.children)) observer.observe(child);
      measure();
    });
    mutations.observe(el, { childList: true });
    return () => {
      observer.disconnect();
      mutations.disconnect();
    };
  }, [row, key]);
  return applied;
}
