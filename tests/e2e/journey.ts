import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame, FrameLocator, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Helpers of the money and game journeys: players through the real screens, the operator through /ops. */

export const ARTIFACTS = join(import.meta.dirname, 'artifacts');
export const WAIT = 15_000;
/** The operator token of testConfig (server/src/config.ts). */
export const ADMIN_TOKEN = 'test-admin-token-0123456789';

export const visible = (locator: Locator, timeout = WAIT) => locator.first().waitFor({ state: 'visible', timeout });

export async function acceptAgeVerification(page: Page): Promise<void> {
  const accept = page.getByRole('button', { name: 'I am 21 or older' });
  try {
    await accept.waitFor({ state: 'visible', timeout: 5_000 });
  } catch {
    return;
  }
  await accept.click();
  await accept.waitFor({ state: 'hidden', timeout: WAIT });
}

export interface Player {
  username: string;
  password: string;
  phone: string;
}

export function newPlayer(): Player {
  const n = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-8);
  return { username: `e2e${n}`, password: 'Secret123', phone: `9${n.padStart(9, '0').slice(-9)}` };
}

/**
 * Ticks a sign-up confirmation. On a loaded machine the age question can open after the form was shown
 * and take the click: answer it, then tick again.
 */
async function tick(page: Page, box: Locator): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await box.check({ force: true, timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      await acceptAgeVerification(page);
    }
  }
}

/** Fills the open sign-up form (the one of /register, or a guest's that keeps the account) and sends it. */
export async function submitSignUp(page: Page, player: Player): Promise<void> {
  await page.getByLabel('Username', { exact: true }).fill(player.username);
  await page.getByLabel('Password', { exact: true }).fill(player.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(player.password);
  await page.getByLabel('Mobile number', { exact: true }).fill(player.phone);
  // The code texted to the phone, read from the outbox as a tester does.
  await page.getByRole('button', { name: 'Send code' }).click();
  const origin = new URL(page.url()).origin;
  let code: string | undefined;
  for (let i = 0; i < 50 && !code; i++) {
    const outbox = await ops<{ code: string; purpose: string }[]>(origin, 'GET', `/ops/sms?phone=${player.phone}`);
    code = outbox.find((m) => m.purpose === 'register')?.code;
    if (!code) await page.waitForTimeout(100);
  }
  await page.getByLabel('Verification code', { exact: true }).fill(code ?? '');
  await tick(page, page.getByRole('checkbox', { name: /I am 21 years old or older/ }));
  await tick(page, page.getByRole('checkbox', { name: 'I am not a government official or employee.' }));
  await tick(page, page.getByRole('checkbox', { name: 'I am not a student in the Philippines.' }));
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
}

/** Registers through the sign-up screen; ends on /game logged in. */
export async function register(page: Page, player: Player = newPlayer()): Promise<Player> {
  await page.goto('/register');
  await acceptAgeVerification(page);
  await submitSignUp(page, player);
  await page.waitForURL('**/game', { timeout: WAIT });
  await visible(page.getByTestId('header-balance').getByText('0.00'));
  return player;
}

/** The header balance as the player reads it, e.g. "500.00". */
export async function headerBalance(page: Page): Promise<string> {
  return (await page.getByTestId('header-balance').innerText()).replace(/[^\d.,]/g, '');
}

/** Moves inside the app without a page load (so the socket and the stores stay as they are). */
export async function clientNavigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({ idx: 1 }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: { idx: 1 } }));
  }, path);
  await page.waitForURL(`**${path}`, { timeout: WAIT });
}

