import type { Contract } from '@portal/contracts/agent/contracts.contract.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { localizeError } from '../../../lib/errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { usePendingContracts, useReadContractNotices, useRejectContract } from '../api/contracts-api.ts';
import { formatRate } from '@portal/contracts/agent/contract-terms.ts';
import { ContractAcceptance } from './contract-acceptance.tsx';

/**
 * Offers and notices put off with "read later" in this visit of the page: the popup comes back at
 * the next sign-in (or reload), and a new offer or notice shows it again at once.
 */
const later = new Set<string>();

/**
 * The home contract popup (spec §2): on sign-in an agent sees the offers waiting for its answer
 * (review every tier and accept, or reject) and unread notices (a contract ended by the rate rule,
 * by its upline, or replaced). "Read later" closes it for now; closing marks the notices read.
 */
export function ContractPopup({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('pages');
  const q = usePendingContracts(enabled);
  const reject = useRejectContract();
  const read = useReadContractNotices();
  const [reviewing, setReviewing] = useState<Contract | null>(null);
  const [, rerender] = useState(0);
  const offers = q.data?.offers ?? [];
  const notices = q.data?.notices ?? [];
  const keys = [...offers.map((o) => `o${o.id}`), ...notices.map((n) => `n${n.id}`)];
  const open = enabled && keys.length > 0 && keys.some((k) => !later.has(k));

  const readLater = () => {
    keys.forEach((k) => later.add(k));
    rerender((n) => n + 1);
  };
  const close = () => {
    if (notices.length > 0) read.mutate({ ids: notices.map((n) => n.id) });
    offers.forEach((o) => later.add(`o${o.id}`));
    rerender((n) => n + 1);
  };

  return (
    <>
      <Modal
        open={open && reviewing === null}
        title={t('agent.contracts.popupTitle')}
        closeLabel={t('agent.close')}
        onClose={close}
        closeOnBackdrop={false}
        size="md"
      >
        <div className="contract-popup" data-testid="contract-popup">
          {offers.map((o) => {
            const kind = t(`agent.contracts.kinds.${o.kind}`);
            return (
              <article key={o.id} className="contract-popup__item" data-testid={`popup-offer-${o.kind}`}>
                <h3 className="contract-popup__title">{t('agent.contracts.popupOffer', { kind })}</h3>
                <p className="muted">
                  {t('agent.contracts.popupOfferText', {
                    from: o.offeredBy?.account ?? t('agent.contracts.operator'),
                    count: o.tiers.length,
                    rate: formatRate(o.rate),
                    period: t(`agent.contracts.periods.${o.period}`),
                  })}
                </p>
                <div className="contract-card__actions">
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={reject.isPending}
                    onClick={() => reject.mutate({ contractId: o.id })}
                    data-testid="popup-reject"
                  >
                    {t('agent.contracts.reject')}
                  </Button>
                  <Button size="sm" onClick={() => setReviewing(o)} data-testid="popup-review">
                    {t('agent.contracts.review')}
                  </Button>
                </div>
              </article>
            );
          })}
          {notices.map((n) => (
            <article key={n.id} className="contract-popup__item" data-testid={`popup-notice-${n.event}`}>
              <h3 className="contract-popup__title">
                {t(`agent.contracts.notices.${n.event}`, { kind: t(`agent.contracts.kinds.${n.kind}`) })}
              </h3>
              <p className="muted">
                {n.terminatedBy ? `${t(`agent.contracts.terminatedBy.${n.terminatedBy}`)} · ` : ''}
                {formatDateTime(n.createdAt)}
              </p>
            </article>
          ))}
          <FormError error={reject.error ? localizeError(reject.error) : null} />
          <div className="contract-popup__foot">
            <Button variant="ghost" onClick={readLater} data-testid="popup-later">
              {t('agent.contracts.readLater')}
            </Button>
            <Button variant="secondary" onClick={close} data-testid="popup-close">
              {t('agent.close')}
            </Button>
          </div>
        </div>
      </Modal>
      {reviewing ? <ContractAcceptance contract={reviewing} onClose={() => setReviewing(null)} /> : null}
    </>
  );
}
