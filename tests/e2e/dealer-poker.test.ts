import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEWPORT } from './browser';
import {
  ARTIFACTS,
  balanceOf,
  clientNavigate,
  fundedGamePlayer,
  headerBalance,
  headerCentavos,
  lastRecord,
  openGameBySearch,
  pageSettled,
  roundsReported,
  setLanguage,
  visible,
  WAIT,
} from './journey';
import { liveStack } from './server';

/**
 * Caribbean Stud in the real table's order on a phone (390x844, en-US, light then dark): Deal takes the ante
 * alone and shows the player's five cards with the dealer's face down; Fold takes nothing more (the ante
 * lost), Call takes 2x the ante only then and shows the dealer's hand. Each time the page, the records row,
 * the header and GET /api/balance agree to the centavo. Then Casino Hold'em in vi-VN (dark): two cards and the
 * flop up, the dealer's two, the turn and the river down until the player folds.
 */
const live = liveStack();
const SHOTS = join(ARTIFACTS, 'dealer-poker');
const TITLE = 'Caribbean Stud Sands';
const ANTE = 1000;

describe('caribbean stud on a phone: ante, then fold or call', () => {
  let context: BrowserContext;
  let page: Page;
  let frame: FrameLocator;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    context = await live.browser.newContext({ baseURL: live.server.url, viewport: VIEWPORT, locale: 'en-US' });
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  it('a registered player opens Caribbean Stud', async () => {
    await fundedGamePlayer(page, live.server.url);
    expect(await headerBalance(page)).toBe('5,000.00');
    frame = await openGameBySearch(page, TITLE, 'body.game-dealerPoker .tk-deal');
    // The stake line says what the deal takes and what a call adds (10 pesos is the page's first stake); no
    // stray text under it (the Pair Plus row is Three Card Poker's alone).
    await expect.poll(() => frame.locator('.dp-reserve').innerText()).toMatch(/ante ₱10\.00.*Call ₱20\.00 more/);
    expect(await frame.locator('.dp-pairplus').count()).toBe(0);
    expect(await frame.locator('.g-stage').innerText()).not.toContain('null');
  });

  /** Deals one hand: only the ante is taken, five cards shown face up, the dealer's five face down. */
  async function deal(scheme: 'light' | 'dark', name: string) {
    await page.emulateMedia({ colorScheme: scheme });
    const before = await balanceOf(page);
    await frame.locator('.tk-deal').click();
    await expect.poll(() => frame.locator('.tk-hit').isEnabled(), { timeout: WAIT }).toBe(true);
    await expect.poll(() => balanceOf(page)).toBe(before - ANTE);
    await expect.poll(() => headerCentavos(page), { timeout: WAIT }).toBe(before - ANTE);
    const hands = frame.locator('.tk-hand');
    await expect.poll(() => hands.last().locator('.tk-card:not(.tk-back)').count()).toBe(5);
    expect(await hands.first().locator('.tk-back').count()).toBe(5);
    expect(await frame.locator('.tk-message').first().innerText()).toMatch(/Call \(₱20\.00 more\) or fold/);
    await page.screenshot({ path: `${SHOTS}/${name}-decide.png` });
    return before;
  }

  it('folds: the ante is lost, nothing more taken; records, header and API agree', async () => {
    const before = await deal('light', 'fold-en-US-light');
    const rounds = await roundsReported(page);
    await frame.locator('.tk-stand').click();
    await expect.poll(() => roundsReported(page), { timeout: 30_000, interval: 100 }).toBeGreaterThan(rounds);
    const record = await lastRecord(page);
    expect(record).toMatchObject({ bet: 10, win: 0, result: 'Fold: ante lost' });
    await expect.poll(() => balanceOf(page), { timeout: WAIT }).toBe(before - ANTE);
    await expect.poll(() => headerCentavos(page), { timeout: WAIT }).toBe(before - ANTE);
    // The dealer's hand is shown once the round is over.
    await expect.poll(() => frame.locator('.tk-hand').first().locator('.tk-card:not(.tk-back)').count()).toBe(5);
    expect(await frame.locator('.tk-hit').isEnabled()).toBe(false);
    await page.screenshot({ path: `${SHOTS}/fold-en-US-light-result.png` });
  }, 90_000);

  it('calls: the call (2x the ante) is taken only now; page, records, header and API agree', async () => {
    const before = await deal('dark', 'call-en-US-dark');
    const rounds = await roundsReported(page);
    await frame.locator('.tk-hit').click();
    await expect.poll(() => roundsReported(page), { timeout: 30_000, interval: 100 }).toBeGreaterThan(rounds);
    const record = await lastRecord(page);
    const win = Math.round((record?.win ?? 0) * 100);
    expect(Math.round((record?.bet ?? 0) * 100), record?.result).toBe(3 * ANTE);
    expect(record?.result).toMatch(/ vs dealer /);
    await expect.poll(() => balanceOf(page), { timeout: WAIT }).toBe(before - 3 * ANTE + win);
    await expect.poll(() => headerCentavos(page), { timeout: WAIT }).toBe(before - 3 * ANTE + win);
    await expect.poll(() => frame.locator('.tk-hand').first().locator('.tk-card:not(.tk-back)').count()).toBe(5);
    expect(await frame.locator('.tk-hand').first().locator('.tk-total').innerText()).toMatch(/qualif/);
    await page.screenshot({ path: `${SHOTS}/call-en-US-dark-result.png` });
    await frame.locator('.g-info').click();
    await pageSettled(page);
    await page.screenshot({ path: `${SHOTS}/rules-en-US-dark.png` });
    await page.keyboard.press('Escape');
  }, 90_000);

  it("Casino Hold'em in Vietnamese: the flop before the call, a fold takes nothing more", async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    const dialog = page.getByRole('dialog', { name: 'Game' });
    const handle = dialog.getByRole('button', { name: 'Show the bar' });
    if (await handle.count()) await handle.click();
    await dialog.getByRole('button', { name: 'Back' }).click();
    await page.locator('.frame--game').waitFor({ state: 'detached', timeout: WAIT });
    await setLanguage(page, 'Tiếng Việt', '/game');
    await clientNavigate(page, '/game/search');
    const search = page.getByRole('searchbox');
    await search.fill("Casino Hold'em");
    await search.press('Enter');
    await page.waitForURL('**/game/search/result?q=*', { timeout: WAIT });
    await page.locator('.game-tile', { hasText: "Casino Hold'em Pro" }).first().click();
    frame = page.frameLocator('.frame--game iframe');
    await visible(frame.locator('body.game-dealerPoker .tk-deal'), 20_000);
    await expect.poll(() => frame.locator('.dp-reserve').innerText()).toMatch(/cược đầu ₱10\.00.*thêm ₱20\.00/);
    const before = await balanceOf(page);
    await frame.locator('.tk-deal').click();
    await expect.poll(() => frame.locator('.tk-hit').isEnabled(), { timeout: WAIT }).toBe(true);
    await expect.poll(() => balanceOf(page)).toBe(before - ANTE);
    const [dealer, board, you] = [0, 1, 2].map((i) => frame.locator('.tk-hand').nth(i));
    await expect.poll(() => you?.locator('.tk-card:not(.tk-back)').count()).toBe(2);
    expect(await board?.locator('.tk-card:not(.tk-back)').count()).toBe(3);
    expect(await board?.locator('.tk-back').count()).toBe(2);
    expect(await dealer?.locator('.tk-back').count()).toBe(2);
    expect(await frame.locator('.tk-hit').innerText()).toBe('Theo');
    await page.screenshot({ path: `${SHOTS}/holdem-vi-VN-dark-decide.png` });
    const rounds = await roundsReported(page);
    await frame.locator('.tk-stand').click();
    await expect.poll(() => roundsReported(page), { timeout: 30_000, interval: 100 }).toBeGreaterThan(rounds);
    expect(await lastRecord(page)).toMatchObject({ bet: 10, win: 0 });
    await expect.poll(() => board?.locator('.tk-card:not(.tk-back)').count()).toBe(5);
    await expect.poll(() => balanceOf(page), { timeout: WAIT }).toBe(before - ANTE);
    await expect.poll(() => headerCentavos(page), { timeout: WAIT }).toBe(before - ANTE);
    await page.screenshot({ path: `${SHOTS}/holdem-vi-VN-dark-result.png` });
    await frame.locator('.g-info').click();
    await pageSettled(page);
    await page.screenshot({ path: `${SHOTS}/holdem-rules-vi-VN-dark.png` });
    await page.keyboard.press('Escape');
  }, 90_000);
});
