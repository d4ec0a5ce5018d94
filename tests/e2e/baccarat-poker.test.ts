import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEWPORT } from './browser';
import {
  ARTIFACTS,
  balanceOf,
  fundedGamePlayer,
  headerBalance,
  headerCentavos,
  lastRecord,
  openGameBySearch,
  pageSettled,
  roundsReported,
  setLanguage,
  WAIT,
} from './journey';
import { liveStack } from './server';

/**
 * Baccarat's pair side bets and Three Card Poker's ante then Play, on a phone (390x844), in en-US (light)
 * and vi-VN (dark): Banker, Player Pair and Banker Pair in one hand, each marked won or lost by the cards
 * dealt; the ante with Pair Plus at the deal, the Play taken only when played. Each time the page's win,
 * the records row, the header and GET /api/balance agree to the centavo.
 */
const live = liveStack();
const SHOTS = join(ARTIFACTS, 'baccarat-poker');

/** The centavos in a money text (both languages write ₱1,234.50). */
const centavosIn = (text: string) =>
  Math.round(Number(/[\d,]+\.\d\d/.exec(text)?.[0]?.replace(/,/g, '') ?? 'NaN') * 100);
const rankOf = (label: string | null) => (label ?? '').slice(0, -1);

describe('baccarat pairs and three card poker on a phone', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    context = await live.browser.newContext({ baseURL: live.server.url, viewport: VIEWPORT, locale: 'en-US' });
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  it('a registered player is funded', async () => {
    await fundedGamePlayer(page, live.server.url);
    expect(await headerBalance(page)).toBe('5,000.00');
  });

  async function open(title: string, ready: string): Promise<FrameLocator> {
    if (await page.locator('.frame--game').count()) {
      const dialog = page.getByRole('dialog', { name: /Game|Trò chơi/ });
      const handle = dialog.getByRole('button', { name: /Show the bar|Hiện thanh/ });
      if (await handle.count()) await handle.click();
      await dialog.getByRole('button', { name: /Back|Quay lại/ }).click();
      await page.locator('.frame--game').waitFor({ state: 'detached', timeout: WAIT });
    }
    return openGameBySearch(page, title, ready);
  }

  /** Every node of `selector` at least 44 x 44 px. */
  const smallest = async (frame: FrameLocator, selector: string) => {
    const boxes = await frame.locator(selector).evaluateAll((nodes) =>
      nodes.map((n) => {
        const r = n.getBoundingClientRect();
        return { w: r.width, h: r.height };
      }),
    );
    return { count: boxes.length, w: Math.min(...boxes.map((b) => b.w)), h: Math.min(...boxes.map((b) => b.h)) };
  };

  for (const lang of ['en-US', 'vi-VN'] as const) {
    const scheme = lang === 'en-US' ? 'light' : 'dark';

    it(`baccarat: Banker, Player Pair and Banker Pair in one hand, each settled by the cards (${lang})`, async () => {
      if (lang === 'vi-VN') {
        await open('Manila Baccarat', 'body.game-baccarat .bac-bets');
        const dialog = page.getByRole('dialog', { name: 'Game' });
        const handle = dialog.getByRole('button', { name: 'Show the bar' });
        if (await handle.count()) await handle.click();
        await dialog.getByRole('button', { name: 'Back' }).click();
        await page.locator('.frame--game').waitFor({ state: 'detached', timeout: WAIT });
        await setLanguage(page, 'Tiếng Việt', '/game');
      }
      await page.emulateMedia({ colorScheme: scheme });
      const frame = await open('Manila Baccarat', 'body.game-baccarat .bac-bets');
      const box = await smallest(frame, '.bac-spot');
      expect(box.count).toBe(5);
      expect(box.w).toBeGreaterThanOrEqual(44);
      expect(box.h).toBeGreaterThanOrEqual(44);
      // the last hand's bets stay on the table (kept for the next hand): cleared first
      if (await frame.locator('.bac-clear').isEnabled()) await frame.locator('.bac-clear').click();
      await frame.locator('button.bac-chip-10').click();
      for (const bet of ['banker', 'playerPair', 'bankerPair']) await frame.locator(`.bac-spot-${bet}`).click();
      await expect.poll(() => frame.locator('.bac-message').innerText()).toContain('30.00');
      await page.screenshot({ path: `${SHOTS}/baccarat-${lang}-${scheme}-bets.png` });
      const before = await balanceOf(page);
      const rounds = await roundsReported(page);
      await frame.locator('.bac-deal').click();
      await expect.poll(() => roundsReported(page), { timeout: 30_000, interval: 100 }).toBeGreaterThan(rounds);
      // each pair spot is marked won exactly when its side's first two cards are of one rank
      for (const side of ['player', 'banker']) {
        const cards = await frame
          .locator(`.bac-hand-${side} .bac-card`)
          .evaluateAll((n) => n.map((c) => c.getAttribute('aria-label')));
        const paired = rankOf(cards[0] ?? null) === rankOf(cards[1] ?? null);
        const spot = await frame.locator(`.bac-spot-${side}Pair`).getAttribute('class');
        expect(spot, `${side}: ${cards.join(' ')}`).toContain(paired ? 'winner' : 'loser');
      }
      expect(await frame.locator('.bac-bet-lines li').count()).toBe(3);
      const record = await lastRecord(page);
      const win = Math.round((record?.win ?? 0) * 100);
      expect(Math.round((record?.bet ?? 0) * 100), record?.result).toBe(3000);
      expect(record?.result).toMatch(/bets .*banker 10\.00.*playerPair 10\.00.*bankerPair 10\.00|bets /);
      await expect.poll(() => balanceOf(page), { timeout: WAIT }).toBe(before - 3000 + win);
      await expect.poll(() => headerCentavos(page), { timeout: WAIT }).toBe(before - 3000 + win);
      // the page's line: the win, or what came back of the 30 pesos, or the loss of all of it
      const line = await frame.locator('.bac-message').innerText();
      expect(centavosIn(line), line).toBe(win > 0 ? win : 3000);
      await page.screenshot({ path: `${SHOTS}/baccarat-${lang}-${scheme}-result.png` });
      await frame.locator('.g-info').click();
      await pageSettled(page);
      await page.screenshot({ path: `${SHOTS}/baccarat-${lang}-${scheme}-sheet.png` });
      await page.keyboard.press('Escape');
    }, 90_000);

    it(`three card poker: ante and Pair Plus at the deal, the Play only when played (${lang})`, async () => {
      await page.emulateMedia({ colorScheme: scheme });
      const frame = await open('Three Card Poker', 'body.game-dealerPoker .tk-deal');
      const pairPlus = frame.locator('.dp-pairplus');
      if ((await pairPlus.getAttribute('aria-pressed')) !== 'true') await pairPlus.click();
      await expect.poll(() => pairPlus.getAttribute('aria-pressed')).toBe('true');
      const before = await balanceOf(page);
      const rounds = await roundsReported(page);
      await frame.locator('.tk-deal').click();
      // the ante and the Pair Plus are taken at the deal, nothing more
      await expect.poll(() => frame.locator('.tk-hit').isEnabled(), { timeout: WAIT }).toBe(true);
      await expect.poll(() => balanceOf(page)).toBe(before - 2000);
      await page.screenshot({ path: `${SHOTS}/poker-${lang}-${scheme}-decide.png` });
      await frame.locator('.tk-hit').click();
      await expect.poll(() => roundsReported(page), { timeout: 30_000, interval: 100 }).toBeGreaterThan(rounds);
      const record = await lastRecord(page);
      const win = Math.round((record?.win ?? 0) * 100);
      expect(Math.round((record?.bet ?? 0) * 100), record?.result).toBe(3000);
      expect(record?.result).toMatch(/pair plus 10\.00 (won|lost)/);
      await expect.poll(() => balanceOf(page), { timeout: WAIT }).toBe(before - 3000 + win);
      await expect.poll(() => headerCentavos(page), { timeout: WAIT }).toBe(before - 3000 + win);
      const line = await frame.locator('.tk-message').first().innerText();
      if (win > 0) expect(centavosIn(line), line).toBe(win);
      await page.screenshot({ path: `${SHOTS}/poker-${lang}-${scheme}-result.png` });
      await frame.locator('.g-info').click();
      await pageSettled(page);
      await page.screenshot({ path: `${SHOTS}/poker-${lang}-${scheme}-sheet.png` });
      await page.keyboard.press('Escape');
    }, 90_000);
  }
});
