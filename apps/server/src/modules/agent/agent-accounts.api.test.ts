import { TRIAL_TYPE } from '@portal/contracts/limits.ts';
import { describe, expect, it } from 'vitest';
import { bearer, loginAs, solveBotCheck, testIp } from '../../../test/auth-helpers.ts';
import { asPlayer, mainBalance, requestId } from '../wallet/cashier.test-helpers.ts';
import { newTreeMember, type TreeMember } from './agent.test-helpers.ts';
import { useTestApp } from '../../../test/use-test-app.ts';

const t = useTestApp();

const PIN = 'pay-4321';
const send = (agent: TreeMember, memberId: string, amount: string, over: Record<string, unknown> = {}) =>
  asPlayer(t, agent).post('/api/agent/transfer', {
    memberId,
    amount,
    paymentPassword: PIN,
    requestId: requestId(),
    ...over,
  });
const agentTransfers = async () =>
  (await t.database.db.selectFrom('ledgerTransfer').select('id').where('kind', '=', 'AGENT_TRANSFER').execute()).length;

describe('agent → downline transfer', () => {
  it('moves money from the agent to any member of its team, shown in both members’ records', async () => {
    const agent = await newTreeMember(t, null, { type: 1, balance: 50_000n, paymentPassword: PIN });
    const sub = await newTreeMember(t, agent, { type: 2 });
    const player = await newTreeMember(t, sub);
    const res = await send(agent, player.memberId, '12000');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ amount: '12000', balance: '38000', memberAccount: player.account });
    expect(await mainBalance(t, player.memberId)).toBe(12_000n);
    const mine = (await asPlayer(t, agent).get('/api/wallet/history/transactions?type=AGENT_TRANSFER')).json().value;
    expect(mine.items[0]).toMatchObject({ type: 'AGENT_TRANSFER', amount: '-12000' });
    const theirs = (await asPlayer(t, player).get('/api/wallet/history/transactions')).json().value;
    expect(theirs.items[0]).toMatchObject({ type: 'AGENT_TRANSFER', amount: '12000' });
    const info = (await asPlayer(t, agent).get('/api/agent/transfer')).json().value;
    expect(info).toMatchObject({ balance: '38000', hasPaymentPassword: true, currency: 'KRW' });
  });

  it('answers a repeated request id with the first answer and moves the money once', async () => {
    const agent = await newTreeMember(t, null, { type: 1, balance: 10_000n, paymentPassword: PIN });
    const player = await newTreeMember(t, agent);
    const id = requestId();
    const first = await send(agent, player.memberId, '3000', { requestId: id });
    const again = await send(agent, player.memberId, '3000', { requestId: id });
    expect(again.json().value.transferId).toBe(first.json().value.transferId);
    expect(await mainBalance(t, player.memberId)).toBe(3_000n);
    const other = await send(agent, player.memberId, '4000', { requestId: id });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('IDEMPOTENCY_CONFLICT');
  });

  it('refuses, with its own code and nothing moved: outside the team, a trial account, a wrong payment password, too little money', async () => {
    const upline = await newTreeMember(t, null, { type: 1, balance: 1_000n });
    const agent = await newTreeMember(t, upline, { type: 1, balance: 5_000n, paymentPassword: PIN });
    const sibling = await newTreeMember(t, upline, { type: 1 });
    const siblingsPlayer = await newTreeMember(t, sibling);
    const mine = await newTreeMember(t, agent);
    const trial = await newTreeMember(t, agent, { type: TRIAL_TYPE });
    const before = await agentTransfers();
    for (const [target, status, code] of [
      [upline.memberId, 404, 'MEMBER_NOT_FOUND'],
      [sibling.memberId, 404, 'MEMBER_NOT_FOUND'],
      [siblingsPlayer.memberId, 404, 'MEMBER_NOT_FOUND'],
      [agent.memberId, 404, 'MEMBER_NOT_FOUND'],
      [trial.memberId, 409, 'TRIAL_CANNOT_RECEIVE'],
    ] as const) {
      const res = await send(agent, target, '100');
      expect(res.statusCode, `${target}: ${res.body}`).toBe(status);
      expect(res.json().code).toBe(code);
    }
    const wrongPin = await send(agent, mine.memberId, '100', { paymentPassword: 'not-it' });
    expect(wrongPin.statusCode).toBe(403);
    expect(wrongPin.json().code).toBe('WRONG_PAYMENT_PASSWORD');
    const tooMuch = await send(agent, mine.memberId, '5001');
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({ code: 'WALLET_INSUFFICIENT_FUNDS', field: 'body.amount' });
    expect(await agentTransfers()).toBe(before);
    expect(await mainBalance(t, agent.memberId)).toBe(5_000n);
  });

  it('never overdraws the agent under concurrent transfers', async () => {
    const agent = await newTreeMember(t, null, { type: 1, balance: 10_000n, paymentPassword: PIN });
    const players = await Promise.all(Array.from({ length: 4 }, () => newTreeMember(t, agent)));
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) => send(agent, players[i % players.length]!.memberId, '1000')),
    );
    const ok = results.filter((r) => r.statusCode === 200).length;
    expect(ok).toBe(10);
    expect(
      results.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'WALLET_INSUFFICIENT_FUNDS'),
    ).toBe(true);
    expect(await mainBalance(t, agent.memberId)).toBe(0n);
    let received = 0n;
    for (const p of players) received += await mainBalance(t, p.memberId);
    expect(received).toBe(10_000n);
  });
});

