import type { PromotionRules } from '@portal/contracts/rewards/rewards.contract.ts';
import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  addBankAccount,
  askWithdrawal,
  asPlayer,
  newPlayer,
  requestId,
  rowCount,
  type TestPlayer,
} from '../wallet/cashier.test-helpers.ts';
import { housePlay, paidIn } from '../../../test/ledger-moves.ts';
import { verifyLedger } from '../wallet/ledger-verify.repository.ts';
import { useTestApp } from '../../../test/use-test-app.ts';

const t = useTestApp();

const PIN = 'pay-4321';
const DAY = 86_400_000;
const KRW = 'KRW';
const main = (memberId: string) => ({ kind: 'MEMBER_MAIN' as const, memberId, currency: KRW });
const bonusWallet = (memberId: string) => ({ kind: 'MEMBER_BONUS' as const, memberId, currency: KRW });
const balance = (a: Parameters<typeof t.services.ledger.balance>[0]) => t.services.ledger.balance(a);

const play = (memberId: string, kind: 'BET' | 'ROLLBACK' | 'WIN', amount: bigint, gameType = 'RNG') =>
  housePlay(t, memberId, kind, amount, { gameType });
const deposit = (memberId: string, amount: bigint) => paidIn(t, memberId, amount);

const WEIGHTS = { RNG: 100, LIVE: 20 };
let codes = 0;
/** A promotion as the operator would set it up (the back office's save goes through the same table). */
async function promotion(
  kind: 'NEW_MEMBER' | 'DEPOSIT_MATCH' | 'RELOAD' | 'CASHBACK' | 'RAFFLE' | 'APPLY',
  rules: Partial<PromotionRules>,
  opts: {
    claimMode?: 'AUTO' | 'CLAIM' | 'APPLY';
    startsAt?: Date;
    endsAt?: Date;
    memberTypes?: number[];
    agentId?: string;
    newMemberDays?: number;
  } = {},
): Promise<string> {
  const full: PromotionRules = {
    wageringMultiple: 5,
    wageringBase: 'BONUS',
    gameWeights: WEIGHTS,
    validDays: 7,
    ...rules,
  };
  const code = `T${Date.now().toString(36).toUpperCase()}${codes++}`;
  const texts = { en: { title: `Test ${code}`, summary: 's', content: '<p>c</p>' } };
  const { rows } = await sql<{ id: string }>`
    INSERT INTO promotion (code, kind, claim_mode, texts, rules, starts_at, ends_at, member_types, agent_id, new_member_days)
    VALUES (${code}, ${kind}, ${opts.claimMode ?? (kind === 'APPLY' ? 'APPLY' : 'CLAIM')}, ${JSON.stringify(texts)}::jsonb,
            ${JSON.stringify(full)}::jsonb, ${opts.startsAt ?? null}, ${opts.endsAt ?? null},
            ${opts.memberTypes ?? null}::int[], ${opts.agentId ?? null}, ${opts.newMemberDays ?? null})
    RETURNING id::text`.execute(t.database.db);
  return rows[0]!.id;
}

/** A match of a first deposit of at least 100,000, wagered on the bonus and the deposit together. */
const firstDepositMatch = (rules: Pick<PromotionRules, 'ratePercent' | 'maxBonus' | 'wageringMultiple'>) =>
  promotion('DEPOSIT_MATCH', { minDeposit: '100000', deposits: 'FIRST', wageringBase: 'BONUS_AND_DEPOSIT', ...rules });
const claim = (p: TestPlayer, promotionId: string, id = requestId()) =>
  asPlayer(t, p).post('/api/rewards/promotions/claim', { promotionId, requestId: id });
const bonuses = async (p: TestPlayer) => {
  const res = await asPlayer(t, p).get('/api/rewards/bonuses');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as {
    items: { id: string; status: string; wagered: string; wageringRequired: string; progressPercent: number }[];
    bonusBalance: string;
    lockedAmount: string;
  };
};
const stateOf = async (p: TestPlayer, promotionId: string) => {
  const res = await asPlayer(t, p).get('/api/rewards/promotions/states');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().value.items as { promotionId: string; status: string; expectedAmount: string | null }[]).find(
    (s) => s.promotionId === promotionId,
  );
};

