import { isAgentType } from '@portal/contracts/limits.ts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedgerAfterEach } from '../../../test/ledger-check.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { DEMO_AGENT_FLOAT_MINOR, seedDemoMoney } from '../../db/seed/demo-money.ts';
import { asPlayer, mainBalance, requestId } from '../wallet/cashier.test-helpers.ts';
import { isBelow, moveMember, newTreeMember, randomTree, TREE_PIN, type TreeMember } from './agent.test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());
verifyLedgerAfterEach(() => t?.database.db);

/** Every agent call that names another member, and what it changes when it is let through. */
const MEMBER_CALLS = {
  getTeamMember: (agent: TreeMember, memberId: string) =>
    asPlayer(t, agent).get(`/api/agent/team/member?memberId=${memberId}`),
  setTeamRemark: (agent: TreeMember, memberId: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/agent/team/remark',
      headers: { authorization: `Bearer ${agent.token}` },
      payload: { memberId, remark: `seen by ${agent.account}` },
    }),
  drillDown: (agent: TreeMember, memberId: string) => asPlayer(t, agent).get(`/api/agent/team?parentId=${memberId}`),
  memberSummary: (agent: TreeMember, memberId: string) =>
    asPlayer(t, agent).get(`/api/agent/team/summary?period=month&memberId=${memberId}`),
  teamBets: (agent: TreeMember, memberId: string) =>
    asPlayer(t, agent).get(`/api/agent/team-bets?period=week&memberId=${memberId}`),
  transfer: (agent: TreeMember, memberId: string) =>
    asPlayer(t, agent).post('/api/agent/transfer', {
      memberId,
      amount: '1',
      paymentPassword: TREE_PIN,
      requestId: requestId(),
    }),
};

/** Rows a refused call must leave as they were: remarks and agent transfers. */
const changes = async () => `${await remarks()}/${await agentTransfers()}`;
const agentTransfers = async () =>
  (await t.database.db.selectFrom('ledgerTransfer').select('id').where('kind', '=', 'AGENT_TRANSFER').execute()).length;
const remarks = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('agentRemark')
        .select((e) => e.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Everyone below `parent` as the agent's team list reports it (search matches every test account). */
async function teamOf(agent: TreeMember, parentId?: string) {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const parent = parentId ? `&parentId=${parentId}` : '';
    const res = await asPlayer(t, agent).get(`/api/agent/team?search=cash&pageSize=100&page=${page}${parent}`);
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    ids.push(...v.items.map((m: { id: string }) => m.id));
    if (ids.length >= v.total) return ids.sort();
  }
}

describe('the downline and its subtree guard', () => {
  it('lets an agent reach exactly the members below it, at any depth, with every call', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 2 ** 31 - 1 }), async (seed) => {
        const rand = fc.sample(fc.nat(), { seed, numRuns: 200 });
        let i = 0;
        const members = await randomTree(t, 10, (n) => rand[i++ % rand.length]! % n);
        const agents = members.filter((m) => isAgentType(m.type));
        const seen = { allowed: 0, refused: 0 };
        for (const agent of agents) {
          for (const target of members) {
            const allowed = isBelow(members, agent.memberId, target.memberId);
            for (const [name, call] of Object.entries(MEMBER_CALLS)) {
              const before = await changes();
              const res = await call(agent, target.memberId);
              const selfDrill = name === 'drillDown' && target === agent;
              seen[allowed ? 'allowed' : 'refused']++;
              if (allowed || selfDrill) {
                expect(res.statusCode, `${name} ${agent.account} → ${target.account}: ${res.body}`).toBe(200);
              } else {
                expect(res.statusCode, `${name} ${agent.account} → ${target.account}`).toBe(404);
                expect(res.json().code).toBe('MEMBER_NOT_FOUND');
                expect(await changes(), 'a refused call changes nothing').toBe(before);
              }
            }
          }
        }
        // A tree with no agent or no team proves nothing: the seeds used here always give both.
        if (agents.length > 1) expect(seen.allowed * seen.refused).toBeGreaterThan(0);
      }),
      { numRuns: 3 },
    );
    // Three random trees × every agent × every member × every call: hundreds of requests, ~15 s on a
    // quiet machine and several times that while other suites share the two cores.
  }, 240_000);

  it('answers an id that does not exist exactly like a member of another team', async () => {
    const agent = await newTreeMember(t, null, { type: 1 });
    const res = await MEMBER_CALLS.getTeamMember(agent, '999999999');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('MEMBER_NOT_FOUND');
  });

  it('refuses the agent calls to players', async () => {
    const player = await newTreeMember(t, null);
    const res = await asPlayer(t, player).get('/api/agent/team');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('NOT_AGENT');
  });

  it('lists the direct downline with level, team size, balance and the agent’s own remark, and drills down with a breadcrumb', async () => {
    const top = await newTreeMember(t, null, { type: 1 });
    const sub = await newTreeMember(t, top, { type: 2 });
    const player = await newTreeMember(t, sub, { balance: 12_345n });
    const direct = await newTreeMember(t, top);

    const first = (await asPlayer(t, top).get('/api/agent/team')).json().value;
    expect(first.items.map((m: { id: string }) => m.id).sort()).toEqual([sub.memberId, direct.memberId].sort());
    expect(first.items.find((m: { id: string }) => m.id === sub.memberId)).toMatchObject({
      level: 1,
      teamSize: 1,
      isAgent: true,
    });
    expect(first.breadcrumb).toEqual([{ id: top.memberId, account: top.account }]);

    await MEMBER_CALLS.setTeamRemark(top, player.memberId);
    const below = (await asPlayer(t, top).get(`/api/agent/team?parentId=${sub.memberId}`)).json().value;
    expect(below.items).toHaveLength(1);
    expect(below.items[0]).toMatchObject({
      id: player.memberId,
      level: 2,
      balance: '12345',
      teamSize: 0,
      remark: `seen by ${top.account}`,
    });
    expect(below.breadcrumb.map((b: { account: string }) => b.account)).toEqual([top.account, sub.account]);
    // The sub-agent keeps its own remarks: it does not see its upline's note.
    const fromSub = (await asPlayer(t, sub).get('/api/agent/team')).json().value;
    expect(fromSub.items[0]).toMatchObject({ id: player.memberId, level: 1, remark: '' });
  });

  it('finds members of the whole team by account or nickname, with % and _ taken literally', async () => {
    const top = await newTreeMember(t, null, { type: 1 });
    const sub = await newTreeMember(t, top, { type: 1 });
    const deep = await newTreeMember(t, sub);
    const found = (await asPlayer(t, top).get(`/api/agent/team?search=${deep.account.slice(-6)}`)).json().value;
    expect(found.items.map((m: { id: string }) => m.id)).toEqual([deep.memberId]);
    expect((await asPlayer(t, top).get('/api/agent/team?search=%25')).json().value.total).toBe(0);
  });
});

