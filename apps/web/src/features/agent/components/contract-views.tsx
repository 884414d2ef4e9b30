import type { Contract, ContractKind } from '@portal/contracts/agent/contracts.contract.ts';
import { formatMoney } from '@portal/contracts/money.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { formatRate, thresholdOf } from '@portal/contracts/agent/contract-terms.ts';

const CURRENCY = 'KRW';

/** Every tier of a contract: threshold, active members and rate. */
export function TierTable({ contract, testId }: { contract: Pick<Contract, 'kind' | 'tiers'>; testId?: string }) {
  const { t } = useTranslation('pages');
  const kind: ContractKind = contract.kind;
  return (
    <div className="agent-figures tier-table" data-testid={testId}>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('agent.contracts.tier')}</th>
            <th scope="col" className="agent-figures__value">
              {kind === 'DIVIDEND' ? t('agent.contracts.minLoss') : t('agent.contracts.minValidBet')}
            </th>
            <th scope="col" className="agent-figures__value">
              {t('agent.contracts.minActiveMembers')}
            </th>
            <th scope="col" className="agent-figures__value">
              {t('agent.contracts.rate')}
            </th>
          </tr>
        </thead>
        <tbody>
          {contract.tiers.map((tier, i) => (
            <tr key={i} data-testid={`tier-${i}`}>
              <th scope="row">{t('agent.contracts.tierN', { n: i + 1 })}</th>
              <td className="agent-figures__value">{formatMoney(thresholdOf(tier, kind), CURRENCY)}</td>
              <td className="agent-figures__value">{tier.minActiveMembers.toLocaleString('en-US')}</td>
              <td className="agent-figures__value">{formatRate(tier.rate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A contract's state as a coloured badge: offered, in force, from the next period, ended… */
export function ContractStatus({ contract }: { contract: Contract }) {
  const { t } = useTranslation('pages');
  const ok = contract.status === 'ACCEPTED';
  const label =
    contract.status === 'ACCEPTED'
      ? contract.inForce
        ? contract.endsAt
          ? t('agent.contracts.statuses.ENDING')
          : t('agent.contracts.statuses.IN_FORCE')
        : contract.endsAt && new Date(contract.endsAt) <= new Date()
          ? t('agent.contracts.statuses.ENDED')
          : t('agent.contracts.statuses.NEXT_PERIOD')
      : t(`agent.contracts.statuses.${contract.status}`);
  return (
    <span
      className={ok ? 'badge badge--ok' : contract.status === 'OFFERED' ? 'badge badge--wait' : 'badge badge--off'}
      data-testid="contract-status"
    >
      {label}
    </span>
  );
}

/** The period a contract settles: every 5 minutes, hourly, daily, weekly, semimonthly or monthly. */
export function periodLabel(t: (k: string) => string, contract: Pick<Contract, 'period'>) {
  return t(`agent.contracts.periods.${contract.period}`);
}

/** One contract: who offered it, its period and dates, every tier, and the actions of the screen. */
export function ContractCard({
  contract,
  title,
  actions,
  testId,
}: {
  contract: Contract;
  title: ReactNode;
  actions?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation('pages');
  return (
    <article className="contract-card" data-testid={testId}>
      <header className="contract-card__head">
        <h4 className="contract-card__title">{title}</h4>
        <ContractStatus contract={contract} />
      </header>
      <dl className="contract-card__facts">
        <div>
          <dt>{t('agent.contracts.offeredBy')}</dt>
          <dd>{contract.offeredBy ? contract.offeredBy.account : t('agent.contracts.operator')}</dd>
        </div>
        <div>
          <dt>{t('agent.contracts.holder')}</dt>
          <dd>{contract.holder.account}</dd>
        </div>
        <div>
          <dt>{t('agent.contracts.period')}</dt>
          <dd>{periodLabel(t, contract)}</dd>
        </div>
        <div>
          <dt>{t('agent.contracts.topRate')}</dt>
          <dd data-testid="contract-rate">{formatRate(contract.rate)}</dd>
        </div>
        <div>
          <dt>{t('agent.contracts.offeredAt')}</dt>
          <dd>{formatDateTime(contract.createdAt)}</dd>
        </div>
        {contract.effectiveFrom ? (
          <div>
            <dt>{t('agent.contracts.effectiveFrom')}</dt>
            <dd>{formatDateTime(contract.effectiveFrom)}</dd>
          </div>
        ) : null}
        {contract.endsAt ? (
          <div>
            <dt>{t('agent.contracts.endsAt')}</dt>
            <dd>{formatDateTime(contract.endsAt)}</dd>
          </div>
        ) : null}
        {contract.terminatedBy ? (
          <div>
            <dt>{t('agent.contracts.endedBy')}</dt>
            <dd>{t(`agent.contracts.terminatedBy.${contract.terminatedBy}`)}</dd>
          </div>
        ) : null}
      </dl>
      <TierTable contract={contract} testId="contract-tiers" />
      {actions ? <div className="contract-card__actions">{actions}</div> : null}
    </article>
  );
}
