import { PLAYER_TYPE } from '@portal/contracts/auth/auth.contract.ts';
import { isAgentType } from '@portal/contracts/limits.ts';
import { asOperator, type TestApp } from '../../../test/test-app.ts';
import { newPlayer, type NewPlayerOptions, type TestPlayer } from '../wallet/cashier.test-helpers.ts';

export interface TreeMember extends TestPlayer {
  type: number;
  uplineId: string | null;
}

/** A member made directly and hung below `upline` the way an operator's tool would (an UPDATE of upline_id). */
export async function newTreeMember(
  t: TestApp,
  upline: TreeMember | null,
  opts: NewPlayerOptions & { type?: number } = {},
): Promise<TreeMember> {
  const p = await newPlayer(t, opts);
  if (upline)
    await t.database.db.updateTable('member').set({ uplineId: upline.memberId }).where('id', '=', p.memberId).execute();
  return { ...p, type: opts.type ?? PLAYER_TYPE, uplineId: upline?.memberId ?? null };
}

/** The payment password of the agents of a random tree. */
export const TREE_PIN = 'tree-pin-1';

/**
 * A random forest: `size` members, each either at the top or below a random agent made before it;
 * agents have money and the payment password TREE_PIN.
 * `random` is a seeded source (fast-check's), so a failing tree can be replayed.
 */
export async function randomTree(t: TestApp, size: number, random: (n: number) => number): Promise<TreeMember[]> {
  const members: TreeMember[] = [];
  for (let i = 0; i < size; i++) {
    const agents = members.filter((m) => isAgentType(m.type));
    const pick = random(agents.length + 1);
    const upline = pick < agents.length ? agents[pick]! : null;
    const type = random(3) === 0 ? PLAYER_TYPE : [1, 2, 41, 42][random(4)]!;
    const agentMoney = isAgentType(type) ? { balance: 1_000_000n, paymentPassword: TREE_PIN } : {};
    members.push(await newTreeMember(t, upline, { type, ...agentMoney }));
  }
  return members;
}

/** The oracle: is `memberId` strictly below `agentId`? Walks upline ids, independent of the closure table. */
export function isBelow(
  members: readonly { memberId: string; uplineId: string | null }[],
  agentId: string,
  memberId: string,
) {
  const byId = new Map(members.map((m) => [m.memberId, m]));
  let cur = byId.get(memberId)?.uplineId ?? null;
  for (let hops = 0; cur !== null && hops <= members.length; hops++) {
    if (cur === agentId) return true;
    cur = byId.get(cur)?.uplineId ?? null;
  }
  return false;
}

/** The operator's move call. */
export const moveMember = (t: TestApp, account: string, uplineAccount: string | null) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/ops/agent/move-member',
    headers: asOperator,
    payload: { account, uplineAccount },
  });
