import { inEnglish, registerByUsername } from './support/accounts.ts';
import { expect, test, type Page } from './support/test.ts';

const say = async (page: Page, text: string) => {
  await page.getByTestId('chat-room-input').fill(text);
  await page.getByTestId('chat-room-send').click();
  await expect(page.getByTestId('chat-room-input')).toHaveValue('');
};
const line = (page: Page, text: string) => page.getByTestId('chat-message').filter({ hasText: text });

test('two players see each other in the chat room live, a mention is marked for the one named, and a guest reads only', async ({
  browser,
  portalServer,
}) => {
  test.setTimeout(120_000);
  const ana = await (await browser.newContext({ baseURL: portalServer })).newPage();
  const ben = await (await browser.newContext({ baseURL: portalServer })).newPage();
  const guest = await (await browser.newContext({ baseURL: portalServer })).newPage();
  for (const p of [ana, ben, guest]) await inEnglish(p);
  const a = await registerByUsername(ana);
  const b = await registerByUsername(ben);

  // From the site's footer to the room.
  await ana.getByTestId('footer-chat-room').click();
  await expect(ana).toHaveURL(/\/chatRoom$/);
  await ben.goto('/chatRoom');
  await guest.goto('/chatRoom');
  for (const p of [ana, ben, guest]) await expect(p.getByTestId('chat-room-status')).toHaveText(/Live/);
  await expect(guest.getByTestId('chat-room-readonly')).toContainText('Sign in to chat');
  await expect(guest.getByTestId('chat-room-input')).toHaveCount(0);

  await say(ana, `Hello @${b.username} 👋 good luck tonight`);
  for (const p of [ana, ben, guest]) await expect(line(p, 'good luck tonight')).toBeVisible();
  await expect(line(ben, 'good luck tonight')).toHaveAttribute('data-mentions-me', 'true');
  await expect(line(ben, 'good luck tonight').locator('mark')).toHaveText(`@${b.username}`);
  await expect(line(guest, 'good luck tonight')).not.toHaveAttribute('data-mentions-me', 'true');

  // Markup is shown as the characters typed, and a link cannot be opened.
  const hostile = '<b>bold?</b><img src=x onerror=alert(1)> see https://evil.example.com';
  await say(ben, hostile);
  for (const p of [ana, guest]) {
    const shown = line(p, 'bold?');
    await expect(shown.getByTestId('chat-message-text')).toHaveText(
      '<b>bold?</b><img src=x onerror=alert(1)> see evil[.]example[.]com',
    );
    await expect(shown.locator('b, img, a')).toHaveCount(0);
  }
  await expect(line(ana, 'bold?')).toContainText(b.username);
  await expect(line(ben, 'good luck tonight')).toContainText(a.username);
  await ben.screenshot({ path: 'test-results/chat-room.png' });
});
