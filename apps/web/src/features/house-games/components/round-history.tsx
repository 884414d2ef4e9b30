import type { HouseRound } from '@portal/contracts/house/house-vendor.contract.ts';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/format.ts';
import { formatMinor } from '../lib/money.ts';
import { roundMultiplier } from '../lib/multiplier.ts';

const time = (iso: string) => formatTime(iso) ?? '—';

/** The player's latest rounds of this game; a round whose seed was revealed can be verified here. */
export function RoundHistory({
  rounds,
  loading,
  onVerify,
}: {
  rounds: HouseRound[];
  loading: boolean;
  onVerify: (round: HouseRound) => void;
}) {
  const { t } = useTranslation('house');
  if (!loading && rounds.length === 0) return <p className="hg-empty">{t('history.empty')}</p>;
  return (
    <div className="hg-table-wrap">
      <table className="hg-table" data-testid="round-history">
        <thead>
          <tr>
            <th scope="col">{t('history.time')}</th>
            <th scope="col" className="num">
              {t('history.bet')}
            </th>
            <th scope="col" className="num">
              {t('history.multiplier')}
            </th>
            <th scope="col" className="num">
              {t('history.payout')}
            </th>
            <th scope="col">{t('history.status')}</th>
            <th scope="col">
              <span className="sr-only">{t('history.verify')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rounds.map((round) => {
            const won = round.status === 'SETTLED' && BigInt(round.payout) > BigInt(round.bet);
            return (
              <tr key={round.roundId} data-testid="round-row">
                <td>
                  <span className="hg-mono">{time(round.createdAt)}</span>
                  <span className="hg-nonce">#{round.nonce}</span>
                </td>
                <td className="num">{formatMinor(round.bet)}</td>
                <td className={won ? 'num hg-win' : 'num'}>
                  {round.status === 'SETTLED' ? roundMultiplier(round.bet, round.payout) : '—'}
                </td>
                <td className={won ? 'num hg-win' : 'num'}>{formatMinor(round.payout)}</td>
                <td>
                  <span className={`hg-status hg-status--${round.status.toLowerCase()}`}>
                    {t(`history.statuses.${round.status}`)}
                  </span>
                </td>
                <td>
                  {round.serverSeed ? (
                    <button
                      type="button"
                      className="hg-link"
                      onClick={() => onVerify(round)}
                      data-testid="verify-round"
                    >
                      {t('history.verify')}
                    </button>
                  ) : (
                    <span className="hg-hint" title={t('history.verifyAfterRotate')}>
                      {t('history.sealed')}
                    </span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
