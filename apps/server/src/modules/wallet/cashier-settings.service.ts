import type { OperatorPaymentMethod, WithdrawalPolicy } from '@portal/contracts/wallet/cashier-ops.contract.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/app-error.ts';
import { readCashierSettings } from './cashier-withdrawals.service.ts';

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
export function cashierSettingsService(db: Db) {
  const methods = () => db.selectFrom('paymentMethod').select(METHOD_COLUMNS).orderBy('sort').orderBy('code').execute();
  return {
    async read(): Promise<{ methods: OperatorPaymentMethod[]; withdrawalPolicy: WithdrawalPolicy }> {
      return { methods: await methods(), withdrawalPolicy: await readCashierSettings(db) };
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
            `The minimum (${minAmount}) is above the maximum (${maxAmount}).`,
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
      return db.transaction().execute(async (trx) => {
        await trx.selectFrom('siteSetting').select('key').where('key', '=', 'cashier').forUpdate().execute();
        const current = await readCashierSettings(trx);
        const next: WithdrawalPolicy = {
          singlePendingWithdrawal: change.singlePendingWithdrawal ?? current.singlePendingWithdrawal,
          autoReceiptMinutes: change.autoReceiptMinutes ?? current.autoReceiptMinutes,
        };
        const json = JSON.stringify(next);
        await trx
          .insertInto('siteSetting')
          .values({ key: 'cashier', value: json })
          .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updatedAt: new Date() }))
          .execute();
        return next;
      });
    },
  };
}
