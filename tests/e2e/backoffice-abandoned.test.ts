import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../server/src/config';
import { retryDelaySeconds, WEBHOOK_MAX_TRIES } from '../../server/src/sandbox/webhook';
import { newContext } from './browser';
import { ARTIFACTS, confirmInPage, ops, pageSettled, register, visible } from './journey';
import { liveStack } from './server';

const TOKEN = testConfig().adminToken;
const live = liveStack();

/**
 * A paid deposit whose webhook the gateway gave up on (every try met the casino's database away) shows on
 * top of Deposits with its count, in both themes and on a phone; a redelivery credits it and the box goes.
 */
describe('the back office shows an abandoned gateway callback and redelivers it', () => {
  it('lists it on Deposits with a count, and Redeliver credits the player', async () => {
    const url = live.server.url;
    await ops(url, 'POST', '/ops/faults', {
      kind: 'error',
      route: '/api/payment/callback',
      status: 503,
      code: 10010,
      count: WEBHOOK_MAX_TRIES,
    });
    const playerContext = await newContext(live.browser, url);
    const playerPage = await playerContext.newPage();
    await register(playerPage);
    const orderNo = await playerPage.evaluate(async () => {
      const built = (await (
        await fetch('/api/recharge/build', {
          method: 'POST',
          headers: { 'content-type': 'application/json', requestfrom: 'H5' },
          body: JSON.stringify({ channel: 'gcash', amount: 700 }),
        })
      ).json()) as { data: { orderNo: string; payUrl: string } };
      const pay = new URL(built.data.payUrl, location.origin);
      await fetch(pay.pathname, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          token: pay.searchParams.get('token') ?? '',
          action: 'pay',
          mobile: '9171234567',
          mpin: '1234',
        }).toString(),
      });
      return built.data.orderNo;
    });
    await playerContext.close();
    // The clock drives the gateway's retries: every one meets the fault, the last one gives up.
    for (let tries = 1; tries < WEBHOOK_MAX_TRIES; tries++)
      await ops(url, 'POST', '/ops/clock', { advance: `${retryDelaySeconds(tries)}s` });
    const listed = await ops<{ count: number }>(url, 'GET', '/ops/deposits/abandoned-callbacks');
    expect(listed.count).toBe(1);

    mkdirSync(ARTIFACTS, { recursive: true });
    for (const [theme, viewport] of [
      ['light', { width: 1280, height: 800 }],
      ['dark', { width: 390, height: 844 }],
    ] as const) {
      const context = await live.browser.newContext({ baseURL: url, viewport, colorScheme: theme });
      const page = await context.newPage();
      await page.goto('/ops');
      await page.getByText('Service token (scripts, CI)').click();
      await page.getByLabel('Admin token').fill(TOKEN);
      await page.getByRole('button', { name: 'Use the token' }).click();
      // The dashboard's queues count it, linked to Deposits.
      const queue = page
        .getByRole('navigation', { name: 'Pending queues' })
        .getByRole('link', { name: /Callbacks abandoned/ });
      await visible(queue);
      expect(await queue.locator('.count').textContent()).toBe('1');
      if (theme === 'light') {
        await pageSettled(page);
        await page.screenshot({ path: join(ARTIFACTS, 'backoffice-abandoned-dashboard-light-1280.png') });
      }
      await page.goto('/ops#deposits');
      const box = page.getByRole('region', { name: 'Abandoned gateway callbacks' });
      await visible(box.getByText(orderNo));
      await visible(box.getByLabel('1 abandoned'));
      await pageSettled(page);
      await page.screenshot({
        path: join(ARTIFACTS, `backoffice-abandoned-${theme}-${viewport.width}.png`),
        fullPage: true,
      });
      if (theme === 'dark') {
        await box.getByRole('button', { name: 'Redeliver' }).click();
        await confirmInPage(page, 'the player sent the receipt');
        await box.waitFor({ state: 'detached' });
        await pageSettled(page);
        await page.screenshot({ path: join(ARTIFACTS, 'backoffice-abandoned-after-dark-390.png'), fullPage: true });
      }
      await context.close();
    }
    const deposits = await ops<{ list: { orderNo: string; status: number }[] }>(
      url,
      'GET',
      `/ops/deposits?orderNo=${orderNo}`,
    );
    expect(deposits.list[0]).toMatchObject({ orderNo, status: 1 });
    expect((await ops<{ count: number }>(url, 'GET', '/ops/deposits/abandoned-callbacks')).count).toBe(0);
  });
});
