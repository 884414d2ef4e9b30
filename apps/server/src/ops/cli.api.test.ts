import { beforeAll, describe, expect, it } from 'vitest';
import { runOps, STARTS_PROCESSES } from '../../test/ops-cli.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { newTreeMember } from '../modules/agent/agent.test-helpers.ts';

const t = useTestApp(undefined, { checkLedger: false });
let url: string;
beforeAll(async () => {
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

const ops = (args: string[], key?: string) => runOps(url, args, key);
const status = async () => (await t.app.inject({ url: '/api/system/status' })).json().value;

describe('npm run ops', STARTS_PROCESSES, () => {
  it('switches maintenance on and off on the running portal, without a restart', async () => {
    const on = await ops([
      'maintenance',
      'on',
      '--title',
      'Upgrade',
      '--info',
      'Back soon',
      '--until',
      '2026-12-01T06:00:00+09:00',
    ]);
    expect(on.code, on.err).toBe(0);
    expect(await status()).toMatchObject({
      status: 1,
      maintenanceInfo: { title: 'Upgrade', endTime: '2026-12-01T06:00:00+09:00' },
    });
    expect((await ops(['maintenance', 'off'])).code).toBe(0);
    expect((await status()).status).toBe(0);
  });

  it('blocks an address range and lifts the block', async () => {
    expect((await ops(['region', 'on', '--ip', '127.0.0.0/8', '--country', 'kp'])).code).toBe(0);
    expect(await status()).toMatchObject({ status: 2, regionRestriction: true });
    const shown = await ops(['status']);
    expect(JSON.parse(shown.out).regionRestriction).toEqual({
      enabled: true,
      countries: ['KP'],
      ipRanges: ['127.0.0.0/8'],
    });
    expect((await ops(['region', 'off'])).code).toBe(0);
    expect((await status()).status).toBe(0);
  });

  it('puts a vendor and a game under maintenance and back, and rotates a vendor secret', async () => {
    const statusOf = async (table: 'vendor' | 'game', column: 'id' | 'gameCode', value: string) =>
      (await t.database.db.selectFrom(table).select('status').where(column, '=', value).executeTakeFirstOrThrow())
        .status;
    expect((await ops(['vendor', 'VAULT', 'maintenance', 'on'])).code).toBe(0);
    expect(await statusOf('vendor', 'id', 'VAULT')).toBe('MAINTENANCE');
    expect((await ops(['vendor', 'VAULT', 'maintenance', 'off'])).code).toBe(0);
    expect(await statusOf('vendor', 'id', 'VAULT')).toBe('LIVE');
    expect((await ops(['game', 'mini-dice', 'maintenance', 'on'])).code).toBe(0);
    expect(await statusOf('game', 'gameCode', 'mini-dice')).toBe('MAINTENANCE');
    expect((await ops(['game', 'mini-dice', 'maintenance', 'off', 'HOUSE'])).code).toBe(0);
    expect(await statusOf('game', 'gameCode', 'mini-dice')).toBe('LIVE');
    const rotated = await ops(['vendor', 'HOUSE', 'rotate-secret']);
    expect(rotated.code, rotated.err).toBe(0);
    const { secret } = JSON.parse(rotated.out) as { secret: string };
    const stored = await t.database.db
      .selectFrom('vendor')
      .select('secret')
      .where('id', '=', 'HOUSE')
      .executeTakeFirst();
    expect(stored?.secret).toBe(secret);
    const unknown = await ops(['game', 'no-such-game', 'maintenance', 'on']);
    expect([unknown.code, unknown.err.trim()]).toEqual([1, 'NOT_FOUND: No such game.']);
  });

  it('offers a top-level agent a contract, lists it and terminates it; a bad tier is refused with its reason', async () => {
    for (const modId of ['AGENT_DAILY_SALARY', 'AGENT_DIVIDEND'])
      expect((await ops(['module', modId, 'on'])).code).toBe(0);
    const agent = await newTreeMember(t, null, { type: 1 });
    const offer = await ops([
      'contract',
      'offer',
      agent.account,
      'DAILY_SALARY',
      '--tier',
      '0:1:0.01',
      '--tier',
      '500000:3:0.015',
    ]);
    expect(offer.code, offer.err).toBe(0);
    const made = JSON.parse(offer.out);
    expect(made).toMatchObject({
      status: 'OFFERED',
      rate: '0.015',
      tiers: [
        { minValidBet: '0', minActiveMembers: 1, rate: '0.01' },
        { minValidBet: '500000', minActiveMembers: 3, rate: '0.015' },
      ],
    });
    const list = await ops(['contracts', '--account', agent.account]);
    expect(JSON.parse(list.out)).toMatchObject({ total: 1, items: [{ id: made.id }] });
    const ended = await ops(['contract', 'terminate', made.id]);
    expect(JSON.parse(ended.out)).toMatchObject({ status: 'TERMINATED', terminatedBy: 'OPERATOR' });
    const bad = await ops(['contract', 'offer', agent.account, 'DIVIDEND', '--tier', '0:0:0.2']);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('CONTRACT_PERIOD_REQUIRED');
  });

  it('creates the first back-office owner once, printing a generated password that signs in', async () => {
    const first = await ops(['staff', 'create-owner', 'Boss', '--name', 'The Boss']);
    expect(first.code, first.err).toBe(0);
    expect(first.out).toContain('"username": "boss"');
    const password = /Password \(shown once[^:]*: (\S+)/.exec(first.out)?.[1];
    expect(password).toBeTruthy();
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/bo/auth/sign-in',
      payload: { username: 'boss', password },
    });
    expect(signIn.json().value).toEqual({ stage: 'ENROL' });
    const again = await ops(['staff', 'create-owner', 'other']);
    expect(again.code).toBe(1);
    expect(again.err).toContain('STAFF_OWNER_EXISTS');
  });

  it('says what is wrong and exits non-zero on a bad range, a wrong key or an unknown command', async () => {
    const bad = await ops(['region', 'on', '--ip', '999.1.1.1']);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('VALIDATION_FAILED');
    const wrongKey = await ops(['status'], 'not-the-operator-key');
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.err).toContain('OPERATOR_KEY_INVALID');
    const unknown = await ops(['reboot']);
    expect(unknown.code).toBe(64);
    expect(unknown.err).toContain('npm run ops -- maintenance on');
    expect((await status()).status).toBe(0);
  });
});
