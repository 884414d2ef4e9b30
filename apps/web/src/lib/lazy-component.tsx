import { lazy, Suspense, useState, type ComponentType } from 'react';

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

/**
 * A dialog (rendering nothing while closed) whose code loads the first time it opens, and which
 * stays rendered from then on so it can close as it always does (decision 044).
 */
export function lazyDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazyComponent(load);
  function LazyDialog(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    return opened ? <Lazy {...props} /> : null;
  }
  return LazyDialog;
}
