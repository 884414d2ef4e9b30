/**
 * A leading-edge throttle per key: the first call passes, calls for the same key within `ms` of the
 * last pass are refused (spec §9: a favourite toggles at most once a second).
 */
export function createToggleGate(ms: number) {
  const last = new Map<string | number, number>();
  return {
    tryPass(key: string | number, now: number): boolean {
      const previous = last.get(key);
      if (previous !== undefined && now - previous < ms) return false;
      last.set(key, now);
      return true;
    },
  };
}
export type ToggleGate = ReturnType<typeof createToggleGate>;
