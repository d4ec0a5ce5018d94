import { randomInt } from 'node:crypto';
import { md5 } from 'js-md5';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { IDENTITY } from '../../server/src/test/world';
import { documentBodies } from '../../server/src/world/recipes';
import { newContext } from './browser';
import {
  clientNavigate,
  headerBalance,
  ops,
  register,
  setLanguage,
  setTheme,
  shoot,
  smsCodeOf,
  uidOf,
  visible,
  WAIT,
} from './journey';
import { liveStack } from './server';

const live = liveStack();

/** A player call from inside the page (its cookie; a rotated session follows by itself). */
async function api(page: Page, method: 'GET' | 'POST', path: string, body?: unknown) {
  const answer = await page.evaluate(
    async ([m, p, b]) => {
      const response = await fetch(p as string, {
        method: m as string,
        credentials: 'include',
        headers: { 'content-type': 'application/json', requestfrom: 'H5', language: 'en-US' },
        ...(b === undefined ? {} : { body: JSON.stringify(b) }),
      });
      return (await response.json()) as { success: boolean; code: number; msg: string; data: unknown };
    },
    [method, path, body] as const,
  );
  if (!answer.success) throw new Error(`${method} ${path}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

describe('withdraw journey with a bonus being wagered (issue 15 item 4)', () => {
  it('shows what the bonus requires and locks, and withdraws the own money beside it', async () => {
    const context = await newContext(live.browser, live.server.url);
    const page = await context.newPage();
    let captchaToken = '';
    page.on('response', async (response) => {
      if (!response.url().endsWith('/api/captcha')) return;
      const body = (await response.json().catch(() => null)) as { data?: { token?: string } } | null;
      if (body?.data?.token) captchaToken = body.data.token;
    });
    try {
      await register(page);
      const uid = await uidOf(page);
      // Ready to withdraw through the API (the plain withdraw journey walks these screens).
      await api(page, 'POST', '/api/user/modifyPasswordTrade', { newPassword: md5('trade123') });
      await api(page, 'POST', '/api/user/bankCard/create', {
        bank: 'gcash',
        name: IDENTITY.realName,
        account: `917${String(randomInt(10_000_000)).padStart(7, '0')}`,
        password: md5('trade123'),
      });
      for (const body of documentBodies()) await api(page, 'POST', '/api/user/kyc/documents', body);
      await api(page, 'POST', '/api/user/kyc/submit', IDENTITY);
      await ops(live.server.url, 'POST', `/ops/kyc/${uid}/decide`, { decision: 'verified' });
      // 447.00 of the player's own money, then the sign-up bonus (18.00, turned over once).
      await ops(live.server.url, 'POST', `/ops/users/${uid}/adjust`, { amount: 447, reason: 'e2e funding' });
      await api(page, 'POST', '/api/bonus/signIn/claim', { day: 1 });

      // A fresh load reads the user info again (it now has a transaction password and a wallet).
      await page.goto('/game');
      await expect.poll(() => headerBalance(page), { timeout: WAIT }).toBe('465.00');
      await clientNavigate(page, '/finance/withdraw');
      const list = page.getByTestId('wagering');
      await visible(list.getByText('Sign-in reward'));
      await visible(list.getByText('Bet ₱ 0.00 of ₱ 18.00'));
      await visible(list.getByText('Locks ₱ 18.00'));
      await visible(list.getByText(/Your own money stays withdrawable: ₱\s447.00 now/));
      await expect.poll(() => page.getByTestId('withdrawable').innerText(), { timeout: WAIT }).toBe('₱ 447.00');
      await shoot(page, 'withdraw-wagering-light-en');
      await setTheme(page, 'dark');
      await shoot(page, 'withdraw-wagering-dark-en');
      await setTheme(page, 'light');

      await page.getByLabel('Withdrawal amount').fill('447');
      await expect.poll(() => captchaToken, { timeout: WAIT }).not.toBe('');
      const { answer } = await ops<{ answer: string }>(live.server.url, 'GET', `/ops/captcha/${captchaToken}`);
      await page.getByLabel('Verification code', { exact: true }).fill(answer);
      await page.getByLabel('Transaction password', { exact: true }).fill('trade123');
      await page.getByRole('button', { name: 'Send code' }).click();
      await visible(page.getByRole('button', { name: /Resend in \d+s/ }));
      await page.getByLabel('SMS code', { exact: true }).fill(await smsCodeOf(live.server.url, uid, 'withdraw'));
      await page.getByRole('button', { name: 'Withdraw ₱ 447.00' }).click();
      await visible(page.getByText(/Withdrawal W\d+ is pending review\./));
      await expect.poll(() => headerBalance(page), { timeout: WAIT }).toBe('18.00');
      // What is left is the bonus: still listed, nothing withdrawable, and the screen says why.
      await expect.poll(() => page.getByTestId('withdrawable').innerText(), { timeout: WAIT }).toBe('₱ 0.00');
      await visible(
        page.getByText('Your balance is bonus still being wagered (₱ 18.00 locked). Place bets to unlock it.'),
      );
      await visible(page.getByTestId('wagering').getByText('Locks ₱ 18.00'));
      await shoot(page, 'withdraw-wagering-after-light-en');

      await setLanguage(page, 'Tiếng Việt', '/finance/withdraw');
      await visible(page.getByTestId('wagering').getByText('Thưởng điểm danh'));
      await visible(page.getByTestId('wagering').getByText('Khóa ₱ 18.00'));
      await shoot(page, 'withdraw-wagering-light-vi');
      await setTheme(page, 'dark');
      await shoot(page, 'withdraw-wagering-dark-vi');
    } catch (error) {
      await shoot(page, 'withdraw-wagering-failure');
      throw error;
    } finally {
      await context.close();
    }
  }, 180_000);
});
