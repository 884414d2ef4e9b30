/**
 * Splits a list for the two-column scrollers of the home page (spec §2): the odd items (1st, 3rd, …)
 * in the first column, the even items (2nd, 4th, …) in the second.
 */
export function splitOddEven<T>(items: readonly T[]): [odd: T[], even: T[]] {
  const odd: T[] = [];
  const even: T[] = [];
  items.forEach((item, index) => (index % 2 === 0 ? odd : even).push(item));
  return [odd, even];
}
