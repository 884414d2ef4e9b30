import { describe, expect, it } from 'vitest';
import { auditTrail, staffGet, staffPost, useConsole } from '../../../test/staff-helpers.ts';
import { asPlayer, newPlayer, rowCount, type TestPlayer } from '../wallet/cashier.test-helpers.ts';
import { housePlay, paidIn } from '../../../test/ledger-moves.ts';
import { periodOf } from './missions.service.ts';

const now = () => new Date();
const { t, staff } = useConsole(now, ['content', 'support']);
const KRW = 'KRW';

const main = (memberId: string) => ({ kind: 'MEMBER_MAIN' as const, memberId, currency: KRW });
const play = (memberId: string, amount: bigint, gameType = 'RNG') =>
  housePlay(t, memberId, 'BET', amount, { gameType });
let n = 0;
/** A mission as the console saves it: daily, any game, titled, switched on, unless `body` says otherwise. */
const missionOf = (body: Record<string, unknown>) => ({
  period: 'DAILY',
  gameType: null,
  texts: { en: { title: `Mission ${n++}` } },
  enabled: true,
  sort: 0,
  ...body,
});
async function mission(body: Record<string, unknown>): Promise<string> {
  const res = await staffPost(t, staff.content, '/api/bo/missions', missionOf(body));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.id;
}
const summary = async (p: TestPlayer) => {
  const res = await asPlayer(t, p).get('/api/missions/summary');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as {
    items: { id: string; progress: string; status: string }[];
    claimable: number;
  };
};
const of = async (p: TestPlayer, id: string) => (await summary(p)).items.find((m) => m.id === id)!;
const claim = (p: TestPlayer, missionId: string) => asPlayer(t, p).post('/api/missions/claim', { missionId });

describe('missions', () => {
  it('follow valid bets in a category and rounds as they happen, and pay their reward once when claimed', async () => {
    const bet = await mission({ kind: 'VALID_BET', gameType: 'LIVE', target: '300000', reward: '5000' });
    const rounds = await mission({ kind: 'ROUNDS', period: 'WEEKLY', target: '3', reward: '2000' });
    const p = await newPlayer(t, { balance: 1_000_000n });
    expect(await of(p, bet)).toMatchObject({ progress: '0', status: 'IN_PROGRESS' });
    await play(p.memberId, 200_000n, 'LIVE');
    await play(p.memberId, 50_000n, 'RNG');
    expect(await of(p, bet)).toMatchObject({ progress: '200000', status: 'IN_PROGRESS' });
    expect(await of(p, rounds)).toMatchObject({ progress: '2', status: 'IN_PROGRESS' });
    expect((await claim(p, bet)).json().code).toBe('MISSION_NOT_COMPLETE');
    await play(p.memberId, 100_000n, 'LIVE');
    expect(await of(p, bet)).toMatchObject({ progress: '300000', status: 'CLAIMABLE' });
    expect(await of(p, rounds)).toMatchObject({ progress: '3', status: 'CLAIMABLE' });
    expect((await summary(p)).claimable).toBeGreaterThanOrEqual(2);

    const before = await t.services.ledger.balance(main(p.memberId));
    const results = await Promise.all(Array.from({ length: 8 }, () => claim(p, bet)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode !== 200).every((r) => r.json().code === 'MISSION_ALREADY_CLAIMED')).toBe(
      true,
    );
    expect(await t.services.ledger.balance(main(p.memberId))).toBe(before + 5000n);
    expect(await of(p, bet)).toMatchObject({ status: 'CLAIMED' });
  });

  it('count deposits and sign-in days of the period', async () => {
    const dep = await mission({ kind: 'DEPOSIT', target: '100000', reward: '1000' });
    const days = await mission({ kind: 'SIGN_IN_DAYS', period: 'WEEKLY', target: '1', reward: '1000' });
    const p = await newPlayer(t);
    await paidIn(t, p.memberId, 150_000n);
    expect(await of(p, dep)).toMatchObject({ progress: '100000', status: 'CLAIMABLE' });
    expect(await of(p, days)).toMatchObject({ progress: '1', status: 'CLAIMABLE' });
    expect((await claim(p, days)).statusCode).toBe(200);
  });

  it('refuse an unknown mission or a malformed id and change nothing', async () => {
    const p = await newPlayer(t);
    const before = await rowCount(t, 'ledgerTransfer');
    expect((await claim(p, '999999999')).json().code).toBe('MISSION_NOT_FOUND');
    expect((await claim(p, 'abc')).statusCode).toBe(400);
    expect(await rowCount(t, 'ledgerTransfer')).toBe(before);
  });

  it('rank members on the weekly leaderboard by missions completed, with masked accounts', async () => {
    const id = await mission({ kind: 'ROUNDS', target: '1', reward: '100' });
    const p = await newPlayer(t, { balance: 10_000n });
    await play(p.memberId, 1_000n);
    expect((await claim(p, id)).statusCode).toBe(200);
    const res = await asPlayer(t, p).get('/api/missions/leaderboard');
    expect(res.statusCode, res.body).toBe(200);
    const board = res.json().value;
    expect(board.mine.rank).not.toBeNull();
    expect(board.mine.completed).toBeGreaterThanOrEqual(1);
    expect(board.items.every((r: { account: string }) => r.account.includes('***') || r.account.endsWith('**'))).toBe(
      true,
    );
  });
});

describe('the mission set-up of the back office', () => {
  it('lets content staff create missions with an audit, refuses support staff and bad input', async () => {
    const id = await mission({ kind: 'DEPOSIT', target: '1000', reward: '10' });
    expect((await auditTrail(t, `mission:${id}`)).map((e) => e.action)).toEqual(['mission.create']);
    const list = await staffGet(t, staff.support, '/api/bo/missions');
    expect(list.json().value.items.some((m: { id: string }) => m.id === id)).toBe(true);
    const denied = await staffPost(
      t,
      staff.support,
      '/api/bo/missions',
      missionOf({ kind: 'DEPOSIT', target: '1', reward: '1' }),
    );
    expect(denied.statusCode).toBe(403);
    const bad = await staffPost(
      t,
      staff.content,
      '/api/bo/missions',
      missionOf({ kind: 'DEPOSIT', target: '0', reward: '1' }),
    );
    expect(bad.statusCode).toBe(400);
  });
});

describe('mission periods', () => {
  it('are the KST day and the KST week from Monday', () => {
    // 2026-11-24 10:00 KST is a Tuesday.
    const at = new Date('2026-11-24T01:00:00Z');
    expect(periodOf('DAILY', at)).toEqual({ from: '2026-11-24', to: '2026-11-25' });
    expect(periodOf('WEEKLY', at)).toEqual({ from: '2026-11-23', to: '2026-11-30' });
    // 2026-11-23 23:30 UTC is Tuesday 08:30 KST.
    expect(periodOf('DAILY', new Date('2026-11-23T23:30:00Z'))).toEqual({ from: '2026-11-24', to: '2026-11-25' });
  });
});
