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
  lastRecord,
  openGameBySearch,
  pageSettled,
  roundsReported,
  setLanguage,
  WAIT,
} from './journey';
import { liveStack } from './server';

/**
 * Blackjack on a phone with the page's own controls: rounds are dealt until the table offers a split, the
 * pair is split (two hands side by side, the active one marked), a hand is doubled where the table allows
 * it, and each round's stakes are checked against the wallet: the balance moves by the round's recorded
 * bet and win, the header agrees, and the records show the whole stake. In en-US (light) and vi-VN (dark).
 */
const live = liveStack();
const SHOTS = join(ARTIFACTS, 'blackjack');

describe('blackjack on a phone: double and split', () => {
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

  const open = () => openGameBySearch(page, 'Blackjack 21 Classic', 'body.game-blackjack #game .bj-table');

  const shown = (frame: FrameLocator, action: string) => frame.locator(`.bj-${action}:not([hidden])`).count();

  for (const lang of ['en-US', 'vi-VN'] as const) {
    it(`splits a pair and doubles, paid on the stakes taken (${lang})`, async () => {
      const scheme = lang === 'en-US' ? 'light' : 'dark';
      if (lang === 'vi-VN') {
        const dialog = page.getByRole('dialog', { name: 'Game' });
        const handle = dialog.getByRole('button', { name: 'Show the bar' });
        if (await handle.count()) await handle.click();
        await dialog.getByRole('button', { name: 'Back' }).click();
        await page.locator('.frame--game').waitFor({ state: 'detached', timeout: WAIT });
        await setLanguage(page, 'Tiếng Việt', '/game');
      }
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      const frame = await open();
      expect(await frame.locator('html').getAttribute('lang')).toBe(lang === 'vi-VN' ? 'vi' : 'en');
      const labels = {
        split: (await frame.locator('.bj-split').textContent())?.trim(),
        double: (await frame.locator('.bj-double').textContent())?.trim(),
      };
      expect(labels).toEqual(
        lang === 'en-US' ? { split: 'Split', double: 'Double' } : { split: 'Tách bài', double: 'Gấp đôi' },
      );

      let didSplit = false;
      let didDouble = false;
      for (let n = 0; n < 80 && !(didSplit && didDouble); n++) {
        const before = await balanceOf(page);
        const rounds = await roundsReported(page);
        const over = async () => (await roundsReported(page)) > rounds;
        // Waits for the round's next state: settled, or some action offered (the answer and its cards shown).
        const next = async () =>
          expect
            .poll(
              async () =>
                (await over()) ||
                ((await frame.locator('.bj-actions button:not([hidden])').count()) > 0 &&
                  (await frame.locator('.bj-actions button:not([hidden])').first().isEnabled())),
              { timeout: WAIT, interval: 100 },
            )
            .toBe(true);
        await frame.locator('.tk-deal').click();
        await next();
        let staked = 1000;
        if (!(await over()) && (await shown(frame, 'decline'))) {
          await frame.locator('.bj-decline').click();
          await expect.poll(async () => (await over()) || (await shown(frame, 'decline')) === 0).toBe(true);
          await next();
        }
        if (!(await over()) && !didSplit && (await shown(frame, 'split'))) {
          await frame.locator('.bj-split').click();
          await expect.poll(() => frame.locator('.bj-hand').count(), { timeout: WAIT }).toBe(2);
          staked += 1000;
          // Split aces take one card each and the round settles at once: its win is then in the balance too
          // (checked with the record below).
          await expect
            .poll(async () => (await over()) || (await balanceOf(page)) === before - staked, { timeout: WAIT })
            .toBe(true);
          didSplit = true;
          if (!(await over())) {
            await next();
            expect(await frame.locator('.bj-hand.active').count()).toBe(1);
            await page.screenshot({ path: join(SHOTS, `${lang}-${scheme}-split.png`) });
          }
        }
        // Double where allowed (after the split too: double after split); else stand.
        for (let step = 0; step < 10 && !(await over()); step++) {
          await next();
          if (await over()) break;
          if (!didDouble && (await shown(frame, 'double'))) {
            await frame.locator('.bj-double').click();
            staked += 1000;
            didDouble = true;
          } else await frame.locator('.bj-stand:not([hidden])').click();
          await page.waitForTimeout(150);
        }
        await expect.poll(over, { timeout: WAIT }).toBe(true);
        const record = await lastRecord(page);
        expect(Math.round((record?.bet ?? 0) * 100), record?.result).toBe(staked);
        const expected = before - staked + Math.round((record?.win ?? 0) * 100);
        await expect.poll(() => balanceOf(page), { timeout: WAIT }).toBe(expected);
        await expect
          .poll(async () => Math.round(Number((await headerBalance(page)).replace(/,/g, '')) * 100), { timeout: WAIT })
          .toBe(expected);
        if (staked > 1000) await page.screenshot({ path: join(SHOTS, `${lang}-${scheme}-settled-${n}.png`) });
      }
      expect({ didSplit, didDouble }).toEqual({ didSplit: true, didDouble: true });
      const other = scheme === 'light' ? 'dark' : 'light';
      await page.emulateMedia({ colorScheme: other });
      await pageSettled(page);
      await page.screenshot({ path: join(SHOTS, `${lang}-${other}-last.png`) });
    }, 240_000);
  }
});
