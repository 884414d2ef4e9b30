import { CONTRACT_LIMITS, type ContractKind } from '@portal/contracts/agent/contracts.contract.ts';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import {
  emptyDraft,
  formatRate,
  PERCENT_DECIMALS,
  type TierDraft,
  type TierErrors,
} from '@portal/contracts/agent/contract-terms.ts';

/**
 * The tiers of an offer, one row each: the team's threshold (valid bet for salary, loss for a
 * dividend), its active members and the rate in percent. The rules (checkTiers) run on submit; each
 * field shows its own problem.
 */
export function TierEditor({
  kind,
  drafts,
  errors,
  maxRate,
  onChange,
}: {
  kind: ContractKind;
  drafts: TierDraft[];
  errors: TierErrors[];
  /** The most the offering side may give (its own rate); null: up to 100 %. */
  maxRate: string | null;
  onChange: (drafts: TierDraft[]) => void;
}) {
  const { t } = useTranslation('pages');
  const threshold = kind === 'DIVIDEND' ? t('agent.contracts.minLoss') : t('agent.contracts.minValidBet');
  const issue = (i: number, field: keyof TierErrors) => {
    const code = errors[i]?.[field];
    return code
      ? t(`agent.contracts.tierIssues.${code}`, {
          max: maxRate ? formatRate(maxRate) : '100%',
          decimals: PERCENT_DECIMALS,
        })
      : null;
  };
  const set = (i: number, patch: Partial<TierDraft>) =>
    onChange(drafts.map((d, j) => (j === i ? { ...d, ...patch } : d)));
  return (
    <fieldset className="tier-editor" data-testid="tier-editor">
      <legend className="tier-editor__legend">{t('agent.contracts.tiers')}</legend>
      <p className="muted tier-editor__hint">
        {t('agent.contracts.tierRules', { max: maxRate ? formatRate(maxRate) : '100%' })}
      </p>
      <ol className="tier-editor__rows">
        {drafts.map((d, i) => (
          <li key={i} className="tier-editor__row" data-testid={`tier-row-${i}`}>
            <span className="tier-editor__index" aria-hidden="true">
              {i + 1}
            </span>
            <TextField
              label={`${threshold} (${t('agent.contracts.tierN', { n: i + 1 })})`}
              prefix="₩"
              inputMode="decimal"
              name={`tier-${i}-threshold`}
              autoComplete="off"
              value={d.threshold}
              onValue={(v) => set(i, { threshold: v })}
              error={issue(i, 'threshold')}
            />
            <TextField
              label={t('agent.contracts.minActiveMembers')}
              inputMode="numeric"
              name={`tier-${i}-members`}
              autoComplete="off"
              value={d.activeMembers}
              onValue={(v) => set(i, { activeMembers: v })}
              error={issue(i, 'activeMembers')}
            />
            <TextField
              label={t('agent.contracts.ratePercent')}
              inputMode="decimal"
              name={`tier-${i}-rate`}
              autoComplete="off"
              value={d.percent}
              onValue={(v) => set(i, { percent: v })}
              error={issue(i, 'percent')}
              trailing={<span className="field__suffix">%</span>}
            />
            <button
              type="button"
              className="icon-btn tier-editor__remove"
              aria-label={t('agent.contracts.removeTier', { n: i + 1 })}
              disabled={drafts.length === 1}
              onClick={() => onChange(drafts.filter((_, j) => j !== i))}
            >
              <Icon name="close" size={16} />
            </button>
          </li>
        ))}
      </ol>
      {drafts.length < CONTRACT_LIMITS.maxTiers ? (
        <Button variant="outline" size="sm" onClick={() => onChange([...drafts, emptyDraft()])} data-testid="add-tier">
          {t('agent.contracts.addTier')}
        </Button>
      ) : null}
    </fieldset>
  );
}
