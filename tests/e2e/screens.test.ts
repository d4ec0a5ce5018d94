import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { md5 } from 'js-md5';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import en from '../../client/src/locales/en-US';
import vi from '../../client/src/locales/vi-VN';
import { VIEWPORT } from './browser';
import { liveStack } from './server';

/**
 * Every route of spec section 2 at 390x844, in en-US and vi-VN (light; /game and /profile also dark):
 * the content has loaded (no skeleton, no loading indicator), no i18n key shows untranslated, nothing
 * overflows horizontally, and a screenshot lands in artifacts/screens/<lang>/<route>.png.
 */

const SCREENS = join(import.meta.dirname, 'artifacts', 'screens');
const WAIT = 15_000;
/** testConfig's operator token (the e2e server is built with it). */
const ADMIN_TOKEN = 'test-admin-token-0123456789';
const LANGUAGES = ['en-US', 'vi-VN'] as const;
type Lang = (typeof LANGUAGES)[number];

/** Routes a visitor sees as such (a logged-in player is not sent away from them, but they are the visitor's). */
const VISITOR_ROUTES = ['/login', '/register', '/forgetPassword', '/game', '/livechat', '/faq'];
/** Every route of spec section 2 a logged-in player opens (/tab is the shell and redirects to /game). */
const PLAYER_ROUTES = [
  '/game',
  '/inbox',
  '/vip',
  '/profile',
  '/helpSlot',
  '/inviteRank',
  '/livechat',
  '/faq',
  '/game/search',
  '/game/search/result?q=a',
  '/game/record',
  '/event',
  '/finance/withdraw',
  '/finance/recharge',
  '/finance/exchange',
  '/transactionHistory',
  '/records',
  '/redeem',
  '/pokerCollection',
  '/responsible',
];
const DARK_TOO = ['/game', '/profile'];

const live = liveStack();

/** "/game/search/result?q=a" -> "game-search-result". */
const fileName = (route: string) => route.split('?')[0]!.replace(/^\//, '').replace(/\//g, '-') || 'root';

/** The top-level groups of the locale files: a text like "support.online" on screen is an untranslated key. */
const KEY_GROUPS = Object.keys(en).join('|');
const UNTRANSLATED_KEY = new RegExp(`(^|[^\\w./@-])((?:${KEY_GROUPS})\\.[A-Za-z][\\w.]*)`);

/** Leaf strings by key path. */
function leaves(tree: Record<string, unknown>, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else if (value && typeof value === 'object') {
      for (const [k, v] of leaves(value as Record<string, unknown>, path)) out.set(k, v);
    }
  }
  return out;
}

/**
 * English sentences that vi-VN translates differently: one of them on a Vietnamese screen means a text
 * fell back to English or was written into the code. Sentences only (a space, no placeholder), so that
 * brand names and short shared words do not count.
 */
const ENGLISH_ONLY: string[] = (() => {
  const viLeaves = leaves(vi as Record<string, unknown>);
  return [...leaves(en as Record<string, unknown>)]
    .filter(([key, text]) => viLeaves.get(key) !== text && /\s/.test(text) && !/[{<]/.test(text) && text.length >= 14)
    .map(([, text]) => text);
})();

async function api(context: BrowserContext, path: string, body: unknown, admin = false): Promise<unknown> {
  const response = await context.request.post(`${live.server.url}${path}`, {
    data: body,
    headers: admin ? { authorization: `Bearer ${ADMIN_TOKEN}` } : { requestFrom: 'H5' },
  });
  const envelope = (await response.json()) as { success: boolean; msg: string; data: unknown };
  if (!envelope.success) throw new Error(`${path}: ${envelope.msg}`);
  return envelope.data;
}

/** The stored items the client reads at start (namespaced, upper-cased keys; `{ value, expire }`). */
function stored(items: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(items).map(([key, value]) => [
      `CASINO_PH_${key.toUpperCase()}`,
      JSON.stringify({ value, expire: null }),
    ]),
  );
}

async function newScreenContext(items: Record<string, unknown>): Promise<BrowserContext> {
  const context = await live.browser.newContext({ baseURL: live.server.url, viewport: VIEWPORT, locale: 'en-US' });
  await context.addInitScript((entries: Record<string, string>) => {
    for (const [key, value] of Object.entries(entries)) {
      if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
    }
  }, stored(items));
  return context;
}

