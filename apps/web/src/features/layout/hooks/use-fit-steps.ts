import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Fit steps for a row that must never overlap (the header at any width from 320 px): the row's items
 * keep their natural width, and while they do not fit the row (its content is wider than it), the
 * next step is applied (`data-fit="n"` on the row; CSS hides or collapses items step by step). It is
 * measured again whenever the row or one of its items changes size (a balance arriving, a language
 * with longer words, fonts loading), so the result holds for any text, not only for guessed widths.
 */
export function useFitSteps(row: RefObject<HTMLElement | null>, steps: number): number {
  const [step, setStep] = useState(0);
  useLayoutEffect(() => {
    const el = row.current;
    if (!el) return;
    const measure = () => {
      let s = 0;
      el.dataset.fit = '0';
      while (s < steps && el.scrollWidth > el.clientWidth + 1) {
        s += 1;
        el.dataset.fit = String(s);
      }
      setStep(s);
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
  }, [row, steps]);
  return step;
}
