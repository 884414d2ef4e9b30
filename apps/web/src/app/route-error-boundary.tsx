import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { Icon } from '../components/ui/icon.tsx';
import { isChunkLoadError } from './lazy-screen.ts';

export function ScreenError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const chunk = isChunkLoadError(error);
  return (
    <div className="screen-error" role="alert" data-testid="screen-error">
      <span className="screen-error__icon">
        <Icon name="warning" size={28} />
      </span>
      <h1 className="screen-error__title">{chunk ? t('errors:PAGE_LOAD_TIMEOUT') : t('screenError.title')}</h1>
      <p className="muted">{chunk ? t('screenError.networkHint') : t('screenError.text')}</p>
      <Button onClick={onRetry}>
        <Icon name="refresh" size={18} /> {t('actions.retry')}
      </Button>
    </div>
  );
}

/**
 * Route-change errors are swallowed (spec §2): a screen that throws shows a friendly retry inside
 * the page frame instead of a white screen. `resetKey` clears it on the next navigation.
 */
export class RouteErrorBoundary extends Component<
  { resetKey: string; children: ReactNode },
  { error: unknown; key: string }
> {
  override state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { error: unknown; key: string }) {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (import.meta.env.DEV) console.warn('screen error', error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      const chunk = isChunkLoadError(this.state.error);
      return (
        <ScreenError
          error={this.state.error}
          onRetry={() => (chunk ? window.location.reload() : this.setState({ error: null }))}
        />
      );
    }
    return this.props.children;
  }
}

/** errorElement of the router: anything a route throws lands here rather than on a blank page. */
export function RouterErrorScreen() {
  const error = useRouteError();
  return (
    <main id="main" className="standalone">
      <ScreenError error={error} onRetry={() => window.location.reload()} />
    </main>
  );
}