/** Registers a player in this context (session cookie) and stores its user info as a login does. */
async function registerPlayer(context: BrowserContext, page: Page) {
  const n = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-8);
  const phone = `9${n.padStart(9, '0').slice(-9)}`;
  // The sign-up code, texted and read from the outbox as a tester does.
  await api(context, '/api/user/sms/send/register', { phone });
  const outbox = await context.request.get(`${live.server.url}/ops/sms?phone=${phone}`, {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  const smsCode = ((await outbox.json()) as { data: { code: string; purpose: string }[] }).data.find(
    (m) => m.purpose === 'register',
  )?.code;
  const user = (await api(context, '/api/user/custom/register', {
    username: `sc${n}`,
    password: md5('Secret123'),
    phone,
    agree: true,
    smsCode,
  })) as { uid: number; username: string };
  // what the client stores after a login: its presence makes the app load the session at start
  await page.addInitScript((info: unknown) => {
    const key = 'CASINO_PH_USERINFO';
    if (localStorage.getItem(key) === null) localStorage.setItem(key, JSON.stringify({ value: info, expire: null }));
  }, user);
  return user;
}

/** A registered player with money, a journal, an unread letter and a transaction password (so withdraw opens). */
async function preparePlayer(context: BrowserContext, page: Page) {
  const user = await registerPlayer(context, page);
  await api(context, '/api/user/modifyPasswordTrade', { newPassword: md5('Trade123') });
  await api(context, `/ops/users/${user.uid}/adjust`, { amount: 1234.5, reason: 'Screens test credit' }, true);
  await api(
    context,
    '/ops/letters',
    {
      uid: user.uid,
      titleEn: 'Welcome to the casino',
      titleVi: 'Chào mừng bạn',
      contentEn: 'Thanks for joining.',
      contentVi: 'Cảm ơn bạn đã tham gia.',
    },
    true,
  );
  return user;
}

/** Waits until the page has settled: route chunk and data loaded, no skeleton, no loading indicator. */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelector('main .page, main .lobby, main section') !== null &&
      document.querySelector('.skeleton, .skeleton-list, [data-testid="loading-indicator"]') === null,
    undefined,
    { timeout: WAIT },
  );
  // transitions of popups and the side menu (finite ones; skeleton pulses are gone by now), then a paint
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/** `fullPage` for routes (the whole screen, footer included); overlays as the phone shows them. */
async function checkScreen(page: Page, lang: Lang, name: string, fullPage = false): Promise<void> {
  await settle(page);
  const text = await page.evaluate(() => document.body.innerText);
  const key = UNTRANSLATED_KEY.exec(text);
  expect.soft(key?.[2], `${lang} ${name}: untranslated key`).toBeUndefined();
  expect.soft(text, `${lang} ${name}: i18next object key`).not.toContain('returned an object instead of string');
  if (lang === 'vi-VN') {
    const english = ENGLISH_ONLY.filter((sentence) => text.includes(sentence));
    expect.soft(english, `${lang} ${name}: English text on a Vietnamese screen`).toEqual([]);
  }
  const width = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
  expect.soft(width, `${lang} ${name}: horizontal overflow`).toBeLessThanOrEqual(VIEWPORT.width);
  mkdirSync(join(SCREENS, lang), { recursive: true });
  const path = join(SCREENS, lang, `${name}.png`);
  if (!fullPage) {
    await page.screenshot({ path });
    return;
  }
  // The whole screen with the tab bar where the phone shows it (at the bottom): a viewport as tall as
  // the page, rather than a full-page capture that leaves fixed bars at the first screen's bottom.
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: VIEWPORT.width, height: Math.max(VIEWPORT.height, height) });
  try {
    await page.screenshot({ path });
  } finally {
    await page.setViewportSize(VIEWPORT);
  }
}

async function visit(page: Page, route: string, lang: Lang, name = fileName(route)): Promise<void> {
  await page.goto(route);
  const expected = new URL(route, live.server.url).pathname;
  await page.waitForURL((url) => url.pathname === expected, { timeout: WAIT });
  await checkScreen(page, lang, name, true);
}

