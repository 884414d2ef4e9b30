import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ui/button.tsx';
import { useScreenTitle } from '../use-screen-title.ts';

export function NotFoundScreen() {
  const { t } = useTranslation('pages');
  useScreenTitle(t('notFound.title'));
  return (
    <div className="page not-found" data-testid="not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>{t('notFound.title')}</h1>
      <p className="muted">{t('notFound.text')}</p>
      <ButtonLink to="/">{t('notFound.home')}</ButtonLink>
    </div>
  );
}
