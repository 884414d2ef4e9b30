import { formatMinor } from '@portal/contracts/money.ts';
import type { OperatorPaymentMethod, WithdrawalPolicy } from '@portal/contracts/wallet/cashier-ops.contract.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { SettingsRepository } from '../site/settings.repository.ts';

const METHOD_COLUMNS = ['code', 'kind', 'name', 'currency', 'minAmount', 'maxAmount', 'enabled'] as const;

export interface PaymentMethodChange {
  code: string;
  enabled?: boolean | undefined;
  minAmount?: string | undefined;
  maxAmount?: string | undefined;
}

/**
 * The operator's cashier settings: deposit methods (payment_method rows) and the withdrawal policy
 * (site_setting 'cashier'). Both are read on every request that needs them, so a change applies at
 * once on every instance. A change is checked against the values it keeps, and a refused one changes nothing.
 */
export function cashierSettingsService(db: Db, settings: SettingsRepository) {
  const methods = () => db.selectFrom('paymentMethod').select(METHOD_COLUMNS).orderBy('sort').orderBy('code').execute();
  return {
    async read(): Promise<{ methods: OperatorPaymentMethod[]; withdrawalPolicy: WithdrawalPolicy }> {
      return { methods: await methods(), withdrawalPolicy: await settings.get('cashier') };
    },

    setPaymentMethod(change: PaymentMethodChange): Promise<OperatorPaymentMethod> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('paymentMethod')
          .select(METHOD_COLUMNS)
          .where('code', '=', change.code)
          .forUpdate()
          .executeTakeFirst();
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
        return trx
          .updateTable('paymentMethod')
          .set({ minAmount, maxAmount, enabled: change.enabled ?? row.enabled })
          .where('code', '=', change.code)
          .returning(METHOD_COLUMNS)
          .executeTakeFirstOrThrow();
      });
    },

    setWithdrawalPolicy(change: Partial<WithdrawalPolicy>): Promise<WithdrawalPolicy> {
      return settings.update('cashier', (current) => {
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
      });
    },
  };
}
export type CashierSettingsService = ReturnType<typeof cashierSettingsService>;
