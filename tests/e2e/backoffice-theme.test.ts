import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../server/src/config';
import { IDENTITY } from '../../server/src/test/world';
import { documentBodies } from '../../server/src/world/recipes';
import { newContext } from './browser';
import { ARTIFACTS, confirmInPage, pageSettled, register, visible } from './journey';
import { liveStack } from './server';

const TOKEN = testConfig().adminToken;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const live = liveStack();

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

const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);
/** How far the page itself scrolls sideways: at most the viewport's width when nothing overflows. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/**
 * Each section the brief names, opened as an operator would (a player picked, a verification picked), so
 * the screenshot shows its detail too.
 */
const SECTIONS: { name: string; open(page: Page, who: { username: string; pending: string }): Promise<void> }[] = [
  {
    name: 'dashboard',
    open: async (page) => {
      await visible(page.getByRole('navigation', { name: 'Pending queues' }));
      await visible(page.locator('.chart canvas'));
    },
  },
  {
    name: 'players',
    open: async (page, who) => {
      const row = page.locator('tr').filter({ hasText: who.username });
      await row.first().click();
      const detail = page.getByRole('region', { name: `Player ${who.username}` });
      await visible(detail.getByRole('region', { name: 'Linked' }));
      await visible(detail.getByRole('heading', { name: /^Journal/ }));
    },
  },
  {
    name: 'kyc',
    open: async (page, who) => {
      await page.locator('tr').filter({ hasText: who.pending }).first().click();
      const decision = page.getByRole('region', { name: `Verification of ${who.pending}` });
      for (const kind of ['idFront', 'idBack', 'selfie'])
        await visible(decision.getByTestId(`kyc-doc-${kind}`).locator('img'));
    },
  },
  {
    name: 'operators',
    open: async (page) => {
      await visible(page.getByRole('combobox', { name: 'Role of cashier-maria' }));
    },
  },
  {
    name: 'withdrawals',
    open: async (page, who) => {
      await visible(page.locator('tr').filter({ hasText: who.username }));
    },
  },
];

describe('the back office in both themes and on a phone', () => {
  it('follows the system theme until the operator chooses, remembers the choice, and every section fits 390 px in light and dark', async () => {
    const loaded = await opsCall<{ personas: { username: string }[] }>('POST', '/ops/scenarios/pending-withdrawal', {});
    const username = loaded.personas[0]?.username ?? '';
    for (const [name, role] of [
      ['cashier-maria', 'cashier'],
      ['risk-jun', 'risk'],
      ['support-liza', 'support'],
    ])
      await opsCall('POST', '/ops/operators', { name, role, password: 'correct horse battery' });

    // a player waiting for identity review, with the three photos
    const playerContext = await newContext(live.browser, live.server.url);
    const playerPage = await playerContext.newPage();
    const pending = (await register(playerPage)).username;
    const submitted = await playerPage.evaluate(
      async ({ identity, photos }) => {
        const send = (path: string, body: unknown) =>
          fetch(path, {
            method: 'POST',
            headers: { 'content-type': 'application/json', requestfrom: 'H5' },
            body: JSON.stringify(body),
          });
        for (const body of photos) await send('/api/user/kyc/documents', body);
        return ((await (await send('/api/user/kyc/submit', identity)).json()) as { success: boolean }).success;
      },
      { identity: IDENTITY, photos: documentBodies() },
    );
    expect(submitted).toBe(true);
    await playerContext.close();

    // The operator's system prefers dark: the back office starts dark, before any choice.
    const context = await live.browser.newContext({ baseURL: live.server.url, viewport: DESKTOP, colorScheme: 'dark' });
    const page = await context.newPage();
    mkdirSync(ARTIFACTS, { recursive: true });
    try {
      await page.goto('/ops');
      expect(await theme(page)).toBe('dark');
      await page.getByText('Service token (scripts, CI)').click();
      await page.getByLabel('Admin token').fill(TOKEN);
      await page.getByRole('button', { name: 'Use the token' }).click();
      const toggle = page.getByRole('banner').getByRole('button', { name: 'Dark theme' });
      await visible(toggle);
      expect(await toggle.getAttribute('aria-pressed')).toBe('true');

      // The operator chooses light: kept across a reload although the system still prefers dark.
      await toggle.click();
      expect(await theme(page)).toBe('light');
      expect(await toggle.getAttribute('aria-pressed')).toBe('false');
      await page.reload();
      await visible(toggle);
      expect(await theme(page)).toBe('light');

      for (const chosen of ['light', 'dark'] as const) {
        if ((await theme(page)) !== chosen) await toggle.click();
        expect(await theme(page)).toBe(chosen);
        for (const viewport of [DESKTOP, PHONE]) {
          await page.setViewportSize(viewport);
          for (const section of SECTIONS) {
            await page.goto(`/ops#${section.name}`);
            await section.open(page, { username, pending });
            await pageSettled(page);
            await page.screenshot({
              path: join(ARTIFACTS, `backoffice-${section.name}-${chosen}-${viewport.width}.png`),
              fullPage: true,
            });
            if (viewport === PHONE)
              expect.soft(await pageWidth(page), `${section.name} in ${chosen}`).toBeLessThanOrEqual(390);
          }
        }
      }

      // Dark, on the phone: a confirmation dialog, the two-step QR code (its white quiet zone kept), and
      // every other section of the header without a sideways page scroll.
      expect(await theme(page)).toBe('dark');
      await page.setViewportSize(PHONE);
      await page.goto('/ops#withdrawals');
      await page.locator('tr').filter({ hasText: username }).getByRole('button', { name: 'Approve' }).click();
      await visible(page.getByRole('dialog'));
      await page.screenshot({ path: join(ARTIFACTS, 'backoffice-dialog-dark-390.png') });
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });

      await page.goto('/ops#operators');
      await page
        .getByRole('row', { name: /cashier-maria/ })
        .getByRole('button', { name: 'Reset 2FA' })
        .click();
      await confirmInPage(page);
      const qr = page.getByRole('img', { name: /QR code of the authenticator secret/ });
      await visible(qr);
      expect(await qr.locator('rect').getAttribute('fill')).toBe('#fff');
      await qr.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(ARTIFACTS, 'backoffice-qr-dark-390.png') });

      const hashes = await page
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link')
        .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).hash));
      expect(hashes.length).toBeGreaterThanOrEqual(15);
      for (const hash of hashes) {
        await page.goto(`/ops${hash}`);
        await visible(page.locator('main .panel'));
        await pageSettled(page);
        expect.soft(await pageWidth(page), `${hash} at 390 px`).toBeLessThanOrEqual(390);
      }
    } finally {
      await context.close();
    }
  });
});
