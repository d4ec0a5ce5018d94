import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../server/src/config';
import { IDENTITY } from '../../server/src/test/world';
import { documentBodies } from '../../server/src/world/recipes';
import { newContext } from './browser';
import { ARTIFACTS, confirmInPage, pageSettled, register, uidOf, visible, WAIT } from './journey';
import { liveStack } from './server';

const TOKEN = testConfig().adminToken;
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

const live = liveStack();

async function opsCall<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${live.server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    // A server that does not answer fails this call with its path, not the whole test at its time-out.
    signal: AbortSignal.timeout(WAIT),
  });
  const envelope = (await response.json()) as { success: boolean; data: T; msg: string };
  if (!envelope.success) throw new Error(`${method} ${path}: ${envelope.msg}`);
  return envelope.data;
}

/** The same screen at desktop width and at 390 px, then back to desktop. */
async function shootBoth(page: Page, name: string) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await pageSettled(page);
  await page.screenshot({ path: join(ARTIFACTS, `backoffice-${name}-1366.png`), fullPage: true });
  await page.setViewportSize(PHONE);
  await pageSettled(page);
  await page.screenshot({ path: join(ARTIFACTS, `backoffice-${name}-390.png`), fullPage: true });
  await page.setViewportSize(DESKTOP);
}

const tab = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name, exact: true }).click();

