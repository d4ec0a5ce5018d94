import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { md5 } from 'js-md5';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app';
import { testConfig } from '../../server/src/config';
import { hashed, signUpCode, TestClient } from '../../server/src/test/helpers';
import { bet, deposit, gameSession } from '../../server/src/test/play';
import { IDENTITY } from '../../server/src/test/world';
import { documentBodies } from '../../server/src/world/recipes';
import { Code } from '../../shared/codes';
import { launchBrowser, newContext } from './browser';
import {
  acceptAgeVerification,
  clientNavigate,
  confirmInPage,
  headerBalance,
  newPlayer,
  ops,
  register,
  setLanguage,
  setTheme,
  shoot,
  smsCodeOf,
  submitSignUp,
  uidOf,
  visible,
  WAIT,
} from './journey';

/**
 * Issue 29 "Done when": the farming and self-exclusion journeys an operator would ask for, each played as
 * the attack in Chromium at 390x844 against the real server, asserting that it fails; each ends with the
 * ledger whole (GET /ops/ledger/check). The server stays in-process so a friend can be driven through the
 * API (server/src/test/play.ts) while the player under test uses the screens.
 */

let app: FastifyInstance;
let url: string;
let dbFile: string;
let browser: Browser;

beforeAll(async () => {
  dbFile = join(tmpdir(), `casino-e2e-farming-${process.pid}-${Date.now()}.db`);
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

interface Envelope<T = unknown> {
  success: boolean;
  code: number;
  msg: string;
  data: T;
}

/** A player call from inside the page (its cookie), answering the envelope whatever it says. */
function call<T = unknown>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown, language = 'en-US') {
  return page.evaluate(
    async ([m, p, b, l]) => {
      const response = await fetch(p as string, {
        method: m as string,
        credentials: 'include',
        headers: { 'content-type': 'application/json', requestfrom: 'H5', language: l as string },
        ...(b === undefined ? {} : { body: JSON.stringify(b) }),
      });
      return response.json();
    },
    [method, path, body, language] as const,
  ) as Promise<Envelope<T>>;
}

async function ok<T = unknown>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const answer = await call<T>(page, method, path, body);
  if (!answer.success) throw new Error(`${method} ${path}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

/** A withdrawal asked through the API as the withdraw screen does it (captcha read by the tester, SMS code). */
async function askWithdrawal(page: Page, amount: number) {
  const { token } = await ok<{ token: string }>(page, 'GET', '/api/captcha');
  const { answer } = await ops<{ answer: string }>(url, 'GET', `/ops/captcha/${token}`);
  const sent = await call(page, 'POST', '/api/user/sms/send/withdraw', {});
  const uid = await uidOf(page);
  return call(page, 'POST', '/api/withdraw/create', {
    amount,
    password: md5('trade123'),
    captcha: { token, answer },
    ...(sent.success ? { smsCode: await smsCodeOf(url, uid, 'withdraw') } : {}),
  });
}

/** The ledger's invariants, as the operator checks them: every account sums to its journal, all to zero. */
async function expectLedgerWhole() {
  const check = await ops<{ whole: boolean; problems: string[]; total: number; totalPoints: number }>(
    url,
    'GET',
    '/ops/ledger/check',
  );
  expect(check.problems).toEqual([]);
  expect(check).toMatchObject({ whole: true, total: 0, totalPoints: 0 });
}

/** The red notice the app shows for a refusal (the server's message, in the player's language). */
const refusal = (page: Page, text: RegExp) => page.locator('.toast--danger').filter({ hasText: text });
const noToasts = (page: Page) => expect.poll(() => page.locator('.toast').count(), { timeout: WAIT }).toBe(0);

let serial = 0;
/** A player registered through the API (a referral when given the inviter's code), with its API client. */
async function apiPlayer(inviteCode?: string) {
  serial += 1;
  const n = `${Date.now()}${serial}`.slice(-8);
  const player = { username: `frm${n}`, password: 'Secret123', phone: `9${`${serial}${n}`.slice(-9)}` };
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

async function login(page: Page, player: { username: string; password: string }): Promise<void> {
  await page.goto('/login');
  await acceptAgeVerification(page);
  await page.getByLabel('Username or mobile number', { exact: true }).fill(player.username);
  await page.getByLabel('Password', { exact: true }).fill(player.password);
  await page.locator('form').getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL('**/game', { timeout: WAIT });
}

/** Ready to withdraw: a transaction password, a GCash wallet in the verified name, identity verified. */
async function readyToWithdraw(page: Page): Promise<void> {
  const uid = await uidOf(page);
  await ok(page, 'POST', '/api/user/modifyPasswordTrade', { newPassword: md5('trade123') });
  await ok(page, 'POST', '/api/user/bankCard/create', {
    bank: 'gcash',
    name: IDENTITY.realName,
    account: `917${String(1_000_000 + uid).slice(-7)}`,
    password: md5('trade123'),
  });
  for (const body of documentBodies()) await ok(page, 'POST', '/api/user/kyc/documents', body);
  await ok(page, 'POST', '/api/user/kyc/submit', IDENTITY);
  await ops(url, 'POST', `/ops/kyc/${uid}/decide`, { decision: 'verified' });
}

describe('farming journeys (issue 29): nothing farmed is withdrawable', () => {
  it('a guest redeems codes and draws a card: no cash is granted, nothing leaves, signing up carries no cash', async () => {
    const context = await newContext(browser, url);
    const page = await context.newPage();
    try {
      await page.goto('/login');
      await acceptAgeVerification(page);
      await page.getByRole('button', { name: 'Play as guest', exact: true }).click();
      await page.waitForURL('**/game', { timeout: WAIT });
      await visible(page.getByTestId('header-balance').getByText('0.00'));
      const uid = await uidOf(page);

      // The welcome code pays cash: refused to a guest, under the field, and its use is not spent.
      await clientNavigate(page, '/redeem');
      const field = page.getByLabel('Redemption code');
      await field.fill('WELCOME2026');
      await page.getByRole('button', { name: 'Redeem', exact: true }).click();
      await visible(page.getByText('Please register an account to use this feature').first());
      await noToasts(page);
      await shoot(page, 'farming-guest-code-refused-en-US-light');
      expect(await headerBalance(page)).toBe('0.00');

      // A code of a coupon (not cash) stays open to guests, as the rules say.
      await field.fill('RELOAD20');
      await page.getByRole('button', { name: 'Redeem', exact: true }).click();
      const popup = page.getByRole('dialog', { name: 'Congratulations!' });
      await visible(popup);
      await page.keyboard.press('Escape');

      // The free poker draw of the day: a card (the grand prize's cash would be refused the same way).
      await clientNavigate(page, '/pokerCollection');
      await page.getByRole('button', { name: 'Draw a card' }).click();
      await visible(page.getByRole('dialog').first());
      await page.keyboard.press('Escape');
      const poker = await ok<{ collected: number }>(page, 'GET', '/api/poker/fetch');
      expect(poker.collected).toBe(1);

      // Nothing leaves: the withdraw screen sends a guest to the sign-up, the API refuses.
      const withdrawal = await call(page, 'POST', '/api/withdraw/create', {
        amount: 100,
        password: md5('trade123'),
        captcha: { token: 'x', answer: 'x' },
      });
      expect(withdrawal).toMatchObject({ success: false, code: Code.GUEST_NOT_ALLOWED });
      expect((await call(page, 'POST', '/api/redemption/code/use', { code: 'LUCKY7' })).code).toBe(
        Code.GUEST_NOT_ALLOWED,
      );

      // In Vietnamese, dark: the same refusal in the player's language.
      await setLanguage(page, 'Tiếng Việt', '/redeem');
      await setTheme(page, 'dark');
      await page.getByLabel('Mã đổi thưởng').fill('WELCOME2026');
      await page.locator('form button[type="submit"]').click();
      await visible(page.getByText('Vui lòng đăng ký tài khoản để dùng tính năng này').first());
      await noToasts(page);
      await shoot(page, 'farming-guest-code-refused-vi-VN-dark');
      await setLanguage(page, 'English', '/game');
      await setTheme(page, 'light');

      // Signing up keeps the account: its cards and coupon, and no cash (there was none to carry).
      await clientNavigate(page, '/finance/withdraw');
      await page.waitForURL('**/register', { timeout: WAIT });
      await submitSignUp(page, newPlayer());
      await page.waitForURL('**/game', { timeout: WAIT });
      expect(await uidOf(page)).toBe(uid);
      await expect.poll(() => headerBalance(page), { timeout: WAIT }).toBe('0.00');
      expect((await ok<{ collected: number }>(page, 'GET', '/api/poker/fetch')).collected).toBe(1);
      const journal = await ops<{ list: { type: string; amount: number }[] }>(
        url,
        'GET',
        `/ops/users/${uid}/journal?size=50`,
      );
      expect(journal.list.filter((row) => row.amount !== 0)).toEqual([]);

      // Registered now, the welcome code's use was not spent: its cash comes with wagering and is locked.
      await clientNavigate(page, '/redeem');
      await page.getByLabel('Redemption code').fill('WELCOME2026');
      await page.getByRole('button', { name: 'Redeem', exact: true }).click();
      await visible(page.getByRole('dialog', { name: 'Congratulations!' }));
      await page.keyboard.press('Escape');
      await expect.poll(() => headerBalance(page), { timeout: WAIT }).toBe('20.00');
      const wagering = await ok<{ withdrawalAmount: number; locked: number }>(page, 'GET', '/api/withdraw/wagering');
      expect(wagering).toMatchObject({ withdrawalAmount: 0, locked: 20 });
      await expectLedgerWhole();
    } catch (error) {
      await shoot(page, 'farming-guest-failure');
      throw error;
    } finally {
      await context.close();
    }
  }, 240_000);

  it('a player with one friend who deposits: no ranking prize until the friend wagers, then a prize locked by 10x wagering', async () => {
    const inviter = await apiPlayer();
    // The friend deposits the minimum and does not bet it: the week ends with no invite counted.
    const friend = await apiPlayer(inviter.invitationCode);
    await deposit(app, friend.client, 500);
    await ops(url, 'POST', '/ops/clock', { advance: '7d' });

    const context = await newContext(browser, url);
    const page = await context.newPage();
    try {
      await login(page, inviter);
      const nothing = await ok<{ claimable: unknown; me: { invites: number } | null }>(
        page,
        'GET',
        '/api/invite/rankings/fetch',
      );
      expect(nothing.claimable).toBeNull();
      const lastMonday = await lastWeekId(page);
      expect((await call(page, 'POST', '/api/invite/rankings/claim', { periodId: lastMonday })).code).toBe(
        Code.NOTHING_TO_CLAIM,
      );

      // This week the friend bets the deposit: the invite counts now, alone at the top of a quiet week.
      // (the friend's session of last week ended meanwhile: it logs in again)
      const back = new TestClient(app);
      const again = await back.post('/api/user/login', {
        username: friend.username,
        password: hashed(friend.password),
      });
      expect(again.body.success).toBe(true);
      await bet(app, await gameSession(app, back), 500);
      await ops(url, 'POST', '/ops/clock', { advance: '7d' });
      // a week idle ends the inviter's session too: a new login, then the VIP tab
      await page.context().clearCookies();
      await page.evaluate(() => localStorage.clear());
      await login(page, inviter);
      await page.goto('/vip');
      const claim = page.getByTestId('ranking-claimable');
      await visible(claim);
      await shoot(page, 'farming-ranking-claimable-en-US-light');
      await claim.getByRole('button', { name: 'Claim' }).click();
      const popup = page.getByRole('dialog', { name: 'Congratulations!' });
      await visible(popup);
      await page.keyboard.press('Escape');
      await expect.poll(() => headerBalance(page), { timeout: WAIT }).toBe('1,000.00');

      // The prize is bonus to wager 10 times: nothing of it is withdrawable.
      await readyToWithdraw(page);
      // A fresh load reads the user info again (it now has a transaction password and a wallet).
      await page.goto('/game');
      await expect.poll(() => headerBalance(page), { timeout: WAIT }).toBe('1,000.00');
      await clientNavigate(page, '/finance/withdraw');
      const list = page.getByTestId('wagering');
      await visible(list.getByText('Locks ₱ 1,000.00'));
      await visible(list.getByText('Bet ₱ 0.00 of ₱ 10,000.00'));
      await expect.poll(() => page.getByTestId('withdrawable').innerText(), { timeout: WAIT }).toBe('₱ 0.00');
      await noToasts(page);
      await shoot(page, 'farming-ranking-locked-en-US-light');
      const refused = await askWithdrawal(page, 1000);
      expect(refused).toMatchObject({ success: false, code: Code.BONUS_LOCKED });
      await setLanguage(page, 'Tiếng Việt', '/finance/withdraw');
      await visible(page.getByTestId('wagering').getByText('Khóa ₱ 1,000.00'));
      await noToasts(page);
      await shoot(page, 'farming-ranking-locked-vi-VN-light');
      // The ledger: the prize is one reward row, the balance is all bonus.
      const uid = await uidOf(page);
      const journal = await ops<{ list: { type: string; amount: number }[] }>(
        url,
        'GET',
        `/ops/users/${uid}/journal?size=50`,
      );
      expect(journal.list.filter((row) => row.type === 'reward').map((row) => row.amount)).toEqual([1000]);
      await expectLedgerWhole();
    } catch (error) {
      await shoot(page, 'farming-ranking-failure');
      throw error;
    } finally {
      await context.close();
    }
  }, 240_000);
});

/** The id of the Manila week before the running one (its Monday), from the server's clock. */
async function lastWeekId(page: Page): Promise<string> {
  const { period } = await ok<{ period: { periodId: string } }>(page, 'GET', '/api/invite/rankings/fetch');
  const periodId = period.periodId;
  const monday = new Date(`${periodId}T00:00:00Z`);
  monday.setUTCDate(monday.getUTCDate() - 7);
  return monday.toISOString().slice(0, 10);
}

describe('self-exclusion journey (issue 29)', () => {
  it('an operator self-excludes a player: play and deposits close at once, withdrawals stay open, play opens after the end', async () => {
    const playerContext = await newContext(browser, url);
    const opsContext = await browser.newContext({ baseURL: url, viewport: { width: 390, height: 844 } });
    const contexts = [playerContext, opsContext];
    let page = await playerContext.newPage();
    const operator = await opsContext.newPage();
    try {
      const player = await register(page);
      const uid = await uidOf(page);
      await ops(url, 'POST', `/ops/users/${uid}/adjust`, { amount: 500, reason: 'e2e funding' });
      await expect.poll(() => headerBalance(page), { timeout: WAIT }).toBe('500.00');
      // The player has a game open before the exclusion (its game session minted then).
      await page.locator('.game-tile', { hasText: 'Fiesta Reels' }).first().click();
      const gameFrame = page.frameLocator('.frame--game iframe');
      const spin = gameFrame.getByRole('button', { name: 'Spin' });
      await visible(spin, 20_000);
      await page.emulateMedia({ reducedMotion: 'reduce' });

      // The operator, in the back office: the player's detail, a six-month self-exclusion with a typed reason.
      await operator.goto('/ops');
      await operator.getByText('Service token (scripts, CI)').click();
      await operator.getByLabel('Your name (recorded in the audit trail and on chat answers)').fill('Maria');
      await operator.getByLabel('Admin token').fill(testConfig().adminToken);
      await operator.getByRole('button', { name: 'Use the token' }).click();
      await operator
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link', { name: 'Players', exact: true })
        .click();
      await operator.getByLabel('Find player').fill(player.username);
      await operator.getByRole('button', { name: 'Find', exact: true }).click();
      await operator.getByRole('cell', { name: player.username, exact: true }).click();
      await operator.getByLabel('Break kind').selectOption('exclusion');
      await operator.getByLabel('Break length').selectOption('6m');
      await operator.getByLabel('Break reason').fill('Player asked on live chat to self-exclude');
      await operator.getByRole('button', { name: 'Start break' }).click();
      await confirmInPage(operator);
      await visible(operator.getByRole('status').getByText('Break started'));
      await visible(operator.getByText(/self-exclusion until/));
      await operator.getByLabel('Break reason').scrollIntoViewIfNeeded();
      await shoot(operator, 'self-exclusion-backoffice');

      // The game page opened before: its next spin is refused by the casino's wallet, nothing is debited.
      await spin.click();
      await visible(gameFrame.getByText(/taking a break from play/));
      await shoot(page, 'self-exclusion-open-game-refused-en-US-light');
      expect(await headerBalance(page)).toBe('500.00');
      await page.getByRole('button', { name: 'Show the bar' }).click();
      await page.getByRole('dialog', { name: 'Game' }).getByRole('button', { name: 'Back' }).click();
      await page.locator('.frame--game').waitFor({ state: 'detached', timeout: WAIT });

      // The player's tab, open all along (its session from before the exclusion): a new game is refused.
      const launch = page.waitForRequest('**/api/game/getUrl');
      await page.locator('.game-tile', { hasText: 'Fiesta Reels' }).first().click();
      const gameId = ((await launch).postDataJSON() as { gameId: number }).gameId;
      await visible(refusal(page, /You are taking a break from play until/));
      expect(await page.locator('.frame--game').count()).toBe(0);
      await shoot(page, 'self-exclusion-play-refused-en-US-light');
      expect((await call(page, 'POST', '/api/game/getUrl', { gameId })).code).toBe(Code.PLAY_PAUSED);
      expect((await call(page, 'POST', '/api/recharge/build', { channel: 'gcash', amount: 500 })).code).toBe(
        Code.PLAY_PAUSED,
      );
      await noToasts(page);

      // A new login (another phone) works, to take the money out; the break is shown and play stays closed.
      const second = await newContext(browser, url);
      contexts.push(second);
      page = await second.newPage();
      await login(page, player);
      await page.goto('/responsible');
      await visible(page.getByTestId('break-status'));
      await visible(page.getByTestId('break-status').getByRole('link', { name: 'Withdraw my balance' }));
      await noToasts(page);
      await shoot(page, 'self-exclusion-status-en-US-light');
      await setLanguage(page, 'Tiếng Việt', '/game');
      await setTheme(page, 'dark');
      await page.locator('.game-tile', { hasText: 'Fiesta Reels' }).first().click();
      await visible(refusal(page, /Bạn đang tạm nghỉ chơi đến/));
      await shoot(page, 'self-exclusion-play-refused-vi-VN-dark');
      await setLanguage(page, 'English', '/game');
      await setTheme(page, 'light');

      // Withdrawals stay open during the break: the player's own money leaves.
      await readyToWithdraw(page);
      const paid = await askWithdrawal(page, 100);
      expect(paid).toMatchObject({ success: true });

      // Past the six months (tester clock): play opens again, as the rules say (a break ends by itself).
      await ops(url, 'POST', '/ops/clock', { advance: '190d' });
      const third = await newContext(browser, url);
      contexts.push(third);
      page = await third.newPage();
      await login(page, player);
      expect((await call(page, 'POST', '/api/game/getUrl', { gameId })).success).toBe(true);
      await expectLedgerWhole();
    } catch (error) {
      await shoot(page, 'self-exclusion-failure');
      await shoot(operator, 'self-exclusion-failure-ops');
      throw error;
    } finally {
      for (const c of contexts) await c.close();
    }
  }, 240_000);

  it('a player self-excludes for good from the app: games refused, a shorter break refused, the balance still withdrawable', async () => {
    const context = await newContext(browser, url);
    const page = await context.newPage();
    try {
      await register(page);
      const uid = await uidOf(page);
      await ops(url, 'POST', `/ops/users/${uid}/adjust`, { amount: 300, reason: 'e2e funding' });
      await expect.poll(() => headerBalance(page), { timeout: WAIT }).toBe('300.00');
      await clientNavigate(page, '/responsible');
      const choices = page.getByRole('region', { name: 'Take a break' });
      await choices.getByText('Permanent', { exact: true }).click();
      await choices.getByRole('button', { name: 'Take a break' }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirm your break' });
      await visible(confirm.getByText('Deposits, games and bets are closed for good.'));
      await visible(confirm.getByText(/This cannot be undone/));
      await noToasts(page);
      await shoot(page, 'self-exclusion-app-confirm-en-US-light');
      await confirm.getByRole('button', { name: 'Start my break' }).click();
      await confirm.waitFor({ state: 'hidden', timeout: WAIT });
      const status = page.getByTestId('break-status');
      await visible(status.getByRole('heading', { name: 'Self-excluded permanently' }));
      await visible(status.getByRole('link', { name: 'Withdraw my balance' }));

      // Getting round it: a shorter break to replace it (another tab, a replay), refused; nothing changes.
      const shorter = await call(page, 'POST', '/api/responsible/break', { kind: 'cooloff', length: '24h' });
      expect(shorter).toMatchObject({ success: false, code: Code.BREAK_RUNNING });
      const state = await ok<{ playBreak: { until: string | null } | null }>(page, 'GET', '/api/responsible/fetch');
      expect(state.playBreak?.until).toBeNull();

      await clientNavigate(page, '/game');
      await page.locator('.game-tile', { hasText: 'Fiesta Reels' }).first().click();
      await visible(refusal(page, /taking a break from play/));
      expect(await page.locator('.frame--game').count()).toBe(0);
      await noToasts(page);
      await setLanguage(page, 'Tiếng Việt', '/responsible');
      await visible(page.getByTestId('break-status').getByRole('heading', { name: 'Đã tự loại trừ vĩnh viễn' }));
      await noToasts(page);
      await shoot(page, 'self-exclusion-app-status-vi-VN-light');
      // The balance stays the player's: a withdrawal goes through during the exclusion.
      await readyToWithdraw(page);
      expect(await askWithdrawal(page, 100)).toMatchObject({ success: true });
      await expectLedgerWhole();
    } catch (error) {
      await shoot(page, 'self-exclusion-app-failure');
      throw error;
    } finally {
      await context.close();
    }
  }, 240_000);
});