describe('a new-member bonus', () => {
  it('is credited once to the bonus balance, and a second claim is refused and changes nothing', async () => {
    const p = await newPlayer(t);
    const promo = await promotion('NEW_MEMBER', { amount: '500000' });
    expect(await stateOf(p, promo)).toMatchObject({ status: 'CLAIM', expectedAmount: '500000' });

    const first = await claim(p, promo);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().value).toMatchObject({
      status: 'ISSUED',
      bonus: { amount: '500000', wageringRequired: '2500000', wagered: '0', status: 'ACTIVE', progressPercent: 0 },
    });
    expect(await balance(bonusWallet(p.memberId))).toBe(500_000n);
    expect(await balance(main(p.memberId))).toBe(0n);
    expect(await stateOf(p, promo)).toMatchObject({ status: 'ISSUED' });

    const transfers = await rowCount(t, 'ledgerTransfer');
    const second = await claim(p, promo);
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('PROMOTION_ALREADY_CLAIMED');
    expect(await rowCount(t, 'ledgerTransfer')).toBe(transfers);
    expect(await balance(bonusWallet(p.memberId))).toBe(500_000n);
  });

  it('answers a repeat of the same request id with the first claim', async () => {
    const p = await newPlayer(t);
    const promo = await promotion('NEW_MEMBER', { amount: '100000' });
    const id = requestId();
    const a = (await claim(p, promo, id)).json().value;
    const b = await claim(p, promo, id);
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json().value.claimId).toBe(a.claimId);
    expect((await bonuses(p)).items).toHaveLength(1);
  });

  it('is refused to a member outside its types, its agent subtree or its new-member window, and before or after its period', async () => {
    const p = await newPlayer(t);
    const typed = await promotion('NEW_MEMBER', { amount: '100' }, { memberTypes: [99] });
    expect((await claim(p, typed)).json().code).toBe('PROMOTION_NOT_ELIGIBLE');
    const other = await newPlayer(t);
    const subtree = await promotion('NEW_MEMBER', { amount: '100' }, { agentId: other.memberId });
    expect((await claim(p, subtree)).json().code).toBe('PROMOTION_NOT_ELIGIBLE');
    expect(await stateOf(p, subtree)).toMatchObject({ status: 'CLOSE' });
    await sql`UPDATE member SET created_at = now() - interval '40 days' WHERE id = ${p.memberId}`.execute(
      t.database.db,
    );
    const fresh = await promotion('NEW_MEMBER', { amount: '100' }, { newMemberDays: 30 });
    expect((await claim(p, fresh)).json().code).toBe('PROMOTION_NOT_ELIGIBLE');
    const later = await promotion('NEW_MEMBER', { amount: '100' }, { startsAt: new Date(Date.now() + DAY) });
    expect((await claim(p, later)).json().code).toBe('PROMOTION_NOT_STARTED');
    expect(await stateOf(p, later)).toMatchObject({ status: 'COMING_SOON' });
    const over = await promotion(
      'NEW_MEMBER',
      { amount: '100' },
      { startsAt: new Date(Date.now() - 2 * DAY), endsAt: new Date(Date.now() - DAY) },
    );
    expect((await claim(p, over)).json().code).toBe('PROMOTION_ENDED');
    expect((await bonuses(p)).items).toHaveLength(0);
  });
});

