import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext } from './browser';
import {
  acceptAgeVerification,
  clientNavigate,
  newPlayer,
  register,
  setLanguage,
  shoot,
  submitSignUp,
  uidOf,
  visible,
  WAIT,
} from './journey';
import { liveStack } from './server';

const live = liveStack();

const TEXT = {
  'en-US': {
    logout: 'Log out',
    loginFirst: 'Please login first to view',
    login: 'Log in',
    guest: 'Play as guest',
    keep: 'Sign up and keep this account',
    signUpTitle: 'Keep your guest account',
    deposit: 'Deposit',
  },
  'vi-VN': {
    logout: 'Đăng xuất',
    loginFirst: 'Vui lòng đăng nhập để xem',
    login: 'Đăng nhập',
    guest: 'Chơi với tư cách khách',
    keep: 'Đăng ký, giữ tài khoản',
    signUpTitle: 'Giữ tài khoản khách của bạn',
    deposit: 'Nạp tiền',
  },
} as const;
type Lang = keyof typeof TEXT;

async function logOutFromProfile(page: Page, lang: Lang): Promise<void> {
  const text = TEXT[lang];
  await clientNavigate(page, '/profile');
  await page.getByRole('button', { name: text.logout, exact: true }).click();
  const confirm = page.getByRole('dialog', { name: text.logout });
  await visible(confirm);
  await confirm.getByRole('button', { name: text.logout, exact: true }).click();
}

/** Guest login from the login screen; ends on /game as a guest. */
async function playAsGuest(page: Page, lang: Lang): Promise<void> {
  await page.goto('/login');
  await acceptAgeVerification(page);
  await page.getByRole('button', { name: TEXT['en-US'].guest, exact: true }).click();
  await page.waitForURL('**/game', { timeout: WAIT });
  if (lang === 'vi-VN') await setLanguage(page, 'Tiếng Việt', '/game');
}

describe('player journeys that used to dead-end (issue 15)', () => {
  for (const lang of ['en-US', 'vi-VN'] as const) {
    it(`logout lands on the login screen, without the "Please login first" sheet (${lang})`, async () => {
      const context = await newContext(live.browser, live.server.url);
      const page = await context.newPage();
      try {
        await register(page, newPlayer());
        if (lang === 'vi-VN') await setLanguage(page, 'Tiếng Việt', '/game');
        await logOutFromProfile(page, lang);
        await page.waitForURL('**/login', { timeout: WAIT });
        await visible(page.locator('form').getByRole('button', { name: TEXT[lang].login, exact: true }));
        // Settled on /login: no redirect to game, no login sheet.
        await page.waitForTimeout(500);
        expect(new URL(page.url()).pathname).toBe('/login');
        expect(await page.getByText(TEXT[lang].loginFirst).count()).toBe(0);
        await shoot(page, `logout-login-${lang}`);
      } finally {
        await context.close();
      }
    });

    it(`a guest sees what they can do and signs up keeping the account (${lang})`, async () => {
      const context = await newContext(live.browser, live.server.url);
      const page = await context.newPage();
      try {
        await playAsGuest(page, lang);
        const uid = await uidOf(page);
        const text = TEXT[lang];

        // The profile offers the sign-up, not deposit or withdraw forms that would fail.
        await clientNavigate(page, '/profile');
        await visible(page.getByRole('button', { name: text.keep }));
        expect(await page.locator('.balance-card').getByRole('button', { name: text.deposit }).count()).toBe(0);
        await shoot(page, `guest-profile-${lang}`);

        // Deposit leads to the sign-up that keeps the account.
        await clientNavigate(page, '/finance/recharge');
        await page.waitForURL('**/register', { timeout: WAIT });
        await visible(page.getByText(text.signUpTitle));
        await shoot(page, `guest-sign-up-${lang}`);

        if (lang === 'en-US') {
          const player = newPlayer();
          await submitSignUp(page, player);
          await page.waitForURL('**/game', { timeout: WAIT });
          await visible(page.getByRole('banner').getByText(player.username, { exact: true }));
          expect(await uidOf(page)).toBe(uid);
          // Now a registered player: the deposit screen opens.
          await clientNavigate(page, '/finance/recharge');
          await page.waitForTimeout(300);
          expect(new URL(page.url()).pathname).toBe('/finance/recharge');
          await shoot(page, 'guest-signed-up-recharge-en-US');
        }
      } finally {
        await context.close();
      }
    });
  }
});
