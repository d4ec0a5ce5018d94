import { describe, expect, it } from 'vitest';
import { newContext } from './browser';
import { clientNavigate, headerBalance, register, setLanguage, setTheme, shoot, visible, WAIT } from './journey';
import { liveStack } from './server';

const live = liveStack();

describe('deposit journey', () => {
  it('pays a first deposit in the sandbox checkout inside the app; the header balance moves without a reload', async () => {
    const context = await newContext(live.browser, live.server.url);
    const page = await context.newPage();
    try {
      await register(page);
      await clientNavigate(page, '/finance/recharge');
      const form = page.locator('form.deposit-form');
      await visible(form.getByRole('radio', { name: /GCash/ }));
      await visible(page.getByText('Your first deposit must be at least ₱ 500.00.'));
      // presets under the first-deposit minimum cannot be picked
      await expect.poll(() => form.getByRole('button', { name: '200.00', exact: true }).isDisabled()).toBe(true);
      await shoot(page, 'recharge-light-en');
      await setTheme(page, 'dark');
      await shoot(page, 'recharge-dark-en');
      await setTheme(page, 'light');

      // typing below 500 is refused on the spot
      const amount = form.getByLabel('Deposit amount');
      await amount.fill('120.555');
      expect(await amount.inputValue()).toBe('120.55');
      await visible(form.getByText('Your first deposit must be at least ₱ 500.00.'));

      await form.getByRole('button', { name: '1,000.00', exact: true }).click();
      await form.getByRole('radio', { name: /Welcome bonus/ }).click();
      await form.getByRole('button', { name: 'Deposit ₱ 1,000.00' }).click();

      // preCreate's quote: the coupon doubles the deposit and adds 10x turnover on the bonus
      const sheet = page.getByRole('dialog', { name: 'Confirm your deposit' });
      await visible(sheet);
      await visible(sheet.getByText('You pay'));
      expect(await sheet.locator('.quote').innerText()).toMatch(/Bonus\s*₱ 1,000\.00/);
      await shoot(page, 'recharge-quote-light-en');
      // a marker that a page load would wipe: the balance must change without one
      await page.evaluate(() => Object.assign(window, { __noReload: true }));
      await sheet.getByRole('button', { name: 'Pay with GCash' }).click();

      // the sandbox checkout in the in-app frame
      const frame = page.frameLocator('iframe.frame__iframe');
      await visible(frame.getByText('Pay to'));
      await shoot(page, 'recharge-checkout');
      await frame.locator('#mobile').fill('9171234567');
      await frame.locator('#mpin').fill('1234');
      await frame.getByRole('button', { name: /^Pay ₱1,000\.00$/ }).click();
      await visible(frame.getByText('Payment successful'));

      // the socket moves the header balance: deposit + bonus
      await expect.poll(() => headerBalance(page), { timeout: WAIT }).toBe('2,000.00');
      expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
      await visible(page.getByText('Deposit of ₱ 1,000.00 received. Your balance is updated.'));

      await frame.getByRole('button', { name: 'Return to merchant' }).click();
      await page.locator('iframe.frame__iframe').waitFor({ state: 'detached', timeout: WAIT });
      // paid: no deposit-problem question
      expect(await page.getByText('It seems that you encountered a problem during deposit.').count()).toBe(0);

      await page.getByRole('link', { name: 'Records' }).click();
      await page.waitForURL('**/transactionHistory?tab=deposit', { timeout: WAIT });
      const row = page.locator('li.row').filter({ hasText: '1,000.00' });
      await visible(row);
      expect(await row.locator('.status').innerText()).toBe('Success');
      await visible(row.getByText('+ ₱ 1,000.00 bonus'));
      await shoot(page, 'transaction-history-light-en');

      await setLanguage(page, 'Tiếng Việt', '/transactionHistory?tab=deposit');
      await visible(page.locator('li.row .status').getByText('Thành công'));
      await shoot(page, 'transaction-history-light-vi');
      await clientNavigate(page, '/finance/recharge');
      await visible(page.getByRole('radio', { name: /GCash/ }));
      await shoot(page, 'recharge-light-vi');
      await setTheme(page, 'dark');
      await shoot(page, 'recharge-dark-vi');
    } finally {
      await context.close();
    }
  });

  it('closing the checkout before paying asks the deposit-problem question; continuing reopens it', async () => {
    const context = await newContext(live.browser, live.server.url);
    const page = await context.newPage();
    try {
      await register(page);
      await clientNavigate(page, '/finance/recharge');
      const form = page.locator('form.deposit-form');
      await form.getByRole('radio', { name: /PayMaya/ }).click();
      await form.getByLabel('Deposit amount').fill('600');
      await form.getByRole('button', { name: 'Deposit ₱ 600.00' }).click();
      await page
        .getByRole('dialog', { name: 'Confirm your deposit' })
        .getByRole('button', { name: 'Pay with PayMaya' })
        .click();
      const frame = page.frameLocator('iframe.frame__iframe');
      await visible(frame.getByText('Pay to'));

      await page
        .getByRole('dialog', { name: /PayMaya/ })
        .getByRole('button', { name: 'Close' })
        .click({ force: true });
      const question = page.getByRole('dialog', { name: 'Deposit not completed' });
      await visible(question);
      await visible(
        question.getByText(
          'It seems that you encountered a problem during deposit. Do you need customer service help or continue to deposit?',
        ),
      );
      await shoot(page, 'recharge-problem-light-en');
      await question.getByRole('button', { name: 'Continue to deposit' }).click();
      await visible(frame.getByText('₱600.00'));
      expect(await headerBalance(page)).toBe('0.00');
    } finally {
      await context.close();
    }
  });
});
