import type { FairnessState, RotateAnswer } from '../api/house-api.ts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';

const CLIENT_SEED = /^[\x21-\x7e]{1,64}$/;

/**
 * The seeds behind the next round: the committed server seed hash, the player's client seed, the
 * next nonce. Rotating reveals the server seed in use, so every round played on it can be verified.
 */
export function FairnessPanel({
  fairness,
  onRotate,
}: {
  fairness: FairnessState;
  onRotate: (clientSeed: string) => Promise<RotateAnswer>;
}) {
  const { t } = useTranslation('house');
  const id = useId();
  const [clientSeed, setClientSeed] = useState(fairness.clientSeed);
  const [busy, setBusy] = useState(false);
  const [revealed, setRevealed] = useState<RotateAnswer['revealed'] | null>(null);
  const valid = CLIENT_SEED.test(clientSeed.trim());

  const rotate = () => {
    if (!valid || busy) return;
    setBusy(true);
    onRotate(clientSeed.trim())
      .then((answer) => {
        setRevealed(answer.revealed);
        setClientSeed(answer.next.clientSeed);
      })
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };

  return (
    <div className="hg-fair" data-testid="fairness-panel">
      <p className="hg-fair__lead">{t('fair.lead')}</p>
      <dl className="hg-fair__list">
        <div>
          <dt>{t('fair.serverSeedHash')}</dt>
          <dd className="hg-mono hg-break" data-testid="server-seed-hash">
            {fairness.serverSeedHash}
          </dd>
        </div>
        <div>
          <dt>{t('fair.nextNonce')}</dt>
          <dd className="hg-mono" data-testid="next-nonce">
            {fairness.nonce}
          </dd>
        </div>
      </dl>
      <label className="hg-label" htmlFor={id}>
        {t('fair.clientSeed')}
      </label>
      <div className="hg-fair__row">
        <input
          id={id}
          className="hg-input hg-mono"
          value={clientSeed}
          maxLength={64}
          spellCheck={false}
          aria-invalid={!valid}
          onChange={(event) => setClientSeed(event.target.value)}
          data-testid="client-seed"
        />
        <Button variant="secondary" size="sm" onClick={rotate} disabled={!valid || busy} data-testid="rotate-seed">
          {t('fair.rotate')}
        </Button>
      </div>
      {!valid ? <p className="hg-bet__error">{t('fair.clientSeedRule')}</p> : null}
      <p className="hg-hint">{t('fair.rotateHint')}</p>
      {revealed ? (
        <div className="hg-fair__revealed" role="status" data-testid="revealed-seed">
          <strong>{t('fair.revealedTitle', { count: revealed.nonce })}</strong>
          <dl className="hg-fair__list">
            <div>
              <dt>{t('fair.serverSeed')}</dt>
              <dd className="hg-mono hg-break">{revealed.serverSeed}</dd>
            </div>
            <div>
              <dt>{t('fair.serverSeedHash')}</dt>
              <dd className="hg-mono hg-break">{revealed.serverSeedHash}</dd>
            </div>
            <div>
              <dt>{t('fair.clientSeed')}</dt>
              <dd className="hg-mono hg-break">{revealed.clientSeed}</dd>
            </div>
          </dl>
        </div>
      ) : null}
    </div>
  );
}
