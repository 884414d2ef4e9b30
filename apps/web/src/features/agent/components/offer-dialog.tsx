import {
  DIVIDEND_PERIODS,
  type Contract,
  type ContractKind,
  type ContractTier,
} from '@portal/contracts/agent/contracts.contract.ts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { localizeError } from '../../../lib/errors.ts';
import {
  checkTiers,
  draftOf,
  emptyDraft,
  formatRate,
  type TierDraft,
  type TierErrors,
} from '@portal/contracts/agent/contract-terms.ts';
import { TierEditor } from './tier-editor.tsx';

type DividendPeriod = (typeof DIVIDEND_PERIODS)[number];

/**
 * Offer a contract of one kind, or edit one as a new offer (the form starts from its tiers). The
 * tiers are checked here as the server checks them; what the server still refuses shows below.
 */
export function OfferDialog({
  kind,
  account,
  maxRate,
  from,
  submit,
  onClose,
}: {
  kind: ContractKind;
  /** Who receives the offer. */
  account: string;
  maxRate: string | null;
  /** The contract to start from (edit as a new offer). */
  from?: Pick<Contract, 'tiers' | 'period'> | null | undefined;
  submit: {
    run: (terms: { kind: ContractKind; period?: DividendPeriod; tiers: ContractTier[] }) => Promise<unknown>;
    isPending: boolean;
    error: unknown;
  };
  onClose: () => void;
}) {
  const { t } = useTranslation('pages');
  const [drafts, setDrafts] = useState<TierDraft[]>(() =>
    from && from.tiers.length > 0 ? from.tiers.map((tier) => draftOf(tier, kind)) : [emptyDraft()],
  );
  const [period, setPeriod] = useState<DividendPeriod>(
    from && (DIVIDEND_PERIODS as readonly string[]).includes(from.period) ? (from.period as DividendPeriod) : 'WEEKLY',
  );
  const [errors, setErrors] = useState<TierErrors[]>([]);
  const [formIssue, setFormIssue] = useState<string | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (submit.isPending) return;
    const checked = checkTiers(drafts, kind, maxRate);
    if (!checked.ok) {
      setErrors(checked.rows);
      setFormIssue(checked.form ? t(`agent.contracts.tierIssues.${checked.form}`) : null);
      return;
    }
    setErrors([]);
    setFormIssue(null);
    try {
      await submit.run({ kind, ...(kind === 'DIVIDEND' ? { period } : {}), tiers: checked.tiers });
      onClose();
    } catch {
      // shown below from the mutation's error
    }
  };

  return (
    <Modal
      open
      size="lg"
      title={t(from ? 'agent.contracts.editTitle' : 'agent.contracts.offerTitle', {
        kind: t(`agent.contracts.kinds.${kind}`),
        account,
      })}
      closeLabel={t('agent.close')}
      onClose={onClose}
    >
      <form onSubmit={onSubmit} className="agent-form" data-testid="offer-form" noValidate>
        {maxRate ? (
          <p className="muted" data-testid="offer-max-rate">
            {t('agent.contracts.yourRate', { rate: formatRate(maxRate) })}
          </p>
        ) : null}
        {kind === 'DIVIDEND' ? (
          <label className="agent-select">
            <span>{t('agent.contracts.period')}</span>
            <select value={period} onChange={(e) => setPeriod(e.target.value as DividendPeriod)} name="period">
              {DIVIDEND_PERIODS.map((p) => (
                <option key={p} value={p}>
                  {t(`agent.contracts.periods.${p}`)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <TierEditor kind={kind} drafts={drafts} errors={errors} maxRate={maxRate} onChange={setDrafts} />
        <p className="muted">{t('agent.contracts.offerNote')}</p>
        <FormError error={formIssue ?? (submit.error ? localizeError(submit.error) : null)} />
        <Button type="submit" block disabled={submit.isPending} data-testid="offer-submit">
          {t('agent.contracts.sendOffer')}
        </Button>
      </form>
    </Modal>
  );
}
