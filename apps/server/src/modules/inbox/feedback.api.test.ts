import { randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffWithRole, type StaffClient, startConsole } from '../../../test/staff-helpers.ts';
import { type TestApp } from '../../../test/test-app.ts';
import { asPlayer, newPlayer, type TestPlayer } from '../wallet/cashier.test-helpers.ts';

let t: TestApp;
let support: StaffClient;
let finance: StaffClient;
const now = () => new Date();

beforeAll(async () => {
  let owner: StaffClient;
  ({ t, owner } = await startConsole(now));
  support = await staffWithRole(t, owner, 'support', now, 'feedback-support');
  finance = await staffWithRole(t, owner, 'finance', now, 'feedback-finance');
});
afterAll(async () => t?.close());

const b64 = (b: Buffer) => b.toString('base64');
const png = async (w = 32, h = 24) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();
const counts = async () => {
  const { rows } = await sql<{ f: number; u: number; i: number }>`
    SELECT (SELECT count(*)::int FROM feedback) AS f, (SELECT count(*)::int FROM upload) AS u,
           (SELECT count(*)::int FROM feedback_image) AS i`.execute(t.database.db);
  return rows[0]!;
};
const submit = (p: TestPlayer, body: object) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/feedback',
    headers: { authorization: `Bearer ${p.token}` },
    payload: { questionType: 'DEPOSIT', content: 'My deposit has not arrived yet', requestId: randomUUID(), ...body },
  });

describe('sending feedback', () => {
  it('keeps the feedback with its images re-encoded, metadata gone, served at a signed address', async () => {
    const p = await newPlayer(t);
    const tagged = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-location-37.5665N' } })
      .toBuffer();
    expect(tagged.includes(Buffer.from('secret-location'))).toBe(true);
    const res = await submit(p, { images: [b64(await png()), b64(tagged)] });
    expect(res.statusCode, res.body).toBe(200);
    const fb = res.json().value;
    expect(fb).toMatchObject({ questionType: 'DEPOSIT', status: 'OPEN', reply: null });
    expect(fb.images.map((i: { width: number }) => i.width)).toEqual([32, 40]);

    const image = await t.app.inject({ method: 'GET', url: fb.images[1].url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.includes(Buffer.from('secret-location'))).toBe(false);
    expect((await sharp(image.rawPayload).metadata()).exif).toBeUndefined();
    // A forged or altered address shows nothing.
    const forgedUrl = fb.images[1].url.replace(/sig=(.)/, (_: string, c: string) => `sig=${c === '0' ? '1' : '0'}`);
    expect(forgedUrl).not.toBe(fb.images[1].url);
    const forged = await t.app.inject({ method: 'GET', url: forgedUrl });
    expect(forged.statusCode).toBe(404);

    const mine = (await asPlayer(t, p).get('/api/feedback')).json().value;
    expect(mine.items.map((f: { id: string }) => f.id)).toEqual([fb.id]);
    expect(mine.rules).toMatchObject({ maxChars: 140, maxImages: 3, maxImageBytes: 5 * 1024 * 1024 });
  });

  it('answers a repeated submission with the first feedback, not a second one', async () => {
    const p = await newPlayer(t);
    const requestId = randomUUID();
    const first = await submit(p, { requestId });
    const again = await submit(p, { requestId, content: 'Something else entirely here' });
    expect(again.json().value.id).toBe(first.json().value.id);
    expect((await asPlayer(t, p).get('/api/feedback')).json().value.items).toHaveLength(1);
  });

  it('keeps one feedback when the same submission arrives several times at once', async () => {
    const p = await newPlayer(t);
    const requestId = randomUUID();
    const image = b64(await png());
    const answers = await Promise.all([1, 2, 3].map(() => submit(p, { requestId, images: [image] })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().value.id)).size).toBe(1);
    const { rows } = await sql<{ n: number; u: number }>`
      SELECT count(*)::int AS n, (SELECT count(*)::int FROM feedback_image fi JOIN feedback f ON f.id = fi.feedback_id
                                  WHERE f.member_id = ${p.memberId}) AS u
        FROM feedback WHERE member_id = ${p.memberId}`.execute(t.database.db);
    expect(rows[0]).toEqual({ n: 1, u: 1 });
  });

  it('refuses a fourth image and stores nothing', async () => {
    const p = await newPlayer(t);
    const before = await counts();
    const one = b64(await png());
    const res = await submit(p, { images: [one, one, one, one] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'UPLOAD_TOO_MANY', field: 'body.images' });
    expect(await counts()).toEqual(before);
  });

  it('refuses an image above 5 MB and stores nothing', async () => {
    const p = await newPlayer(t);
    const noise = await sharp(randomBytes(1450 * 1450 * 3), { raw: { width: 1450, height: 1450, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(6 * 1024 * 1024);
    const before = await counts();
    const res = await submit(p, { images: [b64(await png()), b64(noise)] });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', field: 'body.images.1' });
    expect(await counts()).toEqual(before);
  });

  it('refuses a renamed program and a file that only starts like a png, by their content', async () => {
    const p = await newPlayer(t);
    const before = await counts();
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), randomBytes(2048)]);
    const fakePng = Buffer.concat([(await png()).subarray(0, 16), randomBytes(512)]);
    for (const bad of [elf, fakePng]) {
      const res = await submit(p, { images: [b64(bad)] });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ code: 'UPLOAD_NOT_IMAGE', field: 'body.images.0' });
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses content beyond 140 characters or outside the configured word bounds', async () => {
    const p = await newPlayer(t);
    const before = await counts();
    const long = await submit(p, { content: 'word '.repeat(40).trim() + 'x'.repeat(10) });
    expect(long.json()).toMatchObject({ code: 'FEEDBACK_TOO_LONG', field: 'body.content' });
    const short = await submit(p, { content: 'Help' });
    expect(short.json()).toMatchObject({ code: 'FEEDBACK_TOO_SHORT', field: 'body.content' });
    expect(await counts()).toEqual(before);
  });

  it('is for signed-in real members only', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/feedback',
      payload: { questionType: 'GAME', content: 'A game froze on me', requestId: randomUUID() },
    });
    expect(res.json().code).toBe('NOT_LOGGED_IN');
  });
});