describe('an agent registering an account', () => {
  const register = (agent: TreeMember, body: Record<string, unknown>) =>
    asPlayer(t, agent).post('/api/agent/register', body);

  it('creates a player or a sub-agent directly below itself, whose first password must be changed at sign-in', async () => {
    const agent = await newTreeMember(t, null, { type: 1 });
    const name = `pl${Date.now().toString(36)}`;
    const res = await register(agent, { kind: 'PLAYER', username: name, password: 'First1234', nickname: 'Newcomer' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ account: name, type: 0, level: 1, isAgent: false, nickname: 'Newcomer' });
    const sub = await register(agent, { kind: 'AGENT', username: `${name}ag`, password: 'First1234' });
    expect(sub.json().value).toMatchObject({ type: 2, isAgent: true, level: 1 });

    const login = await loginAs(t.app, name, 'First1234');
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().value.mustChangePassword).toBe(true);
    const token = login.json().value.token;
    const blocked = await t.app.inject({ method: 'GET', url: '/api/wallet/balance', headers: bearer(token) });
    expect(blocked.json().code).toBe('PASSWORD_CHANGE_REQUIRED');
  });

  it('applies the site’s field rules and refuses a taken username, creating nothing', async () => {
    const agent = await newTreeMember(t, null, { type: 1 });
    const count = async () => (await t.database.db.selectFrom('member').select('id').execute()).length;
    const before = await count();
    const bad = await register(agent, { kind: 'PLAYER', username: '9x', password: 'short' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
    expect(Object.keys(bad.json().value.fields).sort()).toEqual(['password', 'username']);
    const taken = await register(agent, { kind: 'PLAYER', username: 'demo01', password: 'First1234' });
    expect(taken.json().code).toBe('USERNAME_TAKEN');
    expect(await count()).toBe(before);
  });
});

describe('referral links', () => {
  it('gives an invitation code and links; a registration through a link lands below the agent with the link’s type and is counted', async () => {
    const agent = await newTreeMember(t, null, { type: 1 });
    const first = (await asPlayer(t, agent).get('/api/agent/referral')).json().value;
    expect(first.invitationCode).toMatch(/^[A-Z2-9]{8}$/);
    expect((await asPlayer(t, agent).get('/api/agent/referral')).json().value.invitationCode).toBe(
      first.invitationCode,
    );
    const link = (await asPlayer(t, agent).post('/api/agent/referral', { kind: 'AGENT' })).json().value;
    expect(link).toMatchObject({ kind: 'AGENT', registrations: 0, firstDeposits: 0 });

    const name = `ref${Date.now().toString(36)}`;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/register',
      remoteAddress: testIp(),
      payload: {
        username: name,
        password: 'Secret123',
        confirmPassword: 'Secret123',
        acceptTerms: true,
        referralCode: link.code,
        bot: await solveBotCheck(t.app),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await t.database.db
      .selectFrom('member')
      .select(['id', 'type', 'uplineId'])
      .where('account', '=', name)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ type: 2, uplineId: agent.memberId });
    await t.services.ledger.transfer({
      idempotencyKey: `ref-test-deposit:${row.id}`,
      kind: 'DEPOSIT',
      from: { kind: 'PAYMENT_CLEARING', currency: 'KRW' },
      to: { kind: 'MEMBER_MAIN', memberId: row.id, currency: 'KRW' },
      amount: 1_000n,
    });
    const after = (await asPlayer(t, agent).get('/api/agent/referral')).json().value;
    expect(after.links[0]).toMatchObject({ code: link.code, registrations: 1, firstDeposits: 1 });
  });
});
