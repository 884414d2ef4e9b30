import { useDeferredValue, type ReactNode } from 'react';

/**
 * Children that mount in a render of their own just after the one that mounts this, at low priority:
 * React renders them in slices of a few milliseconds between the browser's other work, instead of in
 * the long task that mounts the page around them (decision 107). For parts of a page below the first
 * screen, whose absence for a frame or two nobody sees; nothing above them moves when they appear.
 */
export function RenderLater({ children }: { children: ReactNode }) {
  const ready = useDeferredValue(true, false);
  return ready ? children : null;
}
