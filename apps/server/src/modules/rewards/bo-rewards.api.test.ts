import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedgerAfterEach } from '../../../test/ledger-check.ts';
import { auditTrail, staffGet, staffPost, startConsole, type StaffClient } from '../../../test/staff-helpers.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { openTestSocket } from '../../../test/test-socket.ts';
import { asPlayer, newPlayer, requestId, type TestPlayer } from '../wallet/cashier.test-helpers.ts';
import { verifyLedger } from '../wallet/ledger-verify.repository.ts';

let t: TestApp;
let content: StaffClient;
let support: StaffClient;
let finance: StaffClient;
const now = () => new Date();

beforeAll(async () => {
  ({ t, content, support, finance } = await startConsole(now, ['content', 'support', 'finance']));
});
afterAll(async () => t?.close());
verifyLedgerAfterEach(() => t?.database.db);

const b64 = (b: Buffer) => b.toString('base64');
const png = () =>
  sharp({ create: { width: 32, height: 24, channels: 3, background: { r: 20, g: 140, b: 90 } } })
    .png()
    .toBuffer();
const counts = async () => {
  const { rows } = await sql<{ c: number; u: number }>`
    SELECT (SELECT count(*)::int FROM promotion_claim) AS c, (SELECT count(*)::int FROM upload) AS u`.execute(
    t.database.db,
  );
  return rows[0]!;
};
const rules = { wageringMultiple: 2, wageringBase: 'BONUS', gameWeights: { RNG: 100 }, validDays: 7 };
let n = 0;
const promotionBody = (over: Record<string, unknown> = {}) => ({
  code: `BO_${Date.now().toString(36).toUpperCase()}_${n++}`,
  kind: 'APPLY',
  claimMode: 'APPLY',
  texts: {
    en: { title: 'Share a win', summary: 'Send a screenshot', content: '<p>Hi<script>alert(1)</script></p>' },
    ko: { title: '빅윈 인증', summary: '캡처를 보내세요', content: '<p>안녕</p>' },
  },
  startsAt: null,
  endsAt: null,
  enabled: true,
  sort: 5,
  rules: { ...rules, amount: '30000' },
  newMemberDays: null,
  memberTypes: null,
  agentAccount: null,
  ...over,
});
const save = (who: StaffClient, body: object) => staffPost(t, who, '/api/bo/promotions/save', body);
const apply = (p: TestPlayer, body: object) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/rewards/promotions/apply',
    headers: { authorization: `Bearer ${p.token}` },
    payload: { comment: 'My big win on the gems slot', images: [], requestId: requestId(), ...body },
  });

describe('the promotion set-up screen', () => {
  it('lets content staff create and edit a promotion, sanitizing its text and auditing both', async () => {
    const res = await save(content, promotionBody());
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json().value;
    expect(created).toMatchObject({ kind: 'APPLY', state: 'RUNNING', claims: 0 });
    expect(created.texts.en.content).toBe('<p>Hi</p>');

    const edited = await save(content, {
      ...promotionBody({ code: created.code, startsAt: new Date(Date.now() + 86_400_000).toISOString() }),
      id: created.id,
    });
    expect(edited.json().value).toMatchObject({ id: created.id, state: 'SCHEDULED' });
    expect((await auditTrail(t, `promotion:${created.id}`)).map((a) => a.action)).toEqual([
      'promotion.create',
      'promotion.update',
    ]);
    const list = await staffGet(t, support, '/api/bo/promotions');
    expect(list.json().value.items.some((p: { id: string }) => p.id === created.id)).toBe(true);

    const p = await newPlayer(t);
    const states = await asPlayer(t, p).get('/api/rewards/promotions/states');
    expect(states.json().value.items.find((s: { promotionId: string }) => s.promotionId === created.id)).toMatchObject({
      status: 'COMING_SOON',
    });
  });

  it('refuses rules that do not fit the kind, a taken code, and staff without the permission', async () => {
    const bad = await save(content, promotionBody({ kind: 'DEPOSIT_MATCH', claimMode: 'CLAIM', rules }));
    expect(bad.json()).toMatchObject({ code: 'PROMOTION_RULES_INVALID', field: 'body.rules' });
    const mode = await save(content, promotionBody({ kind: 'NEW_MEMBER', claimMode: 'APPLY' }));
    expect(mode.json().code).toBe('PROMOTION_RULES_INVALID');
    const taken = await save(content, promotionBody({ code: 'WELCOME' }));
    expect(taken.json()).toMatchObject({ code: 'PROMOTION_CODE_TAKEN', field: 'body.code' });
    const forbidden = await save(finance, promotionBody());
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('STAFF_FORBIDDEN');
  });
});

