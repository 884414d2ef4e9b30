import type { Language } from '@portal/contracts/site/site.contract.ts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon.tsx';
import { changeLanguage, isBundledLanguage } from '../../../lib/i18n.ts';

/**
 * Lists only the languages the site enables (permission.languages) that have a bundled message set.
 * Compact (a signed-in header, where the balance needs the room) shows the codes: KO, EN, ZH.
 */
export function LanguageSelector({
  languages,
  compact = false,
}: {
  languages: readonly Language[];
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const options = languages.filter((l) => isBundledLanguage(l.code));
  if (options.length === 0) return null;
  return (
    <div className="lang-select">
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <Icon name="globe" size={18} className="lang-select__icon" />
      <select
        id={id}
        data-testid="language-select"
        value={options.some((o) => o.code === i18n.language) ? i18n.language : options[0]!.code}
        onChange={(event) => void changeLanguage(event.target.value)}
      >
        {options.map((lang) => (
          <option key={lang.code} value={lang.code} lang={lang.code}>
            {compact ? lang.code.toUpperCase() : lang.nativeName}
          </option>
        ))}
      </select>
      <Icon name="chevronDown" size={16} className="lang-select__chevron" />
    </div>
  );
}
