import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import type { LotteryDraw } from '../api/lottery-api.ts';
import { verifyDraw } from '../lib/verify.ts';
import { DrawBalls } from './draw-balls.tsx';

const diceOf = (gameCode: string) => gameCode.startsWith('lotto-k3');

/** Recomputes a drawn draw in the browser from its revealed seed (decision 090). */
export function VerifyDrawDialog({ draw, onClose }: { draw: LotteryDraw | null; onClose: () => void }) {
  const { t } = useTranslation('pages');
  const { t: tc } = useTranslation('common');
  const check = draw?.seed && draw.result ? verifyDraw({ ...draw, seed: draw.seed, result: draw.result }) : null;
  return (
    <Modal
      open={draw !== null}
      title={draw ? t('lottery.verifyTitle', { id: draw.drawId }) : ''}
      closeLabel={tc('actions.close')}
      onClose={onClose}
    >
      {draw && check ? (
        <div className="lotto-verify" data-testid="lottery-verify">
          <p className="muted">{t('lottery.verifyLead')}</p>
          <dl className="lotto-verify__facts">
            <dt>{t('lottery.commitment')}</dt>
            <dd>
              <code>{draw.seedHash}</code>
            </dd>
            <dt>{t('lottery.seed')}</dt>
            <dd>
              <code>{draw.seed}</code>
            </dd>
            <dt>{t('lottery.published')}</dt>
            <dd>
              <DrawBalls
                result={draw.result}
                size="sm"
                label={draw.result?.join(' ') ?? ''}
                dice={diceOf(draw.gameCode)}
              />
            </dd>
            <dt>{t('lottery.recomputed')}</dt>
            <dd>
              <DrawBalls
                result={check.recomputed}
                size="sm"
                label={check.recomputed.join(' ')}
                dice={diceOf(draw.gameCode)}
              />
            </dd>
          </dl>
          <p className={check.commitmentMatches ? 'lotto-check lotto-check--ok' : 'lotto-check lotto-check--bad'}>
            <Icon name={check.commitmentMatches ? 'check' : 'warning'} size={18} />
            {check.commitmentMatches ? t('lottery.commitOk') : t('lottery.commitBad')}
          </p>
          <p
            className={check.resultMatches ? 'lotto-check lotto-check--ok' : 'lotto-check lotto-check--bad'}
            data-testid="lottery-verify-result"
          >
            <Icon name={check.resultMatches ? 'check' : 'warning'} size={18} />
            {check.resultMatches ? t('lottery.resultOk') : t('lottery.resultBad')}
          </p>
        </div>
      ) : null}
    </Modal>
  );
}
