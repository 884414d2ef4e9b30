import { formatMinor } from '@portal/contracts/money.ts';
import type {
  OperatorPaymentMethod,
  ReceivingAccount,
  WithdrawalPolicy,
} from '@portal/contracts/wallet/cashier-ops.contract.ts';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { SettingsRepository } from '../site/settings.repository.ts';
import type { DepositRepository } from './deposit.repository.ts';

export interface PaymentMethodChange {
  code: string;
  enabled?: boolean | undefined;
  minAmount?: string | undefined;
  maxAmount?: string | undefined;
  sort?: number | undefined;
  receivingAccount?: ReceivingAccount | undefined;
}

/**
 * The operator's cashier settings: deposit methods (payment_method rows) and the withdrawal policy
 * (site_setting 'cashier'). Both are read on every request that needs them, so a change applies at
 * once on every instance. A change is checked against the values it keeps, and a refused one changes nothing.
 */
export function cashierSettingsService(repo: DepositRepository, settings: SettingsRepository) {
  const methods = () => repo.allMethods();
  return {
    async read(): Promise<{ methods: OperatorPaymentMethod[]; withdrawalPolicy: WithdrawalPolicy }> {
      return { methods: await methods(), withdrawalPolicy: await settings.get('cashier') };
    },

    setPaymentMethod(
      change: PaymentMethodChange,
      record?: (trx: Transaction<Database>, before: unknown, after: OperatorPaymentMethod) => Promise<void>,
    ): Promise<OperatorPaymentMethod> {
      return repo.transaction(async (trx) => {
        const row = await repo.lockMethod(trx, change.code);
        if (!row) throw new AppError('NOT_FOUND', 404, `There is no payment method '${change.code}'.`, 'body.code');
        const minAmount = change.minAmount ?? row.minAmount;
        const maxAmount = change.maxAmount ?? row.maxAmount;
        if (BigInt(minAmount) > BigInt(maxAmount)) {
          throw new AppError(
            'VALIDATION_FAILED',
            400,
            `The minimum (${formatMinor(minAmount)}) is above the maximum (${formatMinor(maxAmount)}).`,
            change.minAmount !== undefined ? 'body.minAmount' : 'body.maxAmount',
          );
        }
        if (change.receivingAccount && row.kind !== 'BANK_TRANSFER') {
          throw new AppError(
            'VALIDATION_FAILED',
            400,
            `'${change.code}' is not a bank transfer: it has no receiving account.`,
            'body.receivingAccount',
          );
        }
        const after = await repo.updateMethod(trx, change.code, {
          minAmount,
          maxAmount,
          enabled: change.enabled ?? row.enabled,
          sort: change.sort ?? row.sort,
          ...(change.receivingAccount ? { receivingAccount: JSON.stringify(change.receivingAccount) } : {}),
        });
        const { code: _code, kind: _kind, name: _name, currency: _currency, ...before } = row;
        await record?.(trx, before, after);
        return after;
      });
    },

    setWithdrawalPolicy(
      change: Partial<WithdrawalPolicy>,
      record?: (trx: Transaction<Database>, before: WithdrawalPolicy, after: WithdrawalPolicy) => Promise<void>,
    ): Promise<WithdrawalPolicy> {
      return settings.update(
        'cashier',
        (current) => {
          const minAmount = change.minAmount ?? current.minAmount;
          const maxAmount = change.maxAmount ?? current.maxAmount;
          if (BigInt(minAmount) > BigInt(maxAmount))
            throw new AppError(
              'VALIDATION_FAILED',
              400,
              `The minimum (${formatMinor(minAmount)}) is above the maximum (${formatMinor(maxAmount)}).`,
              change.minAmount !== undefined ? 'body.minAmount' : 'body.maxAmount',
            );
          return {
            singlePendingWithdrawal: change.singlePendingWithdrawal ?? current.singlePendingWithdrawal,
            autoReceiptMinutes: change.autoReceiptMinutes ?? current.autoReceiptMinutes,
            minAmount,
            maxAmount,
          };
        },
        record,
      );
    },
  };
}
export type CashierSettingsService = ReturnType<typeof cashierSettingsService>;