describe('an application to an activity', () => {
  let promotionId: string;
  beforeAll(async () => {
    promotionId = (await save(content, promotionBody())).json().value.id;
  });

  it('refuses a renamed program, a 6 MB image, a fourth image and a long comment, and stores nothing', async () => {
    const p = await newPlayer(t);
    const before = await counts();
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), randomBytes(2048)]);
    const renamed = await apply(p, { promotionId, images: [b64(await png()), b64(elf)] });
    expect(renamed.json()).toMatchObject({ code: 'UPLOAD_NOT_IMAGE', field: 'body.images.1' });
    const noise = await sharp(randomBytes(1450 * 1450 * 3), { raw: { width: 1450, height: 1450, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const big = await apply(p, { promotionId, images: [b64(noise)] });
    expect(big.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', field: 'body.images.0' });
    const image = b64(await png());
    const four = await apply(p, { promotionId, images: [image, image, image, image] });
    expect(four.json()).toMatchObject({ code: 'UPLOAD_TOO_MANY' });
    const long = await apply(p, { promotionId, comment: 'x'.repeat(141) });
    expect(long.json()).toMatchObject({ code: 'APPLICATION_COMMENT_TOO_LONG', field: 'body.comment' });
    expect(await counts()).toEqual(before);
  });

  it('waits for staff with two images; approval issues the reward once, even when approved concurrently', async () => {
    const p = await newPlayer(t);
    const image = b64(await png());
    const sent = await apply(p, { promotionId, images: [image, image] });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().value).toMatchObject({ status: 'APPLYING', bonus: null });
    const again = await apply(p, { promotionId });
    expect(again.json().code).toBe('PROMOTION_ALREADY_CLAIMED');
    const states = await asPlayer(t, p).get('/api/rewards/promotions/states');
    expect(states.json().value.items.find((s: { promotionId: string }) => s.promotionId === promotionId)).toMatchObject(
      { status: 'APPLYING' },
    );

    const queue = await staffGet(t, support, '/api/bo/promotions/applications?status=APPLYING');
    const mine = queue.json().value.content.find((a: { memberAccount: string }) => a.memberAccount === p.account);
    expect(mine.images).toHaveLength(2);
    const img = await t.app.inject({ url: mine.images[0].url });
    expect(img.headers['content-type']).toBe('image/png');

    const decisions = await Promise.all(
      Array.from({ length: 6 }, () =>
        staffPost(t, support, '/api/bo/promotions/applications/review', { id: mine.id, decision: 'APPROVE' }),
      ),
    );
    expect(decisions.filter((d) => d.statusCode === 200)).toHaveLength(1);
    expect(decisions.filter((d) => d.statusCode !== 200).map((d) => d.json().code)).toEqual(
      Array(5).fill('APPLICATION_NOT_PENDING'),
    );
    const bonuses = (await asPlayer(t, p).get('/api/rewards/bonuses')).json().value;
    expect(bonuses.bonusBalance).toBe('30000');
    expect(bonuses.items).toHaveLength(1);
    expect(await verifyLedger(t.database.db)).toEqual([]);
  });

  it('rejected with a reason, tells the member why and pays nothing', async () => {
    const p = await newPlayer(t);
    const id = (await apply(p, { promotionId })).json().value.claimId;
    const noReason = await staffPost(t, support, '/api/bo/promotions/applications/review', {
      id,
      decision: 'REJECT',
    });
    expect(noReason.json().code).toBe('VALIDATION_FAILED');
    const res = await staffPost(t, support, '/api/bo/promotions/applications/review', {
      id,
      decision: 'REJECT',
      reason: 'The screenshot is not from this site',
    });
    expect(res.json().value).toMatchObject({
      status: 'REJECTED',
      rejectReason: 'The screenshot is not from this site',
    });
    const states = await asPlayer(t, p).get('/api/rewards/promotions/states');
    expect(states.json().value.items.find((s: { promotionId: string }) => s.promotionId === promotionId)).toMatchObject(
      { status: 'REJECTED', rejectReason: 'The screenshot is not from this site' },
    );
    expect((await asPlayer(t, p).get('/api/rewards/bonuses')).json().value.bonusBalance).toBe('0');
    const inbox = await sql<{ kind: string }>`
      SELECT kind FROM inbox_message WHERE member_id = ${p.memberId}`.execute(t.database.db);
    expect(inbox.rows.map((r) => r.kind)).toEqual(['APPLICATION_REJECTED']);
    expect(
      (await staffPost(t, content, '/api/bo/promotions/applications/review', { id, decision: 'APPROVE' })).statusCode,
    ).toBe(403);
  });
});

