import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext } from './browser';
import { ARTIFACTS, acceptAgeVerification, newPlayer, ops, register, visible, WAIT } from './journey';
import { liveStack } from './server';

const live = liveStack();

async function openGame(page: Page): Promise<void> {
  await page.goto('/game');
  await acceptAgeVerification(page);
  await visible(page.getByRole('navigation', { name: 'Shortcuts' }));
}

const loginButton = (page: Page) => page.getByRole('link', { name: 'LOGIN', exact: true });

async function login(page: Page, player: ReturnType<typeof newPlayer>): Promise<void> {
  await page.goto('/login');
  await acceptAgeVerification(page);
  await page.getByLabel('Username or mobile number', { exact: true }).fill(player.username);
  await page.getByLabel('Password', { exact: true }).fill(player.password);
  await page.locator('form').getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL('**/game', { timeout: WAIT });
}

const headerAccount = (page: Page, username: string) =>
  page.getByRole('banner').getByRole('link', { name: new RegExp(username) });

describe('account journeys', () => {
  it('a visitor opening vip gets the login dialog and stays on game', async () => {
    const context = await newContext(live.browser, live.server.url);
    const page = await context.newPage();
    try {
      await openGame(page);
      await visible(loginButton(page));
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Vip' }).click();
      await visible(page.getByRole('dialog').getByText('Please login first to view'));
      expect(new URL(page.url()).pathname).toBe('/game');
    } finally {
      await context.close();
    }
  });

  it('a new player registers, changes theme and language, and logs out', async () => {
    const context = await newContext(live.browser, live.server.url);
    const page = await context.newPage();
    const player = newPlayer();
    mkdirSync(ARTIFACTS, { recursive: true });
    try {
      await register(page, player);
      const account = headerAccount(page, player.username);
      await visible(account);
      await visible(account.getByText(player.username, { exact: true }));
      await visible(page.getByTestId('header-balance').getByText('0.00'));
      expect(await page.getByTestId('header-balance').innerText()).toContain('0.00');
      await page.screenshot({ path: join(ARTIFACTS, 'game-light-390x844.png') });

      await page.goto('/profile?action=settings');
      const settings = page.getByRole('dialog', { name: 'Settings' });
      await visible(settings);
      await settings.locator('label').filter({ hasText: 'Dark' }).click();
      await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark', undefined, {
        timeout: WAIT,
      });
      await settings.locator('label').filter({ hasText: 'Tiếng Việt' }).click();
      await page.waitForFunction(() => document.documentElement.lang.startsWith('vi'), undefined, { timeout: WAIT });
      await visible(page.getByRole('dialog').getByText('Ngôn ngữ'));
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');

      await page.goto('/game');
      await visible(page.getByRole('navigation').first());
      await visible(headerAccount(page, player.username));
      await page.screenshot({ path: join(ARTIFACTS, 'game-dark-390x844.png') });

      // back to English for the logout labels; the theme stays dark
      await page.goto('/profile?action=settings');
      await page.getByRole('dialog').locator('label').filter({ hasText: 'English' }).click();
      await page.waitForFunction(() => document.documentElement.lang.startsWith('en'), undefined, { timeout: WAIT });
      await page.keyboard.press('Escape');
      await page.goto('/profile');
      await page.getByRole('button', { name: 'Log out', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Log out' });
      await visible(confirm);
      await confirm.getByRole('button', { name: 'Log out', exact: true }).click();
      await page.waitForURL('**/login', { timeout: WAIT });
      expect(new URL(page.url()).pathname).toBe('/login');
    } finally {
      await context.close();
    }
  });

  it('a second login elsewhere ends the first session, and the first device says so at once', {
    timeout: 150_000,
  }, async () => {
    const first = await newContext(live.browser, live.server.url);
    const second = await newContext(live.browser, live.server.url);
    const player = newPlayer();
    try {
      const page1 = await first.newPage();
      await register(page1, player);
      await visible(headerAccount(page1, player.username));

      // the first page hears session.ended on its socket, without any call of its own: the notice of
      // code 20002 (watched from now on: on game the page reloads 1.5 s after it shows), user data
      // cleared, logged out on game
      mkdirSync(ARTIFACTS, { recursive: true });
      const notice = visible(
        page1.getByText('Your account was just signed in on another device, so you were logged out here.', {
          exact: false,
        }),
        30_000,
      ).then(() => page1.screenshot({ path: join(ARTIFACTS, 'session-ended-390x844.png') }));
      const page2 = await second.newPage();
      await login(page2, player);
      await visible(headerAccount(page2, player.username));
      await notice;
      await visible(loginButton(page1));
      expect(new URL(page1.url()).pathname).toBe('/game');
      expect(await headerAccount(page1, player.username).count()).toBe(0);
      // and a reload keeps it logged out (the cookie's session is gone). The page reloads itself 1.5 s
      // after the notice: when that reload lands during ours, ours is aborted and theirs is the reload.
      await page1.reload().catch(async (error: unknown) => {
        if (!String(error).includes('ERR_ABORTED')) throw error;
        await page1.waitForLoadState('load');
      });
      await visible(loginButton(page1), 20_000);
      expect(await headerAccount(page1, player.username).count()).toBe(0);
      // the second session is still alive
      await page2.reload();
      await visible(headerAccount(page2, player.username));
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('a player whose session ended while the tab was closed logs in again from /login and sees the lobby', {
    timeout: 120_000,
  }, async () => {
    const context = await newContext(live.browser, live.server.url);
    const player = newPlayer();
    try {
      const page = await context.newPage();
      await register(page, player);
      const menu = page.getByRole('tablist', { name: 'Game categories' });
      await visible(menu);
      await page.close();
      // the session ends while no tab is open (an operator, an idle expiry: the same for the cookie)
      const found = await ops<{ uid: number; username: string }[]>(
        live.server.url,
        'GET',
        `/ops/users?q=${player.username}`,
      );
      await ops(live.server.url, 'POST', `/ops/users/${found[0]?.uid}/sessions/revoke`, {});
      const again = await context.newPage();
      await again.goto('/login');
      await acceptAgeVerification(again);
      // the stored login is refused: logged out on the lobby, which shows the visitor's games, not an empty one
      await again.waitForURL('**/game', { timeout: WAIT });
      await visible(again.getByRole('tablist', { name: 'Game categories' }));
      await again.goto('/login');
      await again.getByLabel('Username or mobile number', { exact: true }).fill(player.username);
      await again.getByLabel('Password', { exact: true }).fill(player.password);
      await again.locator('form').getByRole('button', { name: 'Log in', exact: true }).click();
      await again.waitForURL('**/game', { timeout: WAIT });
      // the lobby loads its games after the login, without a reload (issue 29: it once showed "No games to
      // show yet" until a reload): the categories and the tiles themselves, and the login's ledger is whole
      await visible(again.getByRole('tablist', { name: 'Game categories' }));
      await visible(again.locator('.game-tile', { hasText: 'Fiesta Reels' }));
      expect(await again.getByText('No games to show yet').count()).toBe(0);
      const check = await ops<{ whole: boolean }>(live.server.url, 'GET', '/ops/ledger/check');
      expect(check.whole).toBe(true);
      await again.screenshot({ path: join(ARTIFACTS, 'lobby-after-relogin-en-390x844.png') });
    } finally {
      await context.close();
    }
  });
});
