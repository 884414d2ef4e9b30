import { useEffect, useState, type ReactNode } from 'react';

/**
 * Children that mount in a task of their own just after the one that mounts this (a zero timeout from
 * its effect), instead of in the long task that mounts the page around them (decision 108). For parts
 * of a page below the first screen, whose absence for a moment nobody sees; nothing above them moves
 * when they appear. Not a transition or a deferred value: a query's result arriving while React
 * renders those in slices makes it render everything again in one blocking task.
 */
export function RenderLater({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setReady(true), 0);
    return () => window.clearTimeout(timer);
  }, []);
  return ready ? children : null;
}
