import type { Db } from '../client.ts';
import { cashierDeposits } from '../../modules/wallet/cashier-deposits.service.ts';
import { depositRepository } from '../../modules/wallet/deposit.repository.ts';
import { ledgerService } from '../../modules/wallet/ledger.service.ts';
import { ledgerRepository } from '../../modules/wallet/ledger.repository.ts';

/** ₩50,000.00: what the demo player has deposited, so the games can be played for real at once. */
export const DEMO_WELCOME_DEPOSIT_MINOR = '5000000';
/** ₩100,000.00 (the bank transfer's upper limit): agent01's deposit, to transfer to its downline. */
export const DEMO_AGENT_FLOAT_MINOR = '10000000';

/**
 * The demo player's first deposit, made the way a player makes one: a bank transfer, confirmed by
 * the operator. It shows in the account record and the ledger like any other. Runs once.
 */
export async function seedDemoMoney(db: Db): Promise<void> {
  const demo = await db.selectFrom('member').select('id').where('account', '=', 'demo01').executeTakeFirst();
  if (!demo) return;
  const deposits = cashierDeposits(depositRepository(db), ledgerService(ledgerRepository(db)), () => '');
  if ((await deposits.list(demo.id, 1)).length > 0) return;
  const deposit = await deposits.create(demo.id, {
    methodCode: 'BANK_TRANSFER',
    amount: DEMO_WELCOME_DEPOSIT_MINOR,
    payerName: 'Lucky Demo',
    reference: 'WELCOME',
    requestId: 'demo-welcome-deposit',
  });
  await deposits.decide(deposit.id, 'CONFIRMED');

  // agent01's float, to send to its downline from the agent centre.
  const agent = await db.selectFrom('member').select('id').where('account', '=', 'agent01').executeTakeFirst();
  if (!agent) return;
  const float = await deposits.create(agent.id, {
    methodCode: 'BANK_TRANSFER',
    amount: DEMO_AGENT_FLOAT_MINOR,
    payerName: 'Top Agent',
    reference: 'FLOAT',
    requestId: 'demo-agent-float',
  });
  await deposits.decide(float.id, 'CONFIRMED');
}
