import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateControl } from '../../../components/ui/date-control.tsx';
import { SelectControl, type SelectOption } from '../../../components/ui/select-control.tsx';
import { useLotteryGames } from '../hooks/use-lottery-games.ts';

/** One labelled control of a lottery filter bar. */
export function FilterField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="lotto-filters__field">
      <span className="field__label">{label}</span>
      {children}
    </label>
  );
}

/**
 * The lottery's games as a drop-down, by their names; `first` goes before them ("All games"), and
 * `fastOnly` keeps the fast draws (the daily Vietnam and SEA draws have pages of their own).
 */
export function GameSelect({
  value,
  onValue,
  first,
  fastOnly = false,
}: {
  value: string;
  onValue: (gameCode: string) => void;
  first?: SelectOption;
  fastOnly?: boolean;
}) {
  const { t } = useTranslation('pages');
  const games = (useLotteryGames().data?.games ?? []).filter((g) => !fastOnly || g.lane !== 'LOTT');
  return (
    <FilterField label={t('lottery.history.game')}>
      <SelectControl
        name="game"
        value={value}
        onValue={onValue}
        options={[
          ...(first ? [first] : []),
          ...games.map((g) => ({ value: g.code, label: t(`lottery.games.${g.code}`, { defaultValue: g.code }) })),
        ]}
      />
    </FilterField>
  );
}

/** A calendar day of a range, labelled; empty is no day. */
export function DayField({
  label,
  onValue,
  ...day
}: Omit<ComponentProps<typeof DateControl>, 'label' | 'onValue'> & {
  label: string;
  onValue: (day: string | undefined) => void;
}) {
  return (
    <FilterField label={label}>
      <DateControl {...day} onValue={(value) => onValue(value || undefined)} />
    </FilterField>
  );
}