describe('wagering', () => {
  it('counts valid bets by game weight, takes rollbacks off, and releases the bonus to the main wallet once met', async () => {
    const p = await newPlayer(t, { balance: 10_000_000n });
    const promo = await promotion('NEW_MEMBER', { amount: '100000', wageringMultiple: 10 });
    const b = (await claim(p, promo)).json().value.bonus;
    expect(b.wageringRequired).toBe('1000000');

    await play(p.memberId, 'BET', 500_000n, 'LIVE'); // counts 20%: 100,000
    await play(p.memberId, 'BET', 300_000n, 'RNG'); // 300,000
    await play(p.memberId, 'ROLLBACK', 100_000n, 'RNG'); // −100,000
    await play(p.memberId, 'WIN', 900_000n, 'RNG'); // wins do not count
    let mine = await bonuses(p);
    expect(mine.items[0]).toMatchObject({ wagered: '300000', progressPercent: 30, status: 'ACTIVE' });
    expect(mine.bonusBalance).toBe('100000');

    const before = await balance(main(p.memberId));
    await play(p.memberId, 'BET', 700_000n, 'RNG');
    mine = await bonuses(p);
    expect(mine.items[0]).toMatchObject({ status: 'RELEASED', progressPercent: 100 });
    expect(mine.bonusBalance).toBe('0');
    expect(await balance(main(p.memberId))).toBe(before - 700_000n + 100_000n);
    // Bets after the release count for nothing.
    await play(p.memberId, 'BET', 700_000n, 'RNG');
    expect((await bonuses(p)).items[0]!.wagered).toBe('1000000');
    const inbox = await sql<{ kind: string }>`
      SELECT kind FROM inbox_message WHERE member_id = ${p.memberId} ORDER BY id`.execute(t.database.db);
    expect(inbox.rows.map((r) => r.kind)).toEqual(['BONUS_ISSUED', 'BONUS_RELEASED']);
  });

  it('releases a bonus that needs no turnover at once', async () => {
    const p = await newPlayer(t);
    const promo = await promotion('NEW_MEMBER', { amount: '7000', wageringMultiple: 0 });
    const res = (await claim(p, promo)).json().value;
    expect(res.bonus).toMatchObject({ status: 'RELEASED', progressPercent: 100 });
    expect(await balance(main(p.memberId))).toBe(7_000n);
  });

  it('expires an unmet bonus once its validity has passed on the clock, removing it from the bonus balance', async () => {
    const p = await newPlayer(t, { balance: 1_000_000n });
    const promo = await promotion('NEW_MEMBER', { amount: '50000', validDays: 3 });
    await claim(p, promo);
    await play(p.memberId, 'BET', 10_000n);
    const clock = t.services.testClock!;
    try {
      clock.set(new Date(Date.now() + 3 * DAY + 60_000));
      await t.app.jobs.tick(clock.now());
    } finally {
      clock.set(null); // sessions follow the clock: back to now before the member reads
    }
    {
      const mine = await bonuses(p);
      expect(mine.items[0]).toMatchObject({ status: 'EXPIRED', wagered: '10000' });
      expect(mine.bonusBalance).toBe('0');
      expect(await balance(main(p.memberId))).toBe(990_000n);
    }
  });

  it('lets the member give up an active bonus, and not twice', async () => {
    const p = await newPlayer(t);
    const promo = await promotion('NEW_MEMBER', { amount: '30000' });
    const b = (await claim(p, promo)).json().value.bonus;
    const res = await asPlayer(t, p).post('/api/rewards/bonuses/forfeit', { bonusId: b.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ status: 'FORFEITED' });
    expect(await balance(bonusWallet(p.memberId))).toBe(0n);
    const again = await asPlayer(t, p).post('/api/rewards/bonuses/forfeit', { bonusId: b.id });
    expect(again.json().code).toBe('BONUS_NOT_ACTIVE');
    const other = await newPlayer(t);
    const notMine = await asPlayer(t, other).post('/api/rewards/bonuses/forfeit', { bonusId: b.id });
    expect(notMine.json().code).toBe('BONUS_NOT_FOUND');
  });
});

