import { describe, expect, it } from 'vitest';
import { balanceWatcher, type MemberBalance } from './balance-watcher.ts';
import { realtimeHub } from './realtime-hub.ts';

function setUp() {
  const hub = realtimeHub();
  const ledger = new Map<string, MemberBalance>();
  const set = (memberId: string, balance: string, kind = 'MEMBER_MAIN') =>
    ledger.set(`${memberId}|${kind}`, { memberId, kind, currency: 'KRW', balance });
  const reads: string[][] = [];
  const errors: unknown[] = [];
  const watcher = balanceWatcher(
    hub,
    async (ids) => {
      reads.push([...ids]);
      return [...ledger.values()].filter((b) => ids.includes(b.memberId));
    },
    (err) => errors.push(err),
    60_000, // the test reads by hand
  );
  const tab = (memberId: string) => {
    const sent: unknown[] = [];
    const leave = hub.add(memberId, { send: (d) => sent.push(JSON.parse(d)), close: () => undefined });
    return { sent, leave };
  };
  return { hub, set, reads, errors, watcher, tab };
}

describe('the live channel reading the connected members’ balances', () => {
  it('sends a change after the member joined to every tab, once, as the last balance of the interval', async () => {
    const { set, watcher, tab } = setUp();
    set('7', '1000');
    const a = tab('7');
    const b = tab('7');
    await watcher.seed('7');
    await watcher.tick();
    expect(a.sent).toEqual([]);
    set('7', '900');
    set('7', '800');
    await watcher.tick();
    await watcher.tick();
    const event = { type: 'balance', kind: 'MEMBER_MAIN', currency: 'KRW', balance: '800' };
    expect(a.sent).toEqual([event]);
    expect(b.sent).toEqual([event]);
    set('7', '50', 'MEMBER_TRIAL');
    await watcher.tick();
    expect(a.sent.at(-1)).toEqual({ type: 'balance', kind: 'MEMBER_TRIAL', currency: 'KRW', balance: '50' });
    watcher.stop();
  });

  it('does not lose a change to the open tabs when another tab of the member joins', async () => {
    const { set, watcher, tab } = setUp();
    set('7', '1000');
    const a = tab('7');
    await watcher.seed('7');
    set('7', '700');
    tab('7');
    await watcher.seed('7'); // the second tab's seed keeps 1000 as the last sent
    await watcher.tick();
    expect(a.sent).toEqual([{ type: 'balance', kind: 'MEMBER_MAIN', currency: 'KRW', balance: '700' }]);
    watcher.stop();
  });

  it('reads nothing while nobody is connected and only the connected members otherwise', async () => {
    const { set, reads, watcher, tab } = setUp();
    set('7', '1');
    set('8', '2');
    await watcher.tick();
    expect(reads).toEqual([]);
    const t = tab('8');
    await watcher.tick();
    expect(reads).toEqual([['8']]);
    t.leave();
    await watcher.tick();
    expect(reads).toEqual([['8']]);
    watcher.stop();
  });

  it('keeps going after a failed read, reporting it', async () => {
    const hub = realtimeHub();
    const errors: unknown[] = [];
    let fail = true;
    const sent: unknown[] = [];
    hub.add('7', { send: (d) => sent.push(JSON.parse(d)), close: () => undefined });
    let balance = '10';
    const watcher = balanceWatcher(
      hub,
      async () => {
        if (fail) throw new Error('connection lost');
        return [{ memberId: '7', kind: 'MEMBER_MAIN', currency: 'KRW', balance }];
      },
      (err) => errors.push(err),
      60_000,
    );
    await watcher.tick();
    expect(errors).toHaveLength(1);
    fail = false;
    await watcher.tick();
    balance = '20';
    await watcher.tick();
    expect(sent).toEqual([{ type: 'balance', kind: 'MEMBER_MAIN', currency: 'KRW', balance: '20' }]);
    watcher.stop();
  });
});