/** Calls the operator API the way a tester would. */
export async function ops<T = unknown>(baseUrl: string, method: 'GET' | 'POST', path: string, body?: unknown) {
  const answer = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${ADMIN_TOKEN}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await answer.json()) as { success: boolean; code: number; msg: string; data: T };
  if (!envelope.success) throw new Error(`${method} ${path}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

/**
 * Moves the server's clock past Manila's midnight when it is within the hour before it, so that a test that
 * advances the clock by minutes and then reads a daily figure (a wager limit's "used") stays in one day:
 * run between 23:45 and 24:00 Manila time, 15 minutes crossed the day and "used" started again at 0.
 */
export async function awayFromMidnight(baseUrl: string): Promise<void> {
  const { now } = await ops<{ now: string }>(baseUrl, 'GET', '/ops/clock');
  const manilaMs = new Date(now).getTime() + 8 * 3_600_000;
  const hourOfDay = new Date(manilaMs).getUTCHours();
  if (hourOfDay < 23) return;
  const nextOneAm = Math.ceil(manilaMs / 86_400_000) * 86_400_000 + 3_600_000 - 8 * 3_600_000;
  await ops(baseUrl, 'POST', '/ops/clock', { set: new Date(nextOneAm).toISOString() });
}

/** The uid of the page's player (stored user info). */
export async function uidOf(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const answer = await fetch('/api/user/info', { credentials: 'include' });
    return ((await answer.json()) as { data: { uid: number } }).data.uid;
  });
}

export async function setTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate((value) => {
    document.documentElement.dataset.theme = value;
  }, theme);
}

/** Switches the language through the settings sheet (kept for the tab), then comes back to `path`. */
export async function setLanguage(page: Page, language: 'English' | 'Tiếng Việt', back: string): Promise<void> {
  await clientNavigate(page, '/profile?action=settings');
  const sheet = page.getByRole('dialog').first();
  await visible(sheet);
  await sheet.locator('label').filter({ hasText: language }).click();
  const lang = language === 'English' ? 'en' : 'vi';
  await page.waitForFunction((l) => document.documentElement.lang.startsWith(l), lang, { timeout: WAIT });
  await page.keyboard.press('Escape');
  await clientNavigate(page, back);
}

/** The longest a screenshot waits for the page to settle; past it the picture is taken as it is. */
const SETTLE_CAP_MS = 2_000;

/**
 * Waits until the page and each of its frames is still: web fonts loaded, the images in view loaded, and
 * every running transition or short animation ended (an endless one, a spinner, is not waited for). It
 * replaces a fixed 300 ms that every screenshot slept (a still page waits nothing now, a slow one longer).
 * The cap is kept on this side: a page whose clock a test replaced (page.clock) has no timers of its own.
 */
export async function pageSettled(page: Page): Promise<void> {
  const still = (frame: Frame) =>
    frame
      .evaluate(async () => {
        const inView = (element: Element) => {
          const box = element.getBoundingClientRect();
          return box.width > 0 && box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth;
        };
        await document.fonts.ready;
        const loading = [...document.images].filter((image) => !image.complete && inView(image));
        await Promise.all(
          loading.map(
            (image) =>
              new Promise((done) => {
                image.addEventListener('load', done, { once: true });
                image.addEventListener('error', done, { once: true });
              }),
          ),
        );
        // A transition or a short animation is settling; one with more than a second left is the screen's
        // content (a countdown bar, a game's long flourish), shown as it is like an endless one.
        const left = (a: Animation) => {
          const timing = a.effect?.getComputedTiming();
          return Number(timing?.endTime) - Number(timing?.localTime ?? 0);
        };
        const moving = document.getAnimations().filter((a) => a.playState === 'running' && left(a) <= 1_000);
        await Promise.all(moving.map((a) => a.finished.catch(() => undefined)));
      })
      .catch(() => undefined); // a frame that navigated or closed meanwhile has nothing to wait for
  let timer: NodeJS.Timeout | undefined;
  const cap = new Promise<void>((done) => {
    timer = setTimeout(done, SETTLE_CAP_MS);
  });
  await Promise.race([Promise.all(page.frames().map(still)), cap]);
  clearTimeout(timer);
}

export async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await pageSettled(page); // transitions and lazy images
  await page.screenshot({ path: join(ARTIFACTS, `${name}-390x844.png`) });
}

/**
 * A new player on `page`, funded with `pesos` by the operator API, the header showing it, and the page
 * counting the rounds the game frame reports (its `game-round` message, sent once a round is settled).
 */
export async function fundedGamePlayer(page: Page, baseUrl: string, pesos = 5000): Promise<void> {
  await register(page);
  const uid = await uidOf(page);
  await ops(baseUrl, 'POST', `/ops/users/${uid}/adjust`, { amount: pesos, reason: 'e2e funding' });
  const shown = pesos.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  await visible(page.getByTestId('header-balance').getByText(shown));
  await page.evaluate(() => {
    const w = window as unknown as { __rounds: number };
    w.__rounds = 0;
    window.addEventListener('message', (event) => {
      if ((event.data as { type?: string })?.type === 'game-round') w.__rounds++;
    });
  });
}

/** The newest row of the player's game records, as the records page reads it (pesos). */
export const lastRecord = (page: Page) =>
  page.evaluate(async () => {
    const answer = await fetch('/api/game/record/all', { credentials: 'include' });
    const list = ((await answer.json()) as { data: { list: { bet: number; win: number; result: string }[] } }).data
      .list;
    return list[0];
  });

/** The player's balance from `GET /api/balance`, in centavos. */
export const balanceOf = (page: Page) =>
  page.evaluate(async () => {
    const answer = await fetch('/api/balance', { credentials: 'include' });
    return Math.round(
      ((await answer.json()) as { data: { userAccountVO: { balance: number } } }).data.userAccountVO.balance * 100,
    );
  });

/** The header's balance, in centavos. */
export const headerCentavos = async (page: Page) =>
  Math.round(Number((await headerBalance(page)).replace(/,/g, '')) * 100);

/**
 * Opens the game `title` from the game search and waits for its page to show `ready` (a selector inside
 * the game frame) with the app's bar folded away: the frame, ready to play.
 */
export async function openGameBySearch(page: Page, title: string, ready: string): Promise<FrameLocator> {
  await clientNavigate(page, '/game/search');
  const search = page.getByRole('searchbox');
  await search.fill(title);
  await search.press('Enter');
  await page.waitForURL('**/game/search/result?q=*', { timeout: WAIT });
  await page.locator('.game-tile', { hasText: title }).first().click();
  const frame = page.frameLocator('.frame--game iframe');
  await visible(frame.locator(ready), 20_000);
  await expect
    .poll(() => page.locator('.frame--game .frame__handle').getAttribute('aria-expanded'), { timeout: WAIT })
    .toBe('false');
  return frame;
}

/** Rounds the game frame reported to the casino since fundedGamePlayer. */
export const roundsReported = (page: Page) => page.evaluate(() => (window as unknown as { __rounds: number }).__rounds);

/** The latest SMS code sent to the player `uid` for `purpose`, as a tester reads it (/ops/users, /ops/sms). */
export async function smsCodeOf(baseUrl: string, uid: number, purpose: string) {
  const { phoneNumber } = await ops<{ phoneNumber: string }>(baseUrl, 'GET', `/ops/users/${uid}`);
  const outbox = await ops<{ code: string; purpose: string }[]>(baseUrl, 'GET', `/ops/sms?phone=${phoneNumber}`);
  return outbox.find((m) => m.purpose === purpose)?.code ?? '';
}

/**
 * The back office's confirmation (client/backoffice/ui.tsx ConfirmDialog), opened by the click before: types
 * the reason when it asks for one (or keeps the one offered), confirms, and waits for it to close.
 */
export async function confirmInPage(page: Page, reason = 'checked by e2e'): Promise<void> {
  const dialog = page.getByRole('dialog');
  await visible(dialog);
  const field = dialog.getByLabel(/Reason/);
  if ((await field.count()) > 0 && (await field.inputValue()).trim() === '') await field.fill(reason);
  await dialog.locator('button[type="submit"]').click();
  await dialog.waitFor({ state: 'hidden', timeout: WAIT });
}

/**
 * Waits for a slot spin to finish. A spin may open the pick bonus, which waits 15 s for taps before opening
 * its boxes itself (longer than WAIT): a player taps them, so the wait does too. `tick` runs before each
 * look (a test on an installed browser clock moves it there).
 */
export async function untilSpinDone(frame: FrameLocator, spin: Locator, tick?: () => Promise<void>): Promise<void> {
  await expect
    .poll(
      async () => {
        await tick?.();
        const box = frame.locator('.sl-box:not([disabled])').first();
        if ((await box.count()) > 0) await box.click({ timeout: 2_000 }).catch(() => {});
        return spin.isEnabled();
      },
      { timeout: 3 * WAIT },
    )
    .toBe(true);
}
