import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../server/src/config';
import { newContext } from './browser';
import { confirmInPage, pageSettled } from './journey';
import { liveStack } from './server';

const ARTIFACTS = join(import.meta.dirname, 'artifacts');
const WAIT = 15_000;
const TOKEN = testConfig().adminToken;

const live = liveStack();

const visible = (locator: Locator, timeout = WAIT) => locator.first().waitFor({ state: 'visible', timeout });

async function opsCall<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${live.server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { success: boolean; data: T; msg: string };
  if (!envelope.success) throw new Error(`${method} ${path}: ${envelope.msg}`);
  return envelope.data;
}

async function playerLogin(page: Page, username: string, password: string) {
  await page.goto('/login');
  const accept = page.getByRole('button', { name: 'I am 21 or older' });
  try {
    await accept.waitFor({ state: 'visible', timeout: 5_000 });
    await accept.click();
  } catch {
    // not asked
  }
  await page.getByLabel('Username or mobile number', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.locator('form').getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL('**/game', { timeout: WAIT });
}

const withdrawalStatus = (page: Page, orderNo: string) =>
  page.locator('li.row').filter({ hasText: orderNo }).locator('.status');

describe('the back office', () => {
  it("lands on the dashboard; its queue link shows a player's pending withdrawal; approving and paying it shows Success to the player", async () => {
    const loaded = await opsCall<{ personas: { username: string; password: string; uid: number }[] }>(
      'POST',
      '/ops/scenarios/pending-withdrawal',
      {},
    );
    const ana = loaded.personas.find((p) => p.username === 'ana00001');
    if (!ana) throw new Error('ana00001 missing from the scenario');
    const pending = await opsCall<{ list: { orderNo: string; username: string }[] }>(
      'GET',
      `/ops/withdrawals?status=0&uid=${ana.uid}`,
    );
    const orderNo = pending.list[0]?.orderNo ?? '';
    expect(orderNo).toMatch(/^W\d{16}$/);

    const playerContext = await newContext(live.browser, live.server.url);
    const player = await playerContext.newPage();
    const opsContext = await live.browser.newContext({
      baseURL: live.server.url,
      viewport: { width: 1366, height: 800 },
    });
    const operator = await opsContext.newPage();
    mkdirSync(ARTIFACTS, { recursive: true });
    try {
      await playerLogin(player, ana.username, ana.password);
      await player.goto('/transactionHistory?tab=withdraw');
      await visible(withdrawalStatus(player, orderNo).getByText('Pending', { exact: true }));

      await operator.goto('/ops');
      // The service account (ADMIN_TOKEN) signs in below the operator form; confirmations (in the page) get a reason.
      await operator.getByText('Service token (scripts, CI)').click();
      await operator.getByLabel('Admin token').fill('not-the-token-000000');
      await operator.getByRole('button', { name: 'Use the token' }).click();
      await visible(operator.getByRole('alert'));
      await operator.getByLabel('Admin token').fill(TOKEN);
      await operator.getByRole('button', { name: 'Use the token' }).click();

      // The landing page is the dashboard: today's figures, the queues, the 30 days' charts
      const queues = operator.getByRole('navigation', { name: 'Pending queues' });
      const toReview = queues.getByRole('link', { name: /Withdrawals to review/ });
      await visible(toReview);
      const board = await opsCall<{ pending: { withdrawals: number }; today: string }>('GET', '/ops/dashboard');
      expect(board.pending.withdrawals).toBeGreaterThanOrEqual(1);
      expect(await toReview.locator('.count').textContent()).toBe(String(board.pending.withdrawals));
      const [year, month, day] = board.today.split('-');
      await visible(operator.getByRole('region', { name: `Today, ${month}/${day}/${year}` }));
      await visible(operator.locator('.chart canvas'));
      await pageSettled(operator);
      await operator.screenshot({ path: join(ARTIFACTS, 'backoffice-dashboard.png'), fullPage: true });

      // its queue link opens the review queue
      await toReview.click();
      const row = operator.locator(`tr[data-order="${orderNo}"]`);
      await visible(row.getByText('ana00001'));
      await visible(row.getByText('Pending'));
      await operator.screenshot({ path: join(ARTIFACTS, 'backoffice-queue.png') });
      await row.getByRole('button', { name: 'Approve' }).click();
      await visible(operator.getByRole('dialog', { name: `Approve withdrawal ${orderNo} and send it to payout?` }));
      await operator.screenshot({ path: join(ARTIFACTS, 'backoffice-confirm.png') });
      await confirmInPage(operator);
      await visible(operator.getByRole('status').getByText('Sent to payout'));

      await operator.getByLabel('Withdrawal status').selectOption('6');
      const processing = operator.locator(`tr[data-order="${orderNo}"]`);
      await visible(processing.getByText('Processing'));
      await processing.getByRole('button', { name: 'Paid' }).click();
      await confirmInPage(operator);
      await visible(operator.getByRole('status').getByText('Marked paid'));
      await operator.getByLabel('Withdrawal status').selectOption('2');
      await visible(operator.locator(`tr[data-order="${orderNo}"]`).getByText('Success'));

      await player.reload();
      await visible(withdrawalStatus(player, orderNo).getByText('Success', { exact: true }));
      await player.screenshot({ path: join(ARTIFACTS, 'player-withdrawal-success.png') });

      const detail = await opsCall<{ status: number; history: { to: number; actor: string }[] }>(
        'GET',
        `/ops/withdrawals/${orderNo}`,
      );
      expect(detail.status).toBe(2);
      expect(detail.history.map((h) => [h.to, h.actor])).toEqual([
        [0, 'player'],
        [1, 'ops'],
        [6, 'ops'],
        [2, 'ops'],
      ]);
    } finally {
      await playerContext.close();
      await opsContext.close();
    }
  });
});