describe('the back office tabs', () => {
  it('KYC queue, codes, channels, a player’s sessions and the live chat each do one real action', async () => {
    const playerContext = await newContext(live.browser, live.server.url);
    const opsContext = await live.browser.newContext({ baseURL: live.server.url, viewport: DESKTOP });
    const page = await playerContext.newPage();
    const operator = await opsContext.newPage();
    try {
      // a player with a session from this browser and a pending identity verification
      const player = await register(page);
      const uid = await uidOf(page);
      const submitted = await page.evaluate(
        async ({ identity, photos }) => {
          for (const body of photos) {
            await fetch('/api/user/kyc/documents', {
              method: 'POST',
              headers: { 'content-type': 'application/json', requestfrom: 'H5' },
              body: JSON.stringify(body),
            });
          }
          const r = await fetch('/api/user/kyc/submit', {
            method: 'POST',
            headers: { 'content-type': 'application/json', requestfrom: 'H5' },
            body: JSON.stringify(identity),
          });
          return ((await r.json()) as { success: boolean }).success;
        },
        { identity: IDENTITY, photos: documentBodies() },
      );
      expect(submitted).toBe(true);

      await operator.goto('/ops');
      // The service account (ADMIN_TOKEN) signs in below the operator form; confirmations (in the page) get a reason.
      await operator.getByText('Service token (scripts, CI)').click();
      await operator.getByLabel('Your name (recorded in the audit trail and on chat answers)').fill('Maria');
      await operator.getByLabel('Admin token').fill(TOKEN);
      await operator.getByRole('button', { name: 'Use the token' }).click();

      // KYC queue: the pending submission, viewed and approved
      await tab(operator, 'KYC queue');
      const queue = operator.getByRole('region', { name: 'Identity verification' });
      const submission = queue.locator('tr').filter({ hasText: player.username });
      await visible(submission.getByText('pending'));
      await submission.click();
      const decision = queue.getByRole('region', { name: `Verification of ${player.username}` });
      await visible(decision.getByText(IDENTITY.realName, { exact: true }));
      // the operator approves from the photos: all three load (as blobs, with the operator's token)
      for (const kind of ['idFront', 'idBack', 'selfie'])
        await visible(decision.getByTestId(`kyc-doc-${kind}`).locator('img'));
      await shootBoth(operator, 'kyc');
      await decision.getByRole('button', { name: 'Approve' }).click();
      await confirmInPage(operator);
      await visible(operator.getByRole('status').getByText('Identity verified'));
      await expect.poll(() => submission.count(), { timeout: WAIT }).toBe(0);
      const kyc = await opsCall<{ list: { status: string; decidedBy: string }[] }>('GET', `/ops/kyc?uid=${uid}`);
      expect(kyc.list[0]?.status).toBe('verified');

      // Codes: create one, see it with its uses, disable it
      await tab(operator, 'Codes');
      const codes = operator.getByRole('region', { name: 'Redemption codes' });
      const form = codes.getByRole('form', { name: 'New code' });
      await form.getByLabel('Code', { exact: true }).fill('E2EBACKOFFICE');
      await form.getByLabel('Cash (₱)').fill('15');
      await form.getByLabel('Uses').fill('3');
      await form.getByRole('button', { name: 'Create code' }).click();
      await visible(operator.getByRole('status').getByText('Code created'));
      const codeRow = codes.locator('tr').filter({ hasText: 'E2EBACKOFFICE' });
      await visible(codeRow.getByText('0 / 3'));
      await visible(codeRow.getByText('live', { exact: true }));
      await codeRow.getByRole('button', { name: 'Disable' }).click();
      await visible(codeRow.getByText('disabled', { exact: true }));
      await shootBoth(operator, 'codes');
      const redeemed = await page.evaluate(async () => {
        const r = await fetch('/api/redemption/code/use', {
          method: 'POST',
          headers: { 'content-type': 'application/json', requestfrom: 'H5' },
          body: JSON.stringify({ code: 'e2ebackoffice' }),
        });
        return ((await r.json()) as { code: number }).code;
      });
      expect(redeemed).toBe(60205);

      // Channels & limits: switch Maya off, change GCash's max
      await tab(operator, 'Channels & limits');
      const channels = operator.getByRole('region', { name: 'Deposit channels' });
      const maya = channels.locator('tr').filter({ hasText: 'maya' });
      await maya.getByRole('button', { name: 'Switch off' }).click();
      await visible(maya.getByText('off', { exact: true }));
      const gcash = channels.locator('tr').filter({ hasText: 'gcash' });
      const max = gcash.getByLabel(/max$/);
      await max.fill('45000');
      await gcash.getByRole('button', { name: 'Save limits' }).click();
      await visible(operator.getByRole('status').getByText(/limits saved/));
      // VIP 2's daily withdrawal limits, edited and saved
      const limits = operator.getByRole('table', { name: 'Daily withdrawal limits' });
      const vip2 = limits.getByRole('row', { name: 'VIP 2', exact: true });
      await vip2.getByLabel('VIP 2 amount per day').fill('65000.50');
      await vip2.getByLabel('VIP 2 withdrawals per day').fill('7');
      await vip2.getByRole('button', { name: 'Save' }).click();
      await visible(operator.getByRole('status').getByText('VIP 2 limits saved'));
      await visible(limits.getByRole('row', { name: 'VIP 2', exact: true }).getByText('set by an operator'));
      await visible(limits.getByText('now ₱65,000.50 × 7'));
      await shootBoth(operator, 'channels');
      const methods = await opsCall<{ code: string; enabled: boolean; max: number }[]>('GET', '/ops/channels');
      expect(methods.find((c) => c.code === 'maya')?.enabled).toBe(false);
      expect(methods.find((c) => c.code === 'gcash')?.max).toBe(45000);
      await opsCall('POST', '/ops/channels/maya', { enabled: true });
      const settings = await opsCall<{ limits: { vipLevel: number; dailyAmount: number; dailyCount: number }[] }>(
        'GET',
        '/ops/withdraw-settings',
      );
      expect(settings.limits.find((l) => l.vipLevel === 2)).toMatchObject({ dailyAmount: 65000.5, dailyCount: 7 });
      expect(settings.limits.find((l) => l.vipLevel === 3)).toMatchObject({ dailyAmount: 80000, dailyCount: 5 });

      // Ledger check: the figures GET /ops/ledger/check answers, shown on demand
      await tab(operator, 'Ledger check');
      const ledger = operator.getByRole('region', { name: 'Ledger check' });
      await visible(ledger.getByText('Not checked yet.'));
      await ledger.getByRole('button', { name: 'Check the ledger' }).click();
      const result = ledger.getByRole('region', { name: 'Ledger check result' });
      await visible(result.getByText('whole', { exact: true }));
      const check = await opsCall<{ whole: boolean; total: number; counterparties: { code: string }[] }>(
        'GET',
        '/ops/ledger/check',
      );
      expect(check.whole).toBe(true);
      await visible(result.getByText(`₱${check.total.toFixed(2)}`, { exact: true }));
      const counterparties = result.getByRole('table', { name: 'Counterparties' });
      expect(await counterparties.locator('tbody tr').count()).toBe(check.counterparties.length);
      await operator.setViewportSize(PHONE);
      await pageSettled(operator);
      await operator.screenshot({ path: join(ARTIFACTS, 'backoffice-ledger-check-390.png'), fullPage: true });
      await operator.setViewportSize(DESKTOP);

      // Live chat, pushed: the player writes while the tab is open; it appears without a reload or a poll
      await tab(operator, 'Live chat');
      const chat = operator.getByRole('region', { name: 'Live chat' });
      await visible(chat.getByText('Live', { exact: true }));
      await visible(chat.getByText('No conversations.'));
      await page.evaluate(async () => {
        await fetch('/api/chat/send', {
          method: 'POST',
          headers: { 'content-type': 'application/json', requestfrom: 'H5' },
          body: JSON.stringify({ text: 'Is my ID approved?' }),
        });
      });
      const conversation = chat.locator('tr').filter({ hasText: player.username });
      await visible(conversation.getByText('Is my ID approved?'));
      await visible(chat.getByText('1 unread', { exact: true }));
      await conversation.click();
      // shown means read (POST .../read), and the count comes back over the channel
      await visible(chat.getByText('0 unread', { exact: true }));
      await page.evaluate(async () => {
        await fetch('/api/chat/send', {
          method: 'POST',
          headers: { 'content-type': 'application/json', requestfrom: 'H5' },
          body: JSON.stringify({ text: 'Thank you!' }),
        });
      });
      await visible(operator.getByRole('region', { name: 'Conversation' }).getByText('Thank you!'));
      await shootBoth(operator, 'chat-live');

      // Players: the player's sessions (this browser's), ended from the back office; the journal
      await tab(operator, 'Players');
      await operator.getByLabel('Find player').fill(player.username);
      await operator.getByRole('button', { name: 'Find', exact: true }).click();
      await operator.getByRole('cell', { name: player.username, exact: true }).click();
      const sessions = operator.getByRole('table', { name: 'Sessions' });
      const session = sessions.locator('tr').filter({ hasText: 'live' });
      await visible(session.getByText(/HeadlessChrome|Chrome/));
      await shootBoth(operator, 'player-sessions');
      await session.getByRole('button', { name: 'End' }).click();
      await visible(operator.getByRole('status').getByText('Session ended'));
      await visible(sessions.getByText('revoked by operator'));
      const after = await opsCall<{ live: boolean }[]>('GET', `/ops/users/${uid}/sessions`);
      expect(after.every((s) => !s.live)).toBe(true);

      // Responsible gaming: a wager limit set for the player who asked, with a typed reason and a confirmation
      const rg = operator.getByRole('definition').filter({ hasText: /^no limit · used ₱0\.00$/ });
      await visible(rg);
      await operator.getByLabel('Limit kind').selectOption('wager');
      await operator.getByLabel('Limit amount').fill('500');
      await operator.getByLabel('Limit reason').fill('Asked on live chat');
      await operator.getByRole('button', { name: 'Save limit' }).click();
      await confirmInPage(operator);
      await visible(operator.getByRole('status').getByText('Limit saved'));
      await visible(operator.getByText('₱500.00 · used ₱0.00'));
      await operator.getByLabel('Limit reason').scrollIntoViewIfNeeded();
      await shootBoth(operator, 'player-responsible');
      const rgState = await opsCall<{ wagerLimits: { amount: number | null }[] }>(
        'GET',
        `/ops/users/${uid}/responsible`,
      );
      expect(rgState.wagerLimits[0]?.amount).toBe(500);

      // every action above is in the audit trail under the operator's name
      const trail = await opsCall<{ list: { operator: string; route: string }[] }>(
        'GET',
        '/ops/audit?operator=Maria&size=50',
      );
      expect(new Set(trail.list.map((r) => r.route))).toEqual(
        new Set([
          '/ops/kyc/:uid/decide',
          '/ops/codes',
          '/ops/codes/:id/disable',
          '/ops/channels/:code',
          '/ops/withdraw-limits/:vipLevel',
          '/ops/chat/:id/read',
          '/ops/users/:uid/sessions/:id/revoke',
          '/ops/users/:uid/responsible/playLimit',
        ]),
      );
    } catch (error) {
      await operator.screenshot({ path: join(ARTIFACTS, 'backoffice-tabs-failure.png'), fullPage: true });
      throw error;
    } finally {
      // Every check has run by now. A CI run hung after the journey's last screenshot until the test's time-out
      // (in a server call, now bounded above, or here): closing is bounded too; the browser closes with the file.
      await Promise.race([
        Promise.all([playerContext.close(), opsContext.close()]),
        new Promise((resolve) => setTimeout(resolve, WAIT)),
      ]);
    }
  }, 240_000);
});
