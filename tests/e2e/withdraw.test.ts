import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHOTO_PNG_BASE64 } from '../../server/src/world/recipes';
import { newContext } from './browser';
import {
  clientNavigate,
  headerBalance,
  ops,
  register,
  setLanguage,
  shoot,
  smsCodeOf,
  uidOf,
  visible,
  WAIT,
} from './journey';
import { liveStack } from './server';

const live = liveStack();

/** The token of the last captcha the page loaded: testers read its answer through /ops, as players cannot. */
function watchCaptchas(page: Page) {
  let token = '';
  page.on('response', async (response) => {
    if (!response.url().endsWith('/api/captcha')) return;
    const body = (await response.json().catch(() => null)) as { data?: { token?: string } } | null;
    if (body?.data?.token) token = body.data.token;
  });
  return () => token;
}

const statusOf = (page: Page, orderNo: string) => page.locator(`li.row[data-order="${orderNo}"] .status`);

describe('withdraw journey', () => {
  it('binds a wallet, gets verified, withdraws, and follows the order to Success in transaction history', async () => {
    const context = await newContext(live.browser, live.server.url);
    const page = await context.newPage();
    const captchaToken = watchCaptchas(page);
    try {
      await register(page);
      const uid = await uidOf(page);
      await ops(live.server.url, 'POST', `/ops/users/${uid}/adjust`, { amount: 1000, reason: 'e2e funding' });
      await expect.poll(() => headerBalance(page), { timeout: WAIT }).toBe('1,000.00');

      // no transaction password yet: the guard sends the player to set one
      await clientNavigate(page, '/finance/withdraw');
      await page.waitForURL('**/profile?action=transactionPwd', { timeout: WAIT });
      const sheet = page.getByRole('dialog', { name: 'Transaction Password' });
      await sheet.getByLabel('New transaction password', { exact: true }).fill('trade123');
      await sheet.getByLabel('Confirm transaction password', { exact: true }).fill('trade123');
      await sheet.getByRole('button', { name: 'Set transaction password' }).click();
      await sheet.waitFor({ state: 'hidden', timeout: WAIT });

      await clientNavigate(page, '/finance/withdraw');
      await visible(page.getByRole('heading', { name: 'Identity verification' }));
      await visible(page.getByText('Verify your identity first: withdrawals open once it is approved.'));
      await expect.poll(() => page.getByRole('button', { name: 'Withdraw', exact: true }).isDisabled()).toBe(true);
      await shoot(page, 'withdraw-light-en');

      // bind the wallet through the bind-wallet popup
      await page.getByRole('button', { name: 'Bind Wallet' }).click();
      const bind = page.getByRole('dialog', { name: 'Bind Wallet' });
      await bind.getByLabel('Wallet number').fill('9171234567');
      await bind.getByLabel('Payee name').fill('Juan Dela Cruz');
      await bind.getByLabel('Withdrawal password').fill('trade123');
      await bind.getByRole('button', { name: 'Bind wallet' }).click();
      await bind.waitFor({ state: 'hidden', timeout: WAIT });
      await visible(page.getByTestId('bound-wallet').getByText('Juan Dela Cruz'));

      // identity: the three photos (camera or file), the form, then the operator's decision
      await page.getByRole('button', { name: 'Verify my identity' }).click();
      const photo = { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from(PHOTO_PNG_BASE64, 'base64') };
      for (const kind of ['idFront', 'idBack', 'selfie']) {
        await page.getByTestId(`kyc-${kind}-file`).setInputFiles({ ...photo, name: `${kind}.png` });
        await visible(page.getByTestId(`kyc-photo-${kind}`).getByText('Uploaded'));
      }
      await page.getByLabel('Full name as on your ID').fill('Juan Dela Cruz');
      const birth = page.getByLabel('Date of birth');
      await birth.fill('01151990');
      expect(await birth.inputValue()).toBe('01/15/1990');
      await page.getByLabel('ID number').fill('1234-5678-9012');
      await shoot(page, 'withdraw-kyc-form-light-en');
      await page.getByRole('button', { name: 'Submit for verification' }).click();
      await visible(page.getByTestId('kyc-pending'));
      // the operator's decision reaches the open screen through the socket, without a reload
      await ops(live.server.url, 'POST', `/ops/kyc/${uid}/decide`, { decision: 'verified' });
      await visible(page.getByText('Identity verified'));
      await visible(page.getByTestId('withdraw-limits').getByText('₱ 20,000.00'));

      // the form: amount with two decimals at most, the captcha and the transaction password
      const amount = page.getByLabel('Withdrawal amount');
      await amount.fill('300.456');
      expect(await amount.inputValue()).toBe('300.45');
      await amount.fill('300');
      await expect.poll(captchaToken, { timeout: WAIT }).not.toBe('');
      const { answer } = await ops<{ answer: string }>(live.server.url, 'GET', `/ops/captcha/${captchaToken()}`);
      await page.getByLabel('Verification code', { exact: true }).fill(answer);
      await page.getByLabel('Transaction password', { exact: true }).fill('trade123');
      // the SMS code: sent to the bound phone, read by the tester from the outbox (/ops/sms), cool-down shown
      const missing = page.getByRole('button', { name: 'Withdraw ₱ 300.00' });
      await missing.click();
      await visible(page.getByText('This is required'));
      await page.getByRole('button', { name: 'Send code' }).click();
      await visible(page.getByRole('button', { name: /Resend in \d+s/ }));
      const code = await smsCodeOf(live.server.url, uid, 'withdraw');
      expect(code).toMatch(/^\d{6}$/);
      await page.getByLabel('SMS code', { exact: true }).fill(code);
      await shoot(page, 'withdraw-form-light-en');
      await page.getByRole('button', { name: 'Withdraw ₱ 300.00' }).click();
      const created = page.getByText(/Withdrawal W\d+ is pending review\./);
      await visible(created);
      const orderNo = /W\d+/.exec(await created.innerText())?.[0] ?? '';
      expect(orderNo).not.toBe('');
      await expect.poll(() => headerBalance(page), { timeout: WAIT }).toBe('700.00');
      await visible(page.getByTestId('withdraw-limits').getByText('₱ 19,700.00'));

      await page.getByRole('link', { name: 'Follow it in Withdrawal Records' }).click();
      await page.waitForURL('**/transactionHistory?tab=withdraw', { timeout: WAIT });
      await expect.poll(() => statusOf(page, orderNo).innerText(), { timeout: WAIT }).toBe('Pending');
      await page.evaluate(() => Object.assign(window, { __noReload: true }));

      // the operator reviews (sent to the payout gateway: Processing) and pays: the screen follows by itself
      await ops(live.server.url, 'POST', `/ops/withdrawals/${orderNo}/review`);
      await expect.poll(() => statusOf(page, orderNo).innerText(), { timeout: WAIT }).toBe('Processing');
      await ops(live.server.url, 'POST', `/ops/withdrawals/${orderNo}/payout`, { result: 'success' });
      await expect.poll(() => statusOf(page, orderNo).innerText(), { timeout: WAIT }).toBe('Success');
      expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
      expect(await headerBalance(page)).toBe('700.00');
      await shoot(page, 'transaction-history-withdraw-light-en');

      await setLanguage(page, 'Tiếng Việt', '/finance/withdraw');
      await visible(page.getByText('Đã xác minh danh tính'));
      await shoot(page, 'withdraw-light-vi');
      await clientNavigate(page, '/transactionHistory?tab=withdraw');
      await visible(statusOf(page, orderNo));
      await shoot(page, 'transaction-history-withdraw-light-vi');
      await clientNavigate(page, '/records');
      await visible(page.locator('li.row').first());
      await shoot(page, 'records-light-vi');
      await setLanguage(page, 'English', '/records');
      await visible(page.getByRole('button', { name: 'Withdrawal paid' }));
      await page.getByRole('button', { name: 'Adjustment' }).click();
      await visible(page.locator('li.row').filter({ hasText: 'e2e funding' }));
      await expect.poll(() => page.locator('li.row').count(), { timeout: WAIT }).toBe(1);
      await page.getByRole('button', { name: 'All', exact: true }).first().click();
      await expect.poll(() => page.locator('li.row').count(), { timeout: WAIT }).toBe(3);
      await shoot(page, 'records-light-en');
    } catch (error) {
      await shoot(page, 'withdraw-failure');
      throw error;
    } finally {
      await context.close();
    }
  }, 120_000);
});