describe('cancelling a bonus', () => {
  it('lets finance staff cancel an active bonus with a reason, once', async () => {
    const p = await newPlayer(t);
    const welcome = (
      await sql<{ id: string }>`SELECT id::text FROM promotion WHERE code = 'WELCOME'`.execute(t.database.db)
    ).rows[0]!.id;
    const b = (
      await asPlayer(t, p).post('/api/rewards/promotions/claim', { promotionId: welcome, requestId: requestId() })
    ).json().value.bonus;
    const res = await staffPost(t, finance, '/api/bo/bonuses/cancel', { id: b.id, reason: 'Duplicate account' });
    expect(res.json().value).toEqual({ id: b.id, status: 'FORFEITED' });
    const again = await staffPost(t, finance, '/api/bo/bonuses/cancel', { id: b.id, reason: 'again' });
    expect(again.json().code).toBe('BONUS_NOT_ACTIVE');
    expect((await auditTrail(t, `member_bonus:${b.id}`)).map((a) => a.action)).toEqual(['bonus.cancel']);
    expect((await staffPost(t, support, '/api/bo/bonuses/cancel', { id: b.id, reason: 'x' })).statusCode).toBe(403);
  });
});

describe('granting a bonus', () => {
  const grant = (who: StaffClient, body: Record<string, unknown>) =>
    staffPost(t, who, '/api/bo/bonuses/grant', {
      amount: '25000',
      wageringMultiple: 3,
      reason: 'Sorry for the outage on Tuesday',
      requestId: requestId(),
      ...body,
    });
  const bonusRows = async (memberId: string) =>
    (
      await sql<{ n: number }>`SELECT count(*)::int AS n FROM member_bonus WHERE member_id = ${memberId}`.execute(
        t.database.db,
      )
    ).rows[0]!.n;

  it('lets finance staff grant a bonus with its wagering and a reason the member reads, audited', async () => {
    const p = await newPlayer(t);
    const res = await grant(finance, { memberId: p.memberId });
    expect(res.statusCode, res.body).toBe(200);
    const b = res.json().value;
    expect(b).toMatchObject({
      source: 'STAFF',
      amount: '25000',
      wageringRequired: '75000',
      wagered: '0',
      status: 'ACTIVE',
      grantReason: 'Sorry for the outage on Tuesday',
      grantedBy: 'finance',
    });
    const mine = (await asPlayer(t, p).get('/api/rewards/bonuses')).json().value;
    expect(mine.bonusBalance).toBe('25000');
    expect(mine.items[0]).toMatchObject({ id: b.id, title: 'Sorry for the outage on Tuesday', status: 'ACTIVE' });
    const listed = (await staffGet(t, finance, `/api/bo/bonuses?memberId=${p.memberId}`)).json().value;
    expect(listed).toMatchObject({ bonusBalance: '25000', currency: 'KRW' });
    expect(listed.items.map((x: { id: string }) => x.id)).toEqual([b.id]);
    const audit = await auditTrail(t, `member_bonus:${b.id}`);
    expect(audit.map((a) => a.action)).toEqual(['bonus.grant']);
    expect(audit[0]!.after).toMatchObject({
      amount: '25000',
      wageringMultiple: 3,
      reason: 'Sorry for the outage on Tuesday',
    });
  });

  it('grants once for concurrent clicks with one request id, and refuses that id for another grant', async () => {
    const p = await newPlayer(t);
    const id = requestId();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => grant(finance, { memberId: p.memberId, requestId: id })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(results.map((r) => r.json().value.id)).size).toBe(1);
    expect(await bonusRows(p.memberId)).toBe(1);
    expect((await asPlayer(t, p).get('/api/rewards/bonuses')).json().value.bonusBalance).toBe('25000');
    const other = await grant(finance, { memberId: p.memberId, requestId: id, amount: '99000' });
    expect(other.json().code).toBe('IDEMPOTENCY_CONFLICT');
    expect(await bonusRows(p.memberId)).toBe(1);
  });

  it('refuses a grant without permission, to a trial account, to no member or with bad input, changing nothing', async () => {
    const p = await newPlayer(t);
    const trial = await newPlayer(t, { type: 4 });
    expect((await grant(support, { memberId: p.memberId })).statusCode).toBe(403);
    expect((await grant(content, { memberId: p.memberId })).statusCode).toBe(403);
    expect((await grant(finance, { memberId: trial.memberId })).json().code).toBe('TRIAL_NOT_ALLOWED');
    expect((await grant(finance, { memberId: '999999999' })).json().code).toBe('MEMBER_NOT_FOUND');
    for (const bad of [
      { amount: '0' },
      { amount: '-5' },
      { amount: '1.5' },
      { wageringMultiple: 101 },
      { reason: '  ' },
    ]) {
      const res = await grant(finance, { memberId: p.memberId, ...bad });
      expect(res.json().code, JSON.stringify(bad)).toBe('VALIDATION_FAILED');
    }
    expect(await bonusRows(p.memberId)).toBe(0);
    expect(await bonusRows(trial.memberId)).toBe(0);
  });

  it('releases a granted bonus without turnover to the main wallet at once', async () => {
    const p = await newPlayer(t);
    const b = (await grant(finance, { memberId: p.memberId, amount: '7000', wageringMultiple: 0 })).json().value;
    expect(b).toMatchObject({ status: 'RELEASED', wageringRequired: '0' });
    expect((await asPlayer(t, p).get('/api/rewards/bonuses')).json().value.bonusBalance).toBe('0');
    expect(
      (
        await sql<{ balance: string }>`
      SELECT balance::text FROM ledger_account WHERE member_id = ${p.memberId} AND kind = 'MEMBER_MAIN'`.execute(
          t.database.db,
        )
      ).rows[0]!.balance,
    ).toBe('7000');
  });

  it('refuses to cancel a bonus already released or already cancelled, and cancels once under concurrent clicks', async () => {
    const p = await newPlayer(t);
    const released = (await grant(finance, { memberId: p.memberId, amount: '5000', wageringMultiple: 0 })).json().value;
    const cancel = (id: string, reason = 'Bonus abuse') =>
      staffPost(t, finance, '/api/bo/bonuses/cancel', { id, reason });
    expect((await cancel(released.id)).json().code).toBe('BONUS_NOT_ACTIVE');
    const active = (await grant(finance, { memberId: p.memberId })).json().value;
    const results = await Promise.all(Array.from({ length: 6 }, () => cancel(active.id)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.json().code === 'BONUS_NOT_ACTIVE')).toHaveLength(5);
    expect((await cancel(active.id)).json().code).toBe('BONUS_NOT_ACTIVE');
    expect((await auditTrail(t, `member_bonus:${active.id}`)).map((a) => a.action)).toEqual([
      'bonus.grant',
      'bonus.cancel',
    ]);
    const listed = (await staffGet(t, finance, `/api/bo/bonuses?memberId=${p.memberId}`)).json().value;
    expect(listed.bonusBalance).toBe('0');
    expect(listed.items.find((x: { id: string }) => x.id === active.id)).toMatchObject({
      status: 'FORFEITED',
      endReason: 'Bonus abuse',
    });
    expect((await cancel('999999999')).json().code).toBe('BONUS_NOT_FOUND');
    expect((await cancel(active.id, '')).json().code).toBe('VALIDATION_FAILED');
  });
});

