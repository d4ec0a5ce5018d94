import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app';
import { testConfig } from '../../server/src/config';
import { hashed, signUpCode, TestClient } from '../../server/src/test/helpers';
import { bet, deposit, gameSession } from '../../server/src/test/play';
import { Code } from '../../shared/codes';
import { launchBrowser, VIEWPORT } from './browser';

const ARTIFACTS = join(import.meta.dirname, 'artifacts');
const WAIT = 15_000;

let app: FastifyInstance;
let url: string;
let dbFile: string;
let browser: Browser;

/** The whole server on a random port with a fresh database file; the test keeps the app to set up data. */
beforeAll(async () => {
  dbFile = join(tmpdir(), `casino-e2e-vip-${process.pid}-${Date.now()}.db`);
  app = await buildApp({ config: testConfig({ dbFile }), serveClient: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  url = `http://127.0.0.1:${address.port}`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${dbFile}${suffix}`, { force: true });
});

const visible = (locator: Locator, timeout = WAIT) => locator.first().waitFor({ state: 'visible', timeout });

let serial = 0;
function newPlayer() {
  serial += 1;
  const n = `${Date.now()}${serial}`.slice(-8);
  return { username: `vip${n}`, password: 'Secret123', phone: `9${`${serial}${n}`.slice(-9)}` };
}

/** Registers through the API (as a referral when given a code); returns its logged-in API client. */
async function apiPlayer(inviteCode?: string) {
  const player = newPlayer();
  const client = new TestClient(app);
  const answer = await client.post<{ uid: number; invitationCode: string }>('/api/user/custom/register', {
    username: player.username,
    password: hashed(player.password),
    phone: player.phone,
    agree: true,
    smsCode: await signUpCode(app, player.phone, client),
    ...(inviteCode ? { inviteCode } : {}),
  });
  if (!answer.body.success) throw new Error(JSON.stringify(answer.body));
  return { ...player, client, uid: answer.body.data.uid, invitationCode: answer.body.data.invitationCode };
}

/** A phone-sized context in a language and theme, the age check already accepted (as on an earlier visit). */
async function context(language: 'en-US' | 'vi-VN' = 'en-US', theme: 'light' | 'dark' = 'light') {
  const ctx = await browser.newContext({ baseURL: url, viewport: VIEWPORT, locale: language });
  await ctx.addInitScript(
    ([lang, th]) => {
      const item = (value: string) => JSON.stringify({ value, expire: null });
      localStorage.setItem('CASINO_PH_I18N', item(lang as string));
      localStorage.setItem('CASINO_PH_THEME', item(th as string));
      localStorage.setItem('CASINO_PH_AGEVERIFIED', JSON.stringify({ value: true, expire: Date.now() + 86_400_000 }));
    },
    [language, theme],
  );
  return ctx;
}

async function login(page: Page, player: { username: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.locator('input[autocomplete="username"]').fill(player.username);
  await page.locator('input[autocomplete="current-password"]').fill(player.password);
  await page.locator('form button[type="submit"]').first().click();
  await page.waitForURL('**/game', { timeout: WAIT });
}

const headerBalance = (page: Page) => page.getByTestId('header-balance');

describe('VIP tab', () => {
  it('a new player claims the daily VIP reward: popup, balance and badge move; a second claim is refused', async () => {
    const player = await apiPlayer();
    const ctx = await context();
    const page = await ctx.newPage();
    try {
      await login(page, player);
      await visible(headerBalance(page).getByText('0.00'));
      const vipTab = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Vip/ });
      await visible(vipTab.getByText('1', { exact: true }));
      await vipTab.click();
      await page.waitForURL('**/vip', { timeout: WAIT });

      const daily = page.getByTestId('vip-daily');
      await visible(daily.getByText('Ready to claim'));
      await daily.getByRole('button', { name: 'Claim' }).click();

      const popup = page.getByRole('dialog', { name: 'Congratulations!' });
      await visible(popup);
      await visible(popup.getByText('1.00P'));
      await visible(headerBalance(page).getByText('1.00'));
      await popup.getByRole('button', { name: /1\.00P/ }).click();
      await popup.waitFor({ state: 'hidden', timeout: WAIT });

      await visible(daily.getByRole('button', { name: 'Claimed' }));
      expect(await daily.getByRole('button', { name: 'Claimed' }).isDisabled()).toBe(true);
      await visible(daily.getByText(/^Next:/));
      await vipTab.getByText('1', { exact: true }).waitFor({ state: 'detached', timeout: WAIT });

      // The button is disabled; a claim sent anyway (another tab, a replay) is refused and pays nothing.
      const again = await page.evaluate(async () => {
        const response = await fetch('/api/vip/card/daily/rewards/claim', {
          method: 'POST',
          headers: { 'content-type': 'application/json', requestFrom: 'H5' },
          body: '{}',
        });
        return (await response.json()) as { success: boolean; code: number };
      });
      expect(again).toMatchObject({ success: false, code: Code.SIGN_IN_NOT_ARRIVED });
      await page.reload();
      await visible(headerBalance(page).getByText('1.00'));
      expect(await headerBalance(page).innerText()).toContain('1.00');
    } finally {
      await ctx.close();
    }
  });
});

describe('screens', () => {
  it('saves /vip and /inviteRank with referrals, rebates and a ranking, in both languages and themes', async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    const inviter = await apiPlayer();
    const rival = await apiPlayer();
    // Last week: two friends of the inviter make their first deposit and bet it (the ranking counts a
    // referral once it deposited and wagered).
    for (const pesos of [1000, 800]) {
      const friend = await apiPlayer(inviter.invitationCode);
      await deposit(app, friend.client, pesos);
      await bet(app, await gameSession(app, friend.client), pesos);
    }
    const ops = new TestClient(app, '127.0.0.1', { authorization: `Bearer ${app.config.adminToken}` });
    await ops.post('/ops/clock', { advance: '7d' });
    // This week: one more friend deposits and bets it all; the rival gets two.
    const friend = await apiPlayer(inviter.invitationCode);
    await deposit(app, friend.client, 2500);
    await bet(app, await gameSession(app, friend.client), 2500);
    for (const pesos of [500, 600]) {
      const other = await apiPlayer(rival.invitationCode);
      await deposit(app, other.client, pesos);
      await bet(app, await gameSession(app, other.client), pesos);
    }

    for (const language of ['en-US', 'vi-VN'] as const) {
      for (const theme of ['light', 'dark'] as const) {
        const ctx: BrowserContext = await context(language, theme);
        const page = await ctx.newPage();
        try {
          await login(page, inviter);
          await page.goto('/vip');
          await visible(page.getByTestId('vip-level'));
          await visible(page.getByTestId('invitation-code'));
          await visible(page.getByTestId('ranking-claimable'));
          const tag = `${language}-${theme}`;
          await page.screenshot({ path: join(ARTIFACTS, `vip-${tag}-390x844.png`) });
          await page.screenshot({ path: join(ARTIFACTS, `vip-${tag}-full.png`), fullPage: true });
          await page.goto('/inviteRank');
          await visible(page.getByTestId('my-rank'));
          expect(await page.getByTestId('my-rank').innerText()).toBe('2');
          await page.screenshot({ path: join(ARTIFACTS, `invite-rank-${tag}-390x844.png`) });
          await page.screenshot({ path: join(ARTIFACTS, `invite-rank-${tag}-full.png`), fullPage: true });
        } finally {
          await ctx.close();
        }
      }
    }
  });
});
