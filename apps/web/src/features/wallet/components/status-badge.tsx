import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../../components/ui/icon.tsx';
import type { Tone } from '../lib/statuses.ts';

export type BadgeTone = Tone;

const ICON: Record<BadgeTone, IconName> = {
  pending: 'clock',
  success: 'check',
  danger: 'close',
  muted: 'close',
  info: 'warning',
};

/** A status pill: the key is read from the wallet namespace (`status.PENDING` …). */
export function StatusBadge({ tone, labelKey, testId }: { tone: BadgeTone; labelKey: string; testId?: string }) {
  const { t } = useTranslation('wallet');
  return (
    <span className={`cashier-badge cashier-badge--${tone}`} data-testid={testId}>
      <Icon name={ICON[tone]} size={13} />
      {t(labelKey)}
    </span>
  );
}
