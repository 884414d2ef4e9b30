import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { sha256Hex } from '@portal/house-vendor/fairness/sha256.ts';
import type { LotteryDraw } from '../api/lottery-api.ts';
import { verifyDraw } from '../lib/verify.ts';
import { DrawBalls } from './draw-balls.tsx';

const diceOf = (gameCode: string) => gameCode.startsWith('lotto-k3');

/** One line of the check: green with a tick when it holds, red with a warning when not. */
function Check({ ok, good, bad, testId }: { ok: boolean; good: string; bad: string; testId?: string }) {
  return (
    <p className={ok ? 'lotto-check lotto-check--ok' : 'lotto-check lotto-check--bad'} data-testid={testId}>
      <Icon name={ok ? 'check' : 'warning'} size={18} />
      {ok ? good : bad}
    </p>
  );
}

/**
 * Recomputes a drawn draw in the browser from its revealed seed (decision 090); a cancelled draw's
 * seed is checked against its commitment (decision 093).
 */
export function VerifyDrawDialog({
  draw,
  onClose,
  renderResult,
}: {
  draw: LotteryDraw | null;
  onClose: () => void;
  /** How a result is shown (the Vietnam prize table, decision 092); balls when absent. */
  renderResult?: (result: number[]) => ReactNode;
}) {
  const { t } = useTranslation('pages');
  const { t: tc } = useTranslation('common');
  const seed = draw?.seed ?? null;
  const check = draw && seed && draw.result ? verifyDraw({ ...draw, seed, result: draw.result }) : null;
  const balls = (result: number[]) =>
    renderResult ? (
      renderResult(result)
    ) : (
      <DrawBalls result={result} size="sm" label={result.join(' ')} dice={diceOf(draw?.gameCode ?? '')} />
    );
  return (
    <Modal
      open={draw !== null}
      title={draw ? t('lottery.verifyTitle', { id: draw.drawId }) : ''}
      closeLabel={tc('actions.close')}
      onClose={onClose}
    >
      {draw && seed ? (
        <div className="lotto-verify" data-testid="lottery-verify">
          <p className="muted">
            {check ? t('lottery.verifyLead') : t('lottery.results.cancelledLead', { reason: draw.cancelReason ?? '—' })}
          </p>
          <dl className="lotto-verify__facts">
            <dt>{t('lottery.commitment')}</dt>
            <dd>
              <code>{draw.seedHash}</code>
            </dd>
            <dt>{t('lottery.seed')}</dt>
            <dd>
              <code>{seed}</code>
            </dd>
            {check && draw.result ? (
              <>
                <dt>{t('lottery.published')}</dt>
                <dd>{balls(draw.result)}</dd>
                <dt>{t('lottery.recomputed')}</dt>
                <dd>{balls(check.recomputed)}</dd>
              </>
            ) : null}
          </dl>
          <Check
            ok={check ? check.commitmentMatches : sha256Hex(seed) === draw.seedHash}
            good={t('lottery.commitOk')}
            bad={t('lottery.commitBad')}
          />
          {check ? (
            <Check
              ok={check.resultMatches}
              good={t('lottery.resultOk')}
              bad={t('lottery.resultBad')}
              testId="lottery-verify-result"
            />
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