describe('wagering against a model', () => {
  it('counts exactly what the model counts for any mix of weighted bets, rollbacks and wins, releases once at the turnover, and never lets the locked deposit out before', async () => {
    const weight = (type: 'RNG' | 'LIVE', amount: bigint) => (amount * BigInt(WEIGHTS[type])) / 100n;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            type: fc.constantFrom<'RNG' | 'LIVE'>('RNG', 'LIVE'),
            amount: fc.integer({ min: 1_000, max: 400_000 }),
            rollback: fc.boolean(),
            win: fc.integer({ min: 0, max: 300_000 }),
            tryWithdraw: fc.boolean(),
          }),
          { minLength: 1, maxLength: 10 },
        ),
        async (plays) => {
          const p = await newPlayer(t, { paymentPassword: PIN });
          const promo = await firstDepositMatch({ ratePercent: 50, maxBonus: '500000', wageringMultiple: 3 });
          await deposit(p.memberId, 400_000n);
          const b = (await claim(p, promo)).json().value.bonus;
          // 50 % of 400,000 is 200,000; three times bonus plus deposit must be wagered; the deposit is locked.
          expect(b).toMatchObject({ amount: '200000', wageringRequired: '1800000', lockedAmount: '400000' });
          await deposit(p.memberId, 5_000_000n); // free money to play with
          const bank = await addBankAccount(t, p);

          let wagered = 0n;
          let released = false;
          const count = (delta: bigint) => {
            if (released) return;
            wagered += delta;
            if (wagered >= 1_800_000n) released = true;
          };
          for (const x of plays) {
            await play(p.memberId, 'BET', BigInt(x.amount), x.type);
            count(weight(x.type, BigInt(x.amount)));
            if (x.win > 0) await play(p.memberId, 'WIN', BigInt(x.win), x.type);
            if (x.rollback) {
              await play(p.memberId, 'ROLLBACK', BigInt(x.amount), x.type);
              count(-weight(x.type, BigInt(x.amount)));
            }
            if (x.tryWithdraw && !released) {
              // Everything in the main wallet includes the locked deposit: refused, nothing held.
              const all = (await balance(main(p.memberId))).toString();
              const holds = await rowCount(t, 'withdrawal');
              const res = await askWithdrawal(t, p, bank, all, PIN);
              expect(res.json().code, res.body).toBe('BONUS_LOCKED_FUNDS');
              expect(await rowCount(t, 'withdrawal')).toBe(holds);
              expect((await balance(main(p.memberId))).toString()).toBe(all);
            }
          }
          const mine = await bonuses(p);
          if (released) {
            expect(mine.items[0]).toMatchObject({ status: 'RELEASED', progressPercent: 100 });
            expect(mine.bonusBalance).toBe('0');
            expect(mine.lockedAmount).toBe('0');
          } else {
            expect(mine.items[0]).toMatchObject({ status: 'ACTIVE', wagered: wagered.toString() });
            expect(mine.bonusBalance).toBe('200000');
            expect(mine.lockedAmount).toBe('400000');
          }
        },
      ),
      { numRuns: 6 },
    );
  });
});

describe('a deposit match', () => {
  it('matches the first deposit up to its cap and locks the deposit against withdrawal until the wagering is met', async () => {
    const p = await newPlayer(t, { paymentPassword: PIN });
    const promo = await firstDepositMatch({ ratePercent: 100, maxBonus: '300000', wageringMultiple: 2 });
    expect(await stateOf(p, promo)).toMatchObject({ status: 'PROCESS' });
    expect((await claim(p, promo)).json().code).toBe('PROMOTION_NOT_QUALIFIED');

    await deposit(p.memberId, 500_000n);
    expect(await stateOf(p, promo)).toMatchObject({ status: 'CLAIM', expectedAmount: '300000' });
    const b = (await claim(p, promo)).json().value.bonus;
    expect(b).toMatchObject({ amount: '300000', wageringRequired: '1600000', lockedAmount: '500000' });

    const bank = await addBankAccount(t, p);
    const withdraw = (amount: string) => askWithdrawal(t, p, bank, amount, PIN);
    await deposit(p.memberId, 200_000n); // not part of the match: free to withdraw
    const holds = await rowCount(t, 'withdrawal');
    const refused = await withdraw('300000');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'BONUS_LOCKED_FUNDS',
      field: 'body.amount',
      value: { locked: '500000', withdrawable: '200000' },
    });
    expect(await rowCount(t, 'withdrawal')).toBe(holds);
    expect(await balance(main(p.memberId))).toBe(700_000n);

    await play(p.memberId, 'BET', 600_000n);
    await play(p.memberId, 'WIN', 600_000n);
    await play(p.memberId, 'BET', 600_000n);
    await play(p.memberId, 'WIN', 600_000n);
    await play(p.memberId, 'BET', 400_000n);
    await play(p.memberId, 'WIN', 400_000n);
    expect((await bonuses(p)).items[0]).toMatchObject({ status: 'RELEASED' });
    const ok = await withdraw('900000');
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('matches each qualifying deposit once (reload: never the first deposit)', async () => {
    const p = await newPlayer(t);
    const reload = await promotion('RELOAD', { ratePercent: 10, maxBonus: '50000', minDeposit: '100000' });
    await deposit(p.memberId, 200_000n);
    expect((await claim(p, reload)).json().code).toBe('PROMOTION_NOT_QUALIFIED');
    await deposit(p.memberId, 300_000n);
    expect((await claim(p, reload)).json().value.bonus).toMatchObject({ amount: '30000' });
    expect((await claim(p, reload)).json().code).toBe('PROMOTION_NOT_QUALIFIED');
    await deposit(p.memberId, 900_000n);
    expect((await claim(p, reload)).json().value.bonus).toMatchObject({ amount: '50000' });
    expect(await balance(bonusWallet(p.memberId))).toBe(80_000n);
  });

  it('is issued without a click when the promotion is automatic', async () => {
    const p = await newPlayer(t);
    const auto = await promotion(
      'DEPOSIT_MATCH',
      { ratePercent: 50, maxBonus: '1000000', minDeposit: '1000', deposits: 'EACH' },
      { claimMode: 'AUTO' },
    );
    expect((await claim(p, auto)).json().code).toBe('PROMOTION_AUTOMATIC');
    await deposit(p.memberId, 100_000n);
    await deposit(p.memberId, 40_000n);
    await t.app.jobs.tick(new Date(Date.now() + 61_000));
    const mine = await bonuses(p);
    expect(mine.items.map((b) => b.status)).toEqual(['ACTIVE', 'ACTIVE']);
    expect(mine.bonusBalance).toBe('70000');
    expect(await stateOf(p, auto)).toMatchObject({ status: 'ISSUED' });
  });
});

