import type { Contract } from '@portal/contracts/agent/contracts.contract.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { localizeError } from '../../../lib/errors.ts';
import { useAcceptContract, useRejectContract } from '../api/contracts-api.ts';
import { ContractCard } from './contract-views.tsx';

/**
 * The contract acceptance screen (spec §2): the offer with every tier, what accepting means, and
 * the answer. Accepting needs the agent to confirm it has read the tiers.
 */
export function ContractAcceptance({ contract, onClose }: { contract: Contract; onClose: () => void }) {
  const { t } = useTranslation('pages');
  const accept = useAcceptContract();
  const reject = useRejectContract();
  const [read, setRead] = useState(false);
  const busy = accept.isPending || reject.isPending;
  const answer = async (yes: boolean) => {
    try {
      await (yes ? accept : reject).mutateAsync({ contractId: contract.id });
      onClose();
    } catch {
      // shown below
    }
  };
  const kind = t(`agent.contracts.kinds.${contract.kind}`);
  return (
    <Modal
      open
      size="lg"
      title={t('agent.contracts.acceptTitle', { kind })}
      closeLabel={t('agent.close')}
      onClose={onClose}
    >
      <div className="agent-form" data-testid="contract-acceptance">
        <p>
          {t('agent.contracts.acceptLead', {
            kind,
            from: contract.offeredBy?.account ?? t('agent.contracts.operator'),
          })}
        </p>
        <ContractCard contract={contract} title={kind} />
        <p className="muted">{t('agent.contracts.acceptNote')}</p>
        <label className="check check--block">
          <input
            type="checkbox"
            checked={read}
            onChange={(e) => setRead(e.target.checked)}
            data-testid="contract-read-tiers"
          />
          <span>{t('agent.contracts.readEveryTier')}</span>
        </label>
        <FormError error={(accept.error ?? reject.error) ? localizeError(accept.error ?? reject.error) : null} />
        <div className="contract-card__actions">
          <Button variant="outline" disabled={busy} onClick={() => void answer(false)} data-testid="contract-reject">
            {t('agent.contracts.reject')}
          </Button>
          <Button disabled={busy || !read} onClick={() => void answer(true)} data-testid="contract-accept">
            {t('agent.contracts.accept')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
