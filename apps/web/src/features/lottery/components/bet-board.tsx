import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs, type TabItem } from '../../../components/ui/tabs.tsx';

/**
 * A game's bet board: its tabs (bet types or groups of them) over the active tab's panel, under a
 * heading that only screen readers read. `idPrefix` names the tabs and the panel.
 */
export function BetBoard<K extends string>({
  idPrefix,
  className,
  panelClassName,
  tabs,
  active,
  onChange,
  children,
}: {
  idPrefix: string;
  className: string;
  panelClassName?: string;
  tabs: TabItem<K>[];
  active: K;
  onChange: (key: K) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('pages');
  return (
    <section className={`card ${className}`} aria-labelledby={`${idPrefix}-title`}>
      <h3 id={`${idPrefix}-title`} className="sr-only">
        {t('lottery.betBoard')}
      </h3>
      <Tabs items={tabs} active={active} onChange={onChange} label={t('lottery.betBoard')} idPrefix={idPrefix} />
      <div
        id={`${idPrefix}-panel`}
        role="tabpanel"
        aria-labelledby={`${idPrefix}-tab-${active}`}
        className={panelClassName}
      >
        {children}
      </div>
    </section>
  );
}
