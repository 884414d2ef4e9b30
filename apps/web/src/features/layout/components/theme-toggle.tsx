import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon.tsx';
import { applyTheme, readTheme, type Theme } from '../../../lib/theme.ts';

export function ThemeToggle({ withLabel = false }: { withLabel?: boolean }) {
  const { t } = useTranslation();
  const [theme, setTheme] = useState<Theme>(() => readTheme());
  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  const label = t(next === 'light' ? 'theme.toLight' : 'theme.toDark');
  return (
    <button
      type="button"
      className={withLabel ? 'btn btn--ghost btn--sm theme-toggle' : 'icon-btn theme-toggle'}
      aria-label={withLabel ? undefined : label}
      title={label}
      data-testid="theme-toggle"
      onClick={() => {
        applyTheme(next);
        setTheme(next);
      }}
    >
      <Icon name={theme === 'dark' ? 'sun' : 'moon'} />
      {withLabel ? <span>{label}</span> : null}
    </button>
  );
}