describe('answering feedback', () => {
  it('lets support reply and close, tells the player in the inbox, audits both, and refuses finance', async () => {
    const p = await newPlayer(t);
    const fb = (await submit(p, { questionType: 'WITHDRAWAL', content: 'Where is my withdrawal today' })).json().value;
    const post = (by: StaffClient, url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: by.headers, payload });
    expect((await post(finance, '/api/bo/feedback/reply', { id: fb.id, reply: 'x' })).statusCode).toBe(403);

    const queue = await t.app.inject({ method: 'GET', url: '/api/bo/feedback?status=OPEN', headers: support.headers });
    expect(queue.json().value.content.find((f: { id: string }) => f.id === fb.id)).toMatchObject({
      memberAccount: p.account,
    });
    const replied = await post(support, '/api/bo/feedback/reply', { id: fb.id, reply: 'It was paid at 10:00.' });
    expect(replied.json().value).toMatchObject({ status: 'REPLIED', reply: 'It was paid at 10:00.' });
    const mine = (await asPlayer(t, p).get('/api/feedback')).json().value.items[0];
    expect(mine).toMatchObject({ status: 'REPLIED', reply: 'It was paid at 10:00.' });
    const inbox = (await asPlayer(t, p).get('/api/inbox/messages')).json().value;
    expect(inbox.content[0]).toMatchObject({ kind: 'FEEDBACK_REPLIED', read: false });

    const closed = await post(support, '/api/bo/feedback/close', { id: fb.id });
    expect(closed.json().value.status).toBe('CLOSED');
    const trail = await t.database.db
      .selectFrom('staffAudit')
      .select('action')
      .where('target', '=', `feedback:${fb.id}`)
      .orderBy('id')
      .execute();
    expect(trail.map((r) => r.action)).toEqual(['feedback.reply', 'feedback.close']);
    const missing = await post(support, '/api/bo/feedback/close', { id: '999999999' });
    expect(missing.json().code).toBe('FEEDBACK_NOT_FOUND');
  });
});
