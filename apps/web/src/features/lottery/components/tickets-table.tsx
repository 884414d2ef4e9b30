import { useTranslation } from 'react-i18next';
import type { LotteryTicket } from '../api/lottery-api.ts';
import { lottoMoney, oddsText } from './lottery-labels.ts';
import type { LotteryTexts } from './slip-parts.tsx';

/**
 * A game page's table of the session's tickets: draw, bet, stake, odds, status and payout. `texts` is
 * the page's namespace of wording (`lottery` or `dailyLottery`: the column names differ in Korean);
 * the page says how a draw and a bet read. With `label`, the table scrolls in a focusable region.
 */
export function TicketsTable({
  tickets,
  texts,
  drawOf,
  betOf,
  label,
  testId,
}: {
  tickets: LotteryTicket[];
  texts: LotteryTexts;
  drawOf: (ticket: LotteryTicket) => string;
  betOf: (ticket: LotteryTicket) => string;
  label?: string;
  testId: string;
}) {
  const { t } = useTranslation('pages');
  if (tickets.length === 0) return <p className="muted">{t(`${texts}.noTickets`)}</p>;
  const region = label ? ({ tabIndex: 0, role: 'region', 'aria-label': label } as const) : {};
  return (
    <div className="lotto-table-wrap" {...region}>
      <table className="lotto-table" data-testid={testId}>
        <thead>
          <tr>
            {(['draw', 'bet', 'stake', 'odds', 'status', 'payout'] as const).map((col) => (
              <th key={col} scope="col">
                {t(`${texts}.col.${col}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {tickets.map((x) => (
            <tr key={x.ticketId} data-status={x.status}>
              <td>{drawOf(x)}</td>
              <td>{betOf(x)}</td>
              <td>{lottoMoney(x.stake)}</td>
              <td>×{oddsText(x.oddsBasisPoints)}</td>
              <td>
                <span className={`lotto-status lotto-status--${x.status.toLowerCase()}`}>
                  {t(`lottery.status.${x.status}`)}
                </span>
              </td>
              <td className={x.status === 'WON' ? 'lotto-win' : undefined}>
                {x.status === 'PENDING' ? '—' : lottoMoney(x.payout)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
