import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { localizeError } from '../../../lib/errors.ts';

/** The game's vendor session could not be opened: why, and a way to try again. */
export function SessionFailedPanel({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('pages');
  return (
    <section className="card lotto-panel" role="alert">
      <p>{t('lottery.openFailed')}</p>
      <p className="muted">{localizeError(error)}</p>
      <Button onClick={onRetry}>{t('lottery.retry')}</Button>
    </section>
  );
}

/** Stands where the bet board will be while the game and its session load. */
export function SessionOpeningPanel() {
  const { t } = useTranslation('pages');
  return (
    <section className="card lotto-panel" aria-busy="true">
      <p className="muted">{t('lottery.opening')}</p>
    </section>
  );
}
