import { lazy, Suspense, type ComponentType } from 'react';

/**
 * A component whose code loads the first time it renders (a dialog, a popup), showing nothing until
 * then: the page around it never waits (decision 040).
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  function LazyComponent(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return LazyComponent;
}