describe('every screen at 390x844', () => {
  for (const lang of LANGUAGES) {
    it(`a visitor's screens in ${lang}`, async () => {
      const context = await newScreenContext({ i18n: lang, theme: 'light' });
      const page = await context.newPage();
      try {
        // a visitor's first start asks for the age (Accept / Exit), then the document popup from the footer
        await page.goto('/game');
        const age = page.locator('.age-verification');
        await age.waitFor({ state: 'visible', timeout: WAIT });
        await checkScreen(page, lang, 'age-verification');
        await age.locator('.confirm__actions button').last().click();
        await age.waitFor({ state: 'hidden', timeout: WAIT });
        await page.locator('.footer__links button').first().click();
        const documentPopup = page.locator('.document-popup');
        await documentPopup.waitFor({ state: 'visible', timeout: WAIT });
        await checkScreen(page, lang, 'document-privacy');
        await page.keyboard.press('Escape');
        await documentPopup.waitFor({ state: 'hidden', timeout: WAIT });
        for (const route of VISITOR_ROUTES) await visit(page, route, lang, `visitor-${fileName(route)}`);

        // the FAQ search, typed without accents in Vietnamese: fewer questions, the count announced
        await visit(page, '/faq', lang, 'visitor-faq');
        const all = await page.locator('.faq-item').count();
        await page.getByRole('searchbox').fill(lang === 'vi-VN' ? 'rut tien' : 'withdrawal');
        await page.locator('.faq-count').waitFor({ timeout: WAIT });
        const found = await page.locator('.faq-item').count();
        expect(found).toBeGreaterThan(0);
        expect(found).toBeLessThan(all);
        await checkScreen(page, lang, 'visitor-faq-search', true);
        await page.getByRole('searchbox').fill('zzqx');
        await page.getByRole('link', { name: lang === 'vi-VN' ? 'Liên hệ hỗ trợ' : 'Contact support' }).waitFor({
          timeout: WAIT,
        });
        expect(await page.locator('.faq-item').count()).toBe(0);
      } finally {
        await context.close();
      }
    });

    it(`a player's screens in ${lang}`, async () => {
      const context = await newScreenContext({ i18n: lang, theme: 'light' });
      const page = await context.newPage();
      try {
        await preparePlayer(context, page);
        for (const route of PLAYER_ROUTES) await visit(page, route, lang);

        // the sheets of the profile: security centre, personal information, passwords, settings
        for (const action of ['security', 'personal', 'loginPwd', 'transactionPwd', 'settings']) {
          await page.goto(`/profile?action=${action}`);
          await page.getByRole('dialog').waitFor({ timeout: WAIT });
          await checkScreen(page, lang, `profile-${action}`);
        }

        // the shell's overlays: side menu (unread dot and badge), logout confirmation, document popup
        await visit(page, '/game', lang);
        await page.locator('.header__menu').click();
        await page.locator('.side-menu').waitFor({ state: 'visible', timeout: WAIT });
        expect(await page.getByTestId('menu-dot').count()).toBe(1);
        await checkScreen(page, lang, 'side-menu');
        await page.locator('.side-menu__logout').click();
        await page.locator('.confirm, [role="alertdialog"]').first().waitFor({ state: 'visible', timeout: WAIT });
        await checkScreen(page, lang, 'logout-confirm');

        for (const route of DARK_TOO) {
          await page.evaluate(() =>
            localStorage.setItem('CASINO_PH_THEME', JSON.stringify({ value: 'dark', expire: null })),
          );
          await visit(page, route, lang, `${fileName(route)}-dark`);
          expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
        }
      } finally {
        await context.close();
      }
    });
  }

  it("the profile forms against the real server: the withdraw guard's transaction password, a refusal beside its field", async () => {
    const context = await newScreenContext({ i18n: 'en-US', theme: 'light' });
    const page = await context.newPage();
    try {
      await registerPlayer(context, page);
      // no transaction password yet: withdraw sends the player to profile?action=transactionPwd
      await page.goto('/finance/withdraw');
      await page.waitForURL((url) => url.pathname === '/profile' && url.search === '?action=transactionPwd', {
        timeout: WAIT,
      });
      const sheet = page.getByRole('dialog', { name: 'Transaction Password' });
      await sheet.getByLabel('New transaction password', { exact: true }).fill('Trade123');
      await sheet.getByLabel('Confirm transaction password', { exact: true }).fill('Trade124');
      await sheet.getByRole('button', { name: 'Set transaction password' }).click();
      await sheet.getByText('Password is not match').waitFor({ timeout: WAIT });
      await sheet.getByLabel('Confirm transaction password', { exact: true }).fill('Trade123');
      await sheet.getByRole('button', { name: 'Set transaction password' }).click();
      await sheet.waitFor({ state: 'hidden', timeout: WAIT });
      await page.goto('/finance/withdraw');
      await page.waitForURL((url) => url.pathname === '/finance/withdraw', { timeout: WAIT });
      await settle(page);
      expect(new URL(page.url()).pathname).toBe('/finance/withdraw');

      // the server refuses a wrong current password: its message stands under that field
      await page.goto('/profile?action=loginPwd');
      const form = page.getByRole('dialog', { name: 'Change login Password' });
      await form.getByLabel('Current password', { exact: true }).fill('Wrong123');
      await form.getByLabel('New password', { exact: true }).fill('Secret456');
      await form.getByLabel('Confirm password', { exact: true }).fill('Secret456');
      await form.getByRole('button', { name: 'Save' }).click();
      const current = form.getByLabel('Current password', { exact: true });
      await page.waitForFunction(
        () => document.querySelector('[aria-invalid="true"]')?.getAttribute('aria-describedby'),
        undefined,
        { timeout: WAIT },
      );
      expect(await current.getAttribute('aria-invalid')).toBe('true');
      const describedBy = (await current.getAttribute('aria-describedby')) ?? '';
      expect(await page.locator(`[id="${describedBy}"]`).innerText()).toBe('The current password is wrong');
      expect(await form.getByLabel('New password', { exact: true }).getAttribute('aria-invalid')).toBeNull();
      await checkScreen(page, 'en-US', 'profile-login-password-refused');
    } finally {
      await context.close();
    }
  });
});