describe("the reward centre's live event", () => {
  let wsUrl = '';
  beforeAll(async () => {
    wsUrl = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws') + '/ws';
  });
  const connect = (p: TestPlayer) => {
    const tab = openTestSocket(wsUrl, { first: { type: 'auth', token: p.token }, timeoutMs: 15_000 });
    /** The next `rewards` event after what the tab has seen so far. */
    const next = () => {
      const seen = tab.messages.length;
      return tab.waitFor((m) => m.type === 'rewards' && tab.messages.indexOf(m) >= seen);
    };
    return { tab, next };
  };
  const rewardEvents = (tab: { messages: { type?: unknown }[] }) => tab.messages.filter((m) => m.type === 'rewards');

  it('tells the member at once when staff grant or cancel a bonus and when an application is reviewed, and no one else', async () => {
    const p = await newPlayer(t);
    const other = await newPlayer(t);
    const mine = connect(p);
    const theirs = connect(other);
    await mine.tab.waitFor((m) => m.type === 'ready');
    await theirs.tab.waitFor((m) => m.type === 'ready');

    let event = mine.next();
    const granted = await staffPost(t, finance, '/api/bo/bonuses/grant', {
      memberId: p.memberId,
      amount: '10000',
      wageringMultiple: 1,
      reason: 'Welcome back',
      requestId: requestId(),
    });
    expect(granted.statusCode, granted.body).toBe(200);
    await event;
    event = mine.next();
    await staffPost(t, finance, '/api/bo/bonuses/cancel', { id: granted.json().value.id, reason: 'Wrong member' });
    await event;

    event = mine.next();
    const id = (await save(content, promotionBody())).json().value.id as string;
    await event; // a promotion saved by staff: every member's list may have changed
    const applied = await apply(p, { promotionId: id });
    expect(applied.statusCode, applied.body).toBe(200);
    event = mine.next();
    await staffPost(t, support, '/api/bo/promotions/applications/review', {
      id: applied.json().value.claimId,
      decision: 'REJECT',
      reason: 'Not from this site',
    });
    await event;
    // The other member heard only the site-wide promotion change, nothing personal of p's.
    expect(rewardEvents(theirs.tab)).toHaveLength(1);
    mine.tab.ws.close();
    theirs.tab.ws.close();
  });

  it('tells the member when a sign-in elsewhere completes a sign-in mission', async () => {
    const p = await newPlayer(t);
    const { tab, next } = connect(p);
    await tab.waitFor((m) => m.type === 'ready');
    const event = next();
    await t.services.sessions.create(p.memberId, { ip: '203.0.113.9', userAgent: 'another device' });
    await event;
    tab.ws.close();
  });
});
