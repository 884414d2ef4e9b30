import type { Promotion, PromotionState } from '@portal/contracts/rewards/rewards.contract.ts';
import { formatMoney } from '@portal/contracts/money.ts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { localizeError } from '../../../lib/errors.ts';
import { useClaimPromotion } from '../api/rewards-api.ts';
import { ApplyForm } from './apply-form.tsx';

/** The status label of spec §4 as a small coloured chip. */
export function StatusChip({ state }: { state: PromotionState | undefined }) {
  const { t } = useTranslation('pages');
  if (!state) return null;
  return (
    <span className={`status-chip status-chip--${state.status.toLowerCase()}`} data-testid="promotion-status">
      {t(`rewards.status.${state.status}`)}
    </span>
  );
}

/**
 * What a member can do with a promotion now: claim it, apply to it, or read its status; a guest is
 * asked to sign in. What a claim paid (or drew) is said right there.
 */
export function PromotionAction({
  promotion,
  state,
  signedIn,
  onSignIn,
}: {
  promotion: Promotion;
  state: PromotionState | undefined;
  signedIn: boolean;
  onSignIn?: (() => void) | undefined;
}) {
  const { t } = useTranslation('pages');
  const { t: tc } = useTranslation();
  const claim = useClaimPromotion();
  const requestId = useRef(crypto.randomUUID());
  const [applying, setApplying] = useState(false);
  const [applied, setApplied] = useState(false);
  const won = claim.data?.bonus;

  if (!signedIn)
    return onSignIn ? (
      <Button size="sm" onClick={onSignIn}>
        {t('rewards.signInToClaim')}
      </Button>
    ) : null;

  return (
    <div className="promo-action">
      {state?.status === 'CLAIM' ? (
        <Button
          size="sm"
          disabled={claim.isPending}
          onClick={() => claim.mutate({ promotionId: promotion.id, requestId: requestId.current })}
          data-testid="promotion-claim"
        >
          {state.expectedAmount && state.expectedAmount !== '0'
            ? t('rewards.claimAmount', { amount: formatMoney(state.expectedAmount, promotion.currency) })
            : promotion.kind === 'RAFFLE'
              ? t('rewards.draw')
              : t('rewards.claim')}
        </Button>
      ) : state?.status === 'JOIN' ? (
        <Button size="sm" onClick={() => setApplying(true)} data-testid="promotion-apply">
          {t('rewards.apply.open')}
        </Button>
      ) : (
        <StatusChip state={state} />
      )}
      {won ? (
        <p className="form-success" role="status" data-testid="promotion-claimed">
          {t('rewards.claimed', { amount: formatMoney(won.amount, won.currency) })}
        </p>
      ) : null}
      {applied ? (
        <p className="form-success" role="status" data-testid="promotion-applied">
          {t('rewards.apply.sent')}
        </p>
      ) : null}
      {state?.status === 'REJECTED' && state.rejectReason ? (
        <p className="muted small">{t('rewards.rejectedBecause', { reason: state.rejectReason })}</p>
      ) : null}
      <FormError error={claim.error ? localizeError(claim.error) : null} />
      <Modal
        open={applying}
        title={t('rewards.apply.title', { title: promotion.title })}
        closeLabel={tc('actions.close')}
        onClose={() => setApplying(false)}
        size="md"
      >
        <ApplyForm
          promotionId={promotion.id}
          onDone={() => {
            setApplying(false);
            setApplied(true);
          }}
        />
      </Modal>
    </div>
  );
}