describe('an operator moving a member', () => {
  it('keeps every subtree query right after a random series of moves', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 4, maxLength: 8 }),
        async (seed, moves) => {
          const rand = fc.sample(fc.nat(), { seed, numRuns: 200 });
          let i = 0;
          const members = await randomTree(t, 9, (n) => rand[i++ % rand.length]! % n);
          for (const [a, b] of moves) {
            const m = members[a % members.length]!;
            const agents = members.filter((x) => isAgentType(x.type));
            const target = b % (agents.length + 1) === agents.length ? null : agents[b % (agents.length + 1)]!;
            const res = await moveMember(t, m.account, target?.account ?? null);
            const cycle = target !== null && (target === m || isBelow(members, m.memberId, target.memberId));
            if (cycle) {
              expect(res.statusCode, res.body).toBe(409);
              expect(res.json().code).toBe('UPLINE_IN_OWN_DOWNLINE');
            } else {
              expect(res.statusCode, res.body).toBe(200);
              m.uplineId = target?.memberId ?? null;
            }
          }
          for (const agent of members.filter((x) => isAgentType(x.type))) {
            const expected = members
              .filter((x) => isBelow(members, agent.memberId, x.memberId))
              .map((x) => x.memberId)
              .sort();
            expect(await teamOf(agent), `team of ${agent.account}`).toEqual(expected);
            // The stored team size (migration 0053) follows every move.
            const stored = await t.database.db
              .selectFrom('memberTeamSize')
              .select('teamSize')
              .where('memberId', '=', agent.memberId)
              .executeTakeFirst();
            expect(stored?.teamSize ?? 0, `team size of ${agent.account}`).toBe(expected.length);
          }
        },
      ),
      { numRuns: 4 },
    );
  });

  it('refuses to put a member below a player and changes nothing', async () => {
    const top = await newTreeMember(t, null, { type: 1 });
    const m = await newTreeMember(t, top);
    const player = await newTreeMember(t, null);
    const res = await moveMember(t, m.account, player.account);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('UPLINE_NOT_AGENT');
    expect(await teamOf(top)).toEqual([m.memberId]);
  });

  it('needs the operator key', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/ops/agent/move-member',
      payload: { account: 'demo01', uplineAccount: null },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('the demo tree', () => {
  it('puts subagent01 below agent01 and its players below it', async () => {
    const rows = await t.database.db
      .selectFrom('memberTree as c')
      .innerJoin('member as a', 'a.id', 'c.ancestorId')
      .innerJoin('member as d', 'd.id', 'c.descendantId')
      .select(['d.account', 'c.depth'])
      .where('a.account', '=', 'agent01')
      .where('c.depth', '>', 0)
      .orderBy('d.account')
      .execute();
    expect(rows).toEqual([
      { account: 'demo01', depth: 1 },
      { account: 'newbie01', depth: 1 },
      { account: 'player11', depth: 2 },
      { account: 'player12', depth: 2 },
      { account: 'subagent01', depth: 1 },
    ]);
  });

  it('gives agent01 a float to send to its downline', async () => {
    await seedDemoMoney(t.database.db);
    const agent01 = await t.database.db
      .selectFrom('member')
      .select('id')
      .where('account', '=', 'agent01')
      .executeTakeFirstOrThrow();
    expect((await mainBalance(t, agent01.id)).toString()).toBe(DEMO_AGENT_FLOAT_MINOR);
  });
});
