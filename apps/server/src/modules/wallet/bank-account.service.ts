import { CASHIER } from '@portal/contracts/limits.ts';
import type { BankAccount } from '@portal/contracts/wallet/cashier.contract.ts';
import type { Selectable } from 'kysely';
import type { BankAccountTable } from '../../db/schema.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { BankAccountRepository } from './bank-account.repository.ts';

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
export function bankAccountService(repo: BankAccountRepository) {
  return {
    async list(memberId: string): Promise<BankAccount[]> {
      return (await repo.listOf(memberId)).map(toBankAccount);
    },

    /**
     * The account a new-address sign-in may be proved with (its first one): the bank's name and the
     * number's last four digits are shown, the payee name is the answer.
     */
    async challengeAccount(memberId: string) {
      const first = (await repo.listOf(memberId))[0];
      return first && { id: first.id, shown: `${first.bankName} ${'*'.repeat(4)}${first.accountNumber.slice(-4)}` };
    },

    /** The payee name of an account, to compare with a challenge's answer. */
    payeeName: (id: string) => repo.payeeName(id),

    async add(memberId: string, a: { payeeName: string; bankName: string; accountNumber: string }) {
      return repo.transaction(async (trx) => {
        // Two adds at once must not both see four accounts and make seven: they queue on the member's row.
        await repo.lockMember(trx, memberId);
        if ((await repo.countOf(trx, memberId)) >= CASHIER.maxBankAccounts)
          throw new AppError(
            'BANK_ACCOUNT_LIMIT',
            409,
            `At most ${CASHIER.maxBankAccounts} bank accounts.`,
            undefined,
            { max: CASHIER.maxBankAccounts },
          );
        return toBankAccount(await repo.insert(trx, { memberId, ...a }));
      });
    },
  };
}
export type BankAccountService = ReturnType<typeof bankAccountService>;
