/**
 * Screenshots for looking at what we build: `node --import tsx scripts/screenshot.ts [options] PATH...`
 *   --base http://127.0.0.1:8080  --out /tmp/shots  --login demo01:Demo1234
 *   --widths 1440,390  --themes dark,light  --langs ko,en  --wait 800
 * Signs in through the API (solving the bot check here) when --login is given, then visits each path
 * in every combination and writes PNGs named path-width-theme-lang.png. A path `launch:{gameCode}`
 * (or `launch:{gameCode}:DEMO`) launches that game for the signed-in player and shoots its client.
 */
import { mkdir } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { solveChallenge } from 'altcha-lib/v1';

interface Challenge {
  algorithm: string;
  challenge: string;
  salt: string;
  signature: string;
  maxnumber: number;
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    base: { type: 'string', default: 'http://127.0.0.1:8080' },
    out: { type: 'string', default: '/tmp/shots' },
    login: { type: 'string' },
    widths: { type: 'string', default: '1440,390' },
    themes: { type: 'string', default: 'dark,light' },
    langs: { type: 'string', default: 'ko,en' },
    wait: { type: 'string', default: '800' },
  },
});

async function signIn(base: string, credentials: string): Promise<string> {
  const [username, password] = credentials.split(':');
  const c = ((await (await fetch(`${base}/api/auth/bot-challenge`)).json()) as { value: Challenge }).value;
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  const bot = Buffer.from(
    JSON.stringify({
      algorithm: c.algorithm,
      challenge: c.challenge,
      number: solution?.number,
      salt: c.salt,
      signature: c.signature,
    }),
  ).toString('base64');
  const res = await fetch(`${base}/api/auth/login-v2`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'username', username, password, bot }),
  });
  const body = (await res.json()) as { success: boolean; value?: { token: string } };
  if (!body.success || !body.value) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.value.token;
}

/** `launch:{gameCode}[:DEMO]` → the game client's address, through the operator's launchGame. */
async function launchUrl(spec: string, token: string | null): Promise<string> {
  const [, gameCode, mode = 'REAL'] = spec.split(':');
  if (!token) throw new Error('launch: needs --login');
  const list = (await (await fetch(`${values.base}/api/games?pageSize=60`)).json()) as {
    value: { content: { nodeId: number; gameCode: string }[] };
  };
  const game = list.value.content.find((g) => g.gameCode === gameCode);
  if (!game) throw new Error(`no game ${gameCode}`);
  const res = (await (
    await fetch(`${values.base}/api/games/launch?nodeId=${game.nodeId}&mode=${mode}`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as { value: { url: string } };
  return res.value.url;
}

const base = values.base;
await mkdir(values.out, { recursive: true });
const token = values.login ? await signIn(base, values.login) : null;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
for (const width of values.widths.split(',').map(Number)) {
  for (const theme of values.themes.split(',')) {
    for (const lang of values.langs.split(',')) {
      const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 } });
      await context.addInitScript(
        ([t, l, tok]) => {
          window.localStorage.setItem('portal.theme', t);
          window.localStorage.setItem('portal.lang', l);
          if (tok) window.sessionStorage.setItem('portal.token', tok);
        },
        [theme, lang, token ?? ''] as const,
      );
      const page = await context.newPage();
      for (const path of positionals.length ? positionals : ['/']) {
        await page.goto(base + (path.startsWith('launch:') ? await launchUrl(path, token) : path), {
          waitUntil: 'networkidle',
        });
        await page.waitForTimeout(Number(values.wait));
        const slug = path.replace(/[^a-zA-Z0-9]+/g, '_').replace(/^_|_$/g, '') || 'home';
        const file = `${values.out}/${slug}-${width}-${theme}-${lang}.png`;
        await page.screenshot({ path: file });
        console.log(file);
      }
      await context.close();
    }
  }
}
await browser.close();
