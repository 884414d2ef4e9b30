import { describe, expect, it } from 'vitest';
import { asPlayer, mainBalance, newPlayer, requestId, type TestPlayer } from '../../wallet/cashier.test-helpers.ts';
import { vaultOutcome } from '@portal/vendors/vault/vault-vendor.ts';
import { useTestApp } from '../../../../test/use-test-app.ts';

const t = useTestApp();

const vaultGames = async () =>
  (await t.app.inject({ url: '/api/games?vassalage=VAULT&pageSize=50' })).json().value.content as {
    nodeId: number;
    gameCode: string;
    gameType: string;
    supportPlay: number;
  }[];
const nodeOf = async (code: string) => (await vaultGames()).find((g) => g.gameCode === code)!.nodeId;

/** Launches a Vault game as the player and returns the vendor session from the launch URL's fragment. */
async function launch(p: TestPlayer, code = 'vault-heist') {
  const res = await asPlayer(t, p).get(`/api/games/launch?nodeId=${await nodeOf(code)}&mode=REAL`);
  expect(res.statusCode, res.body).toBe(200);
  const url: string = res.json().value.url;
  expect(url).toMatch(new RegExp(`^/vendor/vault/play\\?game=${code}&lang=\\w+#s=`));
  return new URLSearchParams(url.split('#')[1]).get('s')!;
}
const table = (session: string) =>
  t.app.inject({ method: 'POST', url: '/vendor/vault/api/table', payload: { session } });
const play = (session: string, bet: string, pick?: number, id = requestId()) =>
  t.app.inject({ method: 'POST', url: '/vendor/vault/api/play', payload: { session, requestId: id, bet, pick } });
const transfer = (p: TestPlayer, direction: 'TO_VENDOR' | 'TO_MAIN', amount: string) =>
  asPlayer(t, p).post('/api/wallet/transfer', { vendorId: 'VAULT', direction, amount, requestId: requestId() });

describe('Vault Gaming, the transfer-mode demo vendor', () => {
  it('has its games in the catalogue from its own game list, real money only', async () => {
    const games = await vaultGames();
    expect(games.map((g) => [g.gameCode, g.gameType, g.supportPlay])).toEqual([
      ['vault-heist', 'MINI', 1],
      ['vault-poker', 'PVP', 1],
    ]);
  });

  it('opens a table showing the Vault balance, which starts empty until money is moved in', async () => {
    const p = await newPlayer(t, { balance: 50_000n });
    const session = await launch(p);
    expect((await table(session)).json().value).toMatchObject({
      gameCode: 'vault-heist',
      currency: 'KRW',
      balance: '0',
      recent: [],
    });
    const refused = await play(session, '1000', 0);
    expect(refused.json().code).toBe('WALLET_INSUFFICIENT_FUNDS');
    expect((await table(session)).json().value.balance).toBe('0');
  });

  it('plays rounds on the money moved in, and moving it back brings the winnings through the ledger', async () => {
    const p = await newPlayer(t, { balance: 50_000n });
    expect((await transfer(p, 'TO_VENDOR', '20000')).json().value.mainBalance).toBe('30000');
    const session = await launch(p);
    expect((await table(session)).json().value.balance).toBe('20000');

    let balance = 20_000n;
    for (let i = 0; i < 5; i++) {
      const res = await play(session, '1000', i % 3);
      expect(res.statusCode, res.body).toBe(200);
      const { round, balance: after } = res.json().value;
      const won = round.outcome.gold === round.outcome.picked;
      expect(round.payout).toBe(won ? '2850' : '0');
      balance = balance - 1000n + BigInt(round.payout);
      expect(after).toBe(balance.toString());
      expect(round.balanceAfter).toBe(balance.toString());
    }
    expect((await table(session)).json().value.recent).toHaveLength(5);

    const back = await transfer(p, 'TO_MAIN', balance.toString());
    expect(back.json().value).toMatchObject({
      transfer: { status: 'SUCCESS' },
      mainBalance: (30_000n + balance).toString(),
    });
    expect(await mainBalance(t, p.memberId)).toBe(30_000n + balance);
    expect(
      await t.services.ledger.balance({
        kind: 'MEMBER_VENDOR',
        memberId: p.memberId,
        vendorId: 'VAULT',
        currency: 'KRW',
      }),
    ).toBe(0n);
    expect((await table(session)).json().value.balance).toBe('0');
  });

  it('applies a repeated request id once and refuses bets outside the table limits', async () => {
    const p = await newPlayer(t, { balance: 10_000n });
    await transfer(p, 'TO_VENDOR', '5000');
    const session = await launch(p, 'vault-poker');
    const id = requestId();
    const first = (await play(session, '500', undefined, id)).json().value;
    const again = (await play(session, '500', undefined, id)).json().value;
    expect(again.round.roundId).toBe(first.round.roundId);
    expect(again.balance).toBe(first.balance);
    expect((await play(session, '900', undefined, id)).json().code).toBe('IDEMPOTENCY_CONFLICT');
    const twin = requestId();
    const [a, b] = await Promise.all([play(session, '300', undefined, twin), play(session, '300', undefined, twin)]);
    expect(b.json().value.round.roundId).toBe(a.json().value.round.roundId);
    const afterTwin = (await table(session)).json().value;
    expect(
      afterTwin.recent.filter((r: { roundId: string }) => r.roundId === a.json().value.round.roundId),
    ).toHaveLength(1);
    expect(afterTwin.balance).toBe(a.json().value.round.balanceAfter);
    expect((await play(session, '99')).json().code).toBe('INVALID_BET');
    expect((await play(session, '1000001')).json().code).toBe('INVALID_BET');
    expect((await table(session)).json().value.balance).toBe(afterTwin.balance);
  });

  it('refuses an unknown session and a heist without a safe picked', async () => {
    const p = await newPlayer(t, { balance: 10_000n });
    await transfer(p, 'TO_VENDOR', '5000');
    const session = await launch(p);
    expect((await play(session, '1000')).json().code).toBe('VALIDATION_FAILED');
    const unknown = await table('x'.repeat(32));
    expect([unknown.statusCode, unknown.json().code]).toEqual([401, 'GAME_SESSION_EXPIRED']);
    expect((await table(session)).json().value.balance).toBe('5000');
  });

  it('pays what the pay tables say: heist 2.85× on the right safe, high card 1.9× and the bet back on a tie', () => {
    const fixed =
      (...values: number[]) =>
      () =>
        values.shift()!;
    expect(vaultOutcome('vault-heist', 1000n, 1, fixed(1)).payout).toBe(2850n);
    expect(vaultOutcome('vault-heist', 1000n, 1, fixed(2)).payout).toBe(0n);
    expect(vaultOutcome('vault-poker', 1000n, undefined, fixed(12, 0)).payout).toBe(1900n); // ace over two
    expect(vaultOutcome('vault-poker', 1000n, undefined, fixed(0, 13)).payout).toBe(1000n); // two and two
    expect(vaultOutcome('vault-poker', 1000n, undefined, fixed(0, 25)).payout).toBe(0n);
  });
});
