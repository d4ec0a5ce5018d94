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
 * Fishing on a phone (390x844): the shared pond's fish swim in from the server's waves, the player picks a
 * cannon level and taps a fish; the bullet flies, the shot is one round at that level, the net closes and
 * the coins burst on a catch, or the fish swims on. The page's win, the records row, the header and GET
 * /api/balance agree to the centavo. In en-US (light) and vi-VN (dark, reduced motion).
 */
const live = liveStack();
const SHOTS = join(ARTIFACTS, 'fishing');

/** Taps the pond on a fish swimming well inside it: false when none is (the next wave is awaited). */
async function tapAFishIn(frame: FrameLocator) {
  const spot = await frame.locator('.fs-pond').evaluate((pond) => {
    const box = pond.getBoundingClientRect();
    for (const fish of pond.querySelectorAll<HTMLElement>('.fs-fish.in:not(.caught)')) {
      const r = fish.getBoundingClientRect();
      const x = r.left + r.width / 2 - box.left;
      const y = r.top + r.height / 2 - box.top;
      if (x > 50 && x < box.width - 50 && y > 40 && y < box.height - 120) return { x, y };
    }
    return null;
  });
  if (!spot) return false;
  await frame.locator('.fs-pond').click({ position: spot });
  return true;
}

/**
 * Taps fish until one shot is a round the casino frame reports. A fish found by the test may have swum
 * from under the tap by the time the click lands (a loaded machine): the page then only splashes the
 * water (no round, nothing staked), so the test taps again.
 */
async function shootAFish(page: Page, frame: FrameLocator) {
  const before = await roundsReported(page);
  for (let i = 0; i < 40; i++) {
    if (!(await tapAFishIn(frame))) {
      await page.waitForTimeout(500);
      continue;
    }
    const reported = await expect
      .poll(() => roundsReported(page), { timeout: 4_000, interval: 100 })
      .toBeGreaterThan(before)
      .then(
        () => true,
        () => false,
      );
    if (reported) return;
  }
  throw new Error('no tap on a fish became a shot');
}

describe('fishing on a phone', () => {
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

  const open = () => openGameBySearch(page, 'Deep Sea Hunter', 'body.game-fishing #game .fs-pond');

  for (const lang of ['en-US', 'vi-VN'] as const) {
    it(`fires at a fish of the shared pond and settles it exactly (${lang})`, async () => {
      const scheme = lang === 'en-US' ? 'light' : 'dark';
      if (lang === 'vi-VN') {
        const dialog = page.getByRole('dialog', { name: 'Game' });
        const handle = dialog.getByRole('button', { name: 'Show the bar' });
        if (await handle.count()) await handle.click();
        await dialog.getByRole('button', { name: 'Back' }).click();
        await page.locator('.frame--game').waitFor({ state: 'detached', timeout: WAIT });
        await setLanguage(page, 'Tiếng Việt', '/game');
      }
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: lang === 'vi-VN' ? 'reduce' : 'no-preference' });
      const frame = await open();
      expect(await frame.locator('html').getAttribute('lang')).toBe(lang === 'vi-VN' ? 'vi' : 'en');
      // the pond fills the phone under the header; the cannon and its level at the bottom, in view
      await visible(frame.locator('.fs-fish.in'), 40_000);
      // the pond is drawn by PixiJS (pages/fishing/scene.ts) on its canvas; the DOM fish stay for labels and taps
      await visible(frame.locator('.fs-pond.fs-pixi canvas.fs-canvas'), WAIT);
      expect(await frame.locator('.fs-pond').getAttribute('data-renderer')).toMatch(/^(webgl|canvas|webgpu)$/);
      const pondBox = await frame.locator('.fs-pond').boundingBox();
      expect(pondBox?.height ?? 0).toBeGreaterThan(520);
      const controls = await frame.locator('.fs-controls').boundingBox();
      expect((controls?.y ?? 0) + (controls?.height ?? 0)).toBeLessThanOrEqual(VIEWPORT.height);
      // level 2 pesos: down to the first level (the page remembers the last one), then one step up
      const down = frame.locator('.g-stepper-btn').first();
      while (await down.isEnabled()) await down.click();
      await frame.locator('.g-stepper-btn').nth(1).click();
      expect(await frame.locator('.fs-mine .fs-level').innerText()).toContain('2.00');
      await page.screenshot({ path: `${SHOTS}/${lang}-${scheme}-pond.png` });

      const before = await balanceOf(page);
      await shootAFish(page, frame);
      const status = frame.locator('.fs-status');
      const win = Number(await status.getAttribute('data-win'));
      const result = await status.getAttribute('data-result');
      expect(['caught', 'missed']).toContain(result);
      if (result === 'caught') expect(win).toBeGreaterThan(0);
      else expect(win).toBe(0);
      await page.screenshot({ path: `${SHOTS}/${lang}-${scheme}-shot.png` });
      const expected = before - 200 + win;
      await expect.poll(() => balanceOf(page), { timeout: WAIT }).toBe(expected);
      await expect.poll(() => headerCentavos(page), { timeout: WAIT }).toBe(expected);
      const record = await lastRecord(page);
      expect(Math.round((record?.bet ?? 0) * 100), record?.result).toBe(200);
      expect(Math.round((record?.win ?? 0) * 100), record?.result).toBe(win);
      expect(record?.result).toMatch(result === 'caught' ? /^Caught the / : / got away$/);
      // the other scheme, same page; then the rules sheet
      const other = scheme === 'light' ? 'dark' : 'light';
      await page.emulateMedia({ colorScheme: other });
      await pageSettled(page);
      await page.screenshot({ path: `${SHOTS}/${lang}-${other}-after.png` });
      await frame.locator('.g-info').click();
      await pageSettled(page);
      await page.screenshot({ path: `${SHOTS}/${lang}-${other}-rules.png` });
      await page.keyboard.press('Escape');
    }, 120_000);
  }

  it('shows another player at the pond as a cannon with a masked name, and their shot', async () => {
    // the first player's game is open (vi-VN, dark); a second player opens the same title
    const second = await live.browser.newContext({ baseURL: live.server.url, viewport: VIEWPORT, locale: 'en-US' });
    try {
      const other = await second.newPage();
      await fundedGamePlayer(other, live.server.url, 100);
      await clientNavigate(other, '/game/search');
      await other.getByRole('searchbox').fill('Deep Sea Hunter');
      await other.getByRole('searchbox').press('Enter');
      await other.locator('.game-tile', { hasText: 'Deep Sea Hunter' }).first().click();
      const theirs = other.frameLocator('.frame--game iframe');
      await visible(theirs.locator('.fs-pond'), 20_000);
      const mine = page.frameLocator('.frame--game iframe');
      const seat = mine.locator('.fs-other').first();
      await visible(seat, WAIT);
      expect(await seat.locator('.fs-seat-name').innerText()).toMatch(/^.{2}\*\*\*.$/u);
      await expect.poll(() => mine.locator('.fs-crowd').innerText()).toContain('2');
      // and each sees the other: the second page shows the first player's cannon
      await visible(theirs.locator('.fs-other'), WAIT);
      await visible(theirs.locator('.fs-fish.in'), 40_000);
      await shootAFish(other, theirs);
      await pageSettled(page);
      await page.screenshot({ path: `${SHOTS}/vi-VN-light-two-players.png` });
      await other.screenshot({ path: `${SHOTS}/en-US-second-player.png` });
    } finally {
      await second.close();
    }
  }, 120_000);
});