describe('cashback and the raffle', () => {
  it("pays a rate of yesterday's net loss once per day", async () => {
    const p = await newPlayer(t, { balance: 5_000_000n });
    const cash = await promotion('CASHBACK', { ratePercent: 10, maxBonus: '1000000', minDeposit: '10000' });
    const clock = t.services.testClock!;
    try {
      clock.set(new Date(Date.now() - DAY));
      await play(p.memberId, 'BET', 800_000n);
      await play(p.memberId, 'WIN', 300_000n);
    } finally {
      clock.set(null);
    }
    await play(p.memberId, 'BET', 900_000n); // today: not yet
    expect(await stateOf(p, cash)).toMatchObject({ status: 'CLAIM', expectedAmount: '50000' });
    expect((await claim(p, cash)).json().value.bonus).toMatchObject({ amount: '50000' });
    expect((await claim(p, cash)).json().code).toBe('PROMOTION_ALREADY_CLAIMED');
  });

  it('draws one prize per member from the configured weights and keeps the draw', async () => {
    const promo = await promotion('RAFFLE', {
      prizes: [
        { amount: '1000', weight: 3 },
        { amount: '9000', weight: 1 },
      ],
    });
    const won: string[] = [];
    for (let i = 0; i < 6; i++) {
      const p = await newPlayer(t);
      const res = (await claim(p, promo)).json().value;
      expect(res.draw.total).toBe(4);
      expect(res.draw.roll).toBeGreaterThanOrEqual(0);
      expect(res.draw.roll).toBeLessThan(4);
      expect(res.draw.prizeIndex).toBe(res.draw.roll < 3 ? 0 : 1);
      won.push(res.bonus.amount);
      expect((await claim(p, promo)).json().code).toBe('PROMOTION_ALREADY_CLAIMED');
    }
    expect(won.every((a) => a === '1000' || a === '9000')).toBe(true);
  });
});

describe('under concurrency', () => {
  it('pays one bonus for 12 concurrent claims of one promotion by one member', async () => {
    const p = await newPlayer(t);
    const promo = await promotion('NEW_MEMBER', { amount: '40000' });
    const results = await Promise.all(Array.from({ length: 12 }, () => claim(p, promo)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode !== 200).map((r) => r.json().code)).toEqual(
      Array(11).fill('PROMOTION_ALREADY_CLAIMED'),
    );
    expect(await balance(bonusWallet(p.memberId))).toBe(40_000n);
    expect(await verifyLedger(t.database.db)).toEqual([]);
  });

  it('releases a bonus exactly once while bets keep arriving and the release runs from several places', async () => {
    const p = await newPlayer(t, { balance: 10_000_000n });
    const promo = await promotion('NEW_MEMBER', { amount: '100000', wageringMultiple: 5 });
    await claim(p, promo);
    const before = await balance(main(p.memberId));
    await Promise.all([
      ...Array.from({ length: 20 }, () => play(p.memberId, 'BET', 50_000n)),
      ...Array.from({ length: 6 }, () => t.services.rewards.settle(p.memberId)),
      ...Array.from({ length: 3 }, () => bonuses(p)),
    ]);
    await t.services.rewards.settle();
    const mine = await bonuses(p);
    expect(mine.items[0]).toMatchObject({ status: 'RELEASED' });
    expect(await balance(main(p.memberId))).toBe(before - 20n * 50_000n + 100_000n);
    expect(await verifyLedger(t.database.db)).toEqual([]);
  });
});
