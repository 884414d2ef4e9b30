import type { ReportFigures } from '@portal/contracts/agent/agent.contract.ts';
import { formatMoney } from '@portal/contracts/money.ts';
import { useTranslation } from 'react-i18next';

const COUNTS = ['members', 'newMembers', 'firstDepositors', 'activeMembers'] as const;
const MONEY = ['deposits', 'withdrawals', 'bets', 'validBets', 'payouts', 'profitLoss', 'bonuses'] as const;

/** Report figures of one or more groups side by side (direct downline, whole team…). */
export function FiguresTable({
  columns,
  currency,
  testId,
}: {
  columns: { key: string; label: string; figures: ReportFigures }[];
  currency: string;
  testId?: string;
}) {
  const { t } = useTranslation('pages');
  return (
    <div className="agent-figures" data-testid={testId}>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('agent.figures.item')}</th>
            {columns.map((c) => (
              <th key={c.key} scope="col" className="agent-figures__value">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {COUNTS.map((k) => (
            <tr key={k} data-testid={`figure-${k}`}>
              <th scope="row">{t(`agent.figures.${k}`)}</th>
              {columns.map((c) => (
                <td key={c.key} className="agent-figures__value" data-testid={`figure-${k}-${c.key}`}>
                  {c.figures[k].toLocaleString('en-US')}
                </td>
              ))}
            </tr>
          ))}
          {MONEY.map((k) => (
            <tr key={k} data-testid={`figure-${k}`}>
              <th scope="row">{t(`agent.figures.${k}`)}</th>
              {columns.map((c) => {
                const v = c.figures[k];
                const cls = k === 'profitLoss' && v !== '0' ? (v.startsWith('-') ? 'amount--out' : 'amount--in') : '';
                return (
                  <td key={c.key} className={`agent-figures__value ${cls}`} data-testid={`figure-${k}-${c.key}`}>
                    {formatMoney(v, currency)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
