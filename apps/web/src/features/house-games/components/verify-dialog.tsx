import type { HouseRound } from '@portal/contracts/house/house-vendor.contract.ts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.tsx';
import { summarizeOutcome } from '../lib/outcome-summary.ts';
import { verifyRound } from '../lib/verify.ts';

function Summary({ outcome, testId }: { outcome: unknown; testId: string }) {
  const { t } = useTranslation('house');
  const lines = summarizeOutcome(outcome);
  return (
    <ul className="hg-verify__summary" data-testid={testId}>
      {lines.map((line, i) => (
        <li key={i}>{t(line.key, line.values)}</li>
      ))}
    </ul>
  );
}

/**
 * Recomputes a round here, in the browser, from its revealed server seed: the seed must hash to the
 * commitment shown before play, and the same engine must give the recorded outcome.
 */
export function VerifyDialog({ round, onClose }: { round: HouseRound | null; onClose: () => void }) {
  const { t } = useTranslation('house');
  const { t: tc } = useTranslation();
  const result = useMemo(() => (round ? verifyRound(round) : null), [round]);
  return (
    <Modal open={round !== null} title={t('verify.title')} closeLabel={tc('actions.close')} onClose={onClose} size="lg">
      {round && result ? (
        <div className="hg-verify" data-testid="verify-view">
          <dl className="hg-fair__list">
            <div>
              <dt>{t('fair.serverSeed')}</dt>
              <dd className="hg-mono hg-break">{round.serverSeed ?? '—'}</dd>
            </div>
            <div>
              <dt>{t('fair.serverSeedHash')}</dt>
              <dd className="hg-mono hg-break">{round.serverSeedHash}</dd>
            </div>
            <div>
              <dt>{t('fair.clientSeed')}</dt>
              <dd className="hg-mono hg-break">{round.clientSeed}</dd>
            </div>
            <div>
              <dt>{t('verify.nonce')}</dt>
              <dd className="hg-mono">{round.nonce}</dd>
            </div>
          </dl>
          {result.state === 'unrevealed' ? <p className="hg-hint">{t('history.verifyAfterRotate')}</p> : null}
          {result.state === 'no-outcome' ? <p className="hg-hint">{t('verify.noOutcome')}</p> : null}
          {result.state === 'done' || result.state === 'error' ? (
            <p className={result.hashOk ? 'hg-check hg-check--ok' : 'hg-check hg-check--bad'} data-testid="hash-check">
              <span aria-hidden="true">{result.hashOk ? '✓' : '✗'}</span>{' '}
              {result.hashOk ? t('verify.hashOk') : t('verify.hashBad')}
            </p>
          ) : null}
          {result.state === 'error' ? <p className="hg-check hg-check--bad">{t('verify.replayFailed')}</p> : null}
          {result.state === 'done' ? (
            <>
              <div className="hg-verify__compare">
                <section>
                  <h3>{t('verify.recomputed')}</h3>
                  <Summary outcome={result.replayed} testId="verify-recomputed" />
                </section>
                <section>
                  <h3>{t('verify.recorded')}</h3>
                  <Summary outcome={result.recorded} testId="verify-recorded" />
                </section>
              </div>
              <p
                className={result.matches ? 'hg-verdict hg-verdict--ok' : 'hg-verdict hg-verdict--bad'}
                role="status"
                data-testid="verify-verdict"
              >
                <span aria-hidden="true">{result.matches ? '✓' : '✗'}</span>{' '}
                {result.matches ? t('verify.match') : t('verify.mismatch')}
              </p>
              <details className="hg-verify__raw">
                <summary>{t('verify.raw')}</summary>
                <pre className="hg-mono">
                  {JSON.stringify({ params: round.params, outcome: result.replayed }, null, 2)}
                </pre>
              </details>
            </>
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
