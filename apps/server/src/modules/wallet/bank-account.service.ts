import { CASHIER } from '@portal/contracts/limits.ts';
import type { BankAccount } from '@portal/contracts/wallet/cashier.contract.ts';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { BankAccountTable } from '../../db/schema.ts';
import { AppError } from '../../plugins/app-error.ts';

/** The full number goes to the operator who pays; the player's screens show only its end. */
const mask = (n: string) => `${'*'.repeat(Math.max(0, n.length - 4))}${n.slice(-4)}`;

const toBankAccount = (r: Selectable<BankAccountTable>): BankAccount => ({
  id: r.id,
  payeeName: r.payeeName,
  bankName: r.bankName,
  accountNumberMasked: mask(r.accountNumber),
  createdAt: new Date(r.createdAt).toISOString(),
});

/** A member's own bank accounts for withdrawals; nobody else's are ever read or counted. */
export function bankAccountService(db: Db) {
  return {
    async list(memberId: string): Promise<BankAccount[]> {
      const rows = await db
        .selectFrom('bankAccount')
        .selectAll()
        .where('memberId', '=', memberId)
        .orderBy('id')
        .execute();
      return rows.map(toBankAccount);
    },

    async add(memberId: string, a: { payeeName: string; bankName: string; accountNumber: string }) {
      return db.transaction().execute(async (trx) => {
        // Two adds at once must not both see four accounts and make seven: they queue on the member's row.
        await trx.selectFrom('member').select('id').where('id', '=', memberId).forNoKeyUpdate().execute();
        const { n } = await trx
          .selectFrom('bankAccount')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('memberId', '=', memberId)
          .executeTakeFirstOrThrow();
        if (Number(n) >= CASHIER.maxBankAccounts)
          throw new AppError(
            'BANK_ACCOUNT_LIMIT',
            409,
            `At most ${CASHIER.maxBankAccounts} bank accounts.`,
            undefined,
            { max: CASHIER.maxBankAccounts },
          );
        const row = await trx
          .insertInto('bankAccount')
          .values({ memberId, ...a })
          .returningAll()
          .executeTakeFirstOrThrow();
        return toBankAccount(row);
      });
    },
  };
}
export type BankAccountService = ReturnType<typeof bankAccountService>;
