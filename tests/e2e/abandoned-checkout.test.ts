import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext } from './browser';
import { clientNavigate, headerBalance, register, setLanguage, shoot, visible, WAIT } from './journey';
import { liveStack } from './server';

const live = liveStack();

/** The order number the sandbox checkout in the in-app frame shows ("Order D2026… · expires …"). */
async function checkoutOrderNo(page: Page): Promise<string> {
  const order = page.frameLocator('iframe.frame__iframe').locator('.order');
  await visible(order);
  const match = /Order (\S+)/.exec(await order.innerText());
  if (!match?.[1]) throw new Error('The checkout shows no order number');
  return match[1];
}

/** Closes the in-app checkout frame without paying and answers the deposit-problem question. */
async function closeCheckout(page: Page): Promise<void> {
  await page
    .getByRole('dialog', { name: /GCash|Pay ₱/ })
    .getByRole('button', { name: 'Close' })
    .click({ force: true });
  await page.locator('iframe.frame__iframe').waitFor({ state: 'detached', timeout: WAIT });
  const question = page.getByRole('dialog', { name: 'Deposit not completed' });
  try {
    await question.waitFor({ state: 'visible', timeout: 3_000 });
  } catch {
    return;
  }
  await question.getByRole('button', { name: 'Close' }).click({ force: true });
  await question.waitFor({ state: 'hidden', timeout: WAIT });
}

/** On the recharge screen: ₱1,000 with the welcome bonus, confirmed, which opens the in-app GCash checkout. */
async function startWelcomeDeposit(page: Page): Promise<void> {
  const form = page.locator('form.deposit-form');
  await form.getByRole('button', { name: '1,000.00', exact: true }).click();
  await form.getByRole('radio', { name: /Welcome bonus/ }).click();
  await form.getByRole('button', { name: 'Deposit ₱ 1,000.00' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm your deposit' })
    .getByRole('button', { name: 'Pay with GCash' })
    .click();
}

describe('abandoned checkout journey', () => {
  it('a closed checkout stays Pending with continue and cancel; cancelling gives the welcome coupon back at once', async () => {
    const context = await newContext(live.browser, live.server.url);
    const page = await context.newPage();
    try {
      await register(page);
      await clientNavigate(page, '/finance/recharge');
      const form = page.locator('form.deposit-form');
      await visible(form.getByRole('radio', { name: /GCash/ }));
      await startWelcomeDeposit(page);
      const orderNo = await checkoutOrderNo(page);
      await closeCheckout(page);

      // at once, without a reload: the Pending card, and the held coupon is no longer offered
      const card = page.locator('section.pending-deposit');
      await visible(card.getByText('A deposit of ₱ 1,000.00 is waiting for payment'));
      await expect.poll(() => form.getByRole('radio', { name: /Welcome bonus/ }).count(), { timeout: WAIT }).toBe(0);

      // a reload: the recharge screen still shows the Pending deposit with its two actions
      await page.reload();
      await visible(card.getByText('A deposit of ₱ 1,000.00 is waiting for payment'));
      expect(await card.locator('[data-pending]').getAttribute('data-pending')).toBe(orderNo);
      await visible(card.getByRole('button', { name: 'Continue payment' }));
      await visible(card.getByRole('button', { name: 'Cancel deposit' }));
      // the coupon is held by the Pending order
      expect(await form.getByRole('radio', { name: /Welcome bonus/ }).count()).toBe(0);
      await shoot(page, 'abandoned-checkout-pending-en');

      // continue: the same checkout of the same order
      await card.getByRole('button', { name: 'Continue payment' }).click();
      expect(await checkoutOrderNo(page)).toBe(orderNo);
      await visible(page.frameLocator('iframe.frame__iframe').getByText('₱1,000.00'));
      await closeCheckout(page);

      // cancel from the record in the transaction history
      await clientNavigate(page, '/transactionHistory?tab=deposit');
      const row = page.locator(`li.row[data-order="${orderNo}"]`);
      await visible(row);
      expect(await row.locator('.status').innerText()).toBe('Pending');
      await row.getByRole('button', { name: 'Cancel deposit' }).click();
      await expect.poll(() => row.locator('.status').innerText(), { timeout: WAIT }).toBe('Failed');
      expect(await row.getByRole('button', { name: 'Continue payment' }).count()).toBe(0);

      // the coupon is offered again on the recharge screen at once, and no Pending card is left
      await clientNavigate(page, '/finance/recharge');
      await visible(form.getByRole('radio', { name: /Welcome bonus/ }));
      expect(await page.locator('section.pending-deposit').count()).toBe(0);
      expect(await headerBalance(page)).toBe('0.00');
    } finally {
      await context.close();
    }
  });

  it('shows the Pending card in Vietnamese', async () => {
    const context = await newContext(live.browser, live.server.url);
    const page = await context.newPage();
    try {
      await register(page);
      await clientNavigate(page, '/finance/recharge');
      await startWelcomeDeposit(page);
      await checkoutOrderNo(page);
      await closeCheckout(page);

      await setLanguage(page, 'Tiếng Việt', '/finance/recharge');
      const card = page.locator('section.pending-deposit');
      await visible(card.getByText('Khoản nạp ₱ 1,000.00 đang chờ thanh toán'));
      await visible(card.getByRole('button', { name: 'Tiếp tục thanh toán' }));
      await visible(card.getByRole('button', { name: 'Hủy khoản nạp' }));
      await shoot(page, 'abandoned-checkout-pending-vi');
    } finally {
      await context.close();
    }
  });
});
