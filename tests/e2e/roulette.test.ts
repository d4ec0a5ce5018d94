import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rouletteBets } from '../../server/src/sandbox/provider/games/roulette';
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
  visible,
  WAIT,
} from './journey';
import { liveStack } from './server';

/**
 * European roulette on a phone (390x844): every spot, bet type, chip and button is a 44 px touch target; the
 * bet-type selector places anchored inside bets (split, corner, six line, the zero bets), an outside bet is
 * tapped directly, Undo takes back the last chip; the wheel lands on the server's number; the result, the
 * win and the last 20 numbers stay in view without scrolling; the page's win, the records row, the header
 * and GET /api/balance agree to the centavo. In en-US (light) and vi-VN (dark, reduced motion).
 */
const live = liveStack();
const SHOTS = join(ARTIFACTS, 'roulette');

const WHEEL = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7,
  28, 12, 35, 3, 26,
];
const RED = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];
/** The bets placed below (10 pesos each), by the numbers they cover. */
const PLACED: Record<string, number[]> = {
  'split-17-18': [17, 18],
  'corner-26': [26, 27, 29, 30],
  'line-31': [31, 32, 33, 34, 35, 36],
  'split-0-1': [0, 1],
  red: RED,
};
/** What the five 10-peso bets return on `n`, in centavos (stake back included). */
const returnsOn = (n: number) =>
  Object.values(PLACED).reduce((sum, numbers) => sum + (numbers.includes(n) ? 1000 * (36 / numbers.length) : 0), 0);

/** The centavos in a money text ("You win ₱180.00": both languages write ₱1,234.50). */
const centavosIn = (text: string) =>
  Math.round(Number(/[\d,]+\.\d\d/.exec(text)?.[0]?.replace(/,/g, '') ?? 'NaN') * 100);

describe('roulette on a phone', () => {
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

  const open = () => openGameBySearch(page, 'Crimson Roulette', 'body.game-roulette #game .rl-grid');

  /** Taps number `n` with bet type `type` chosen (at `x` across the cell, 0 to 1, when given). */
  async function tap(frame: FrameLocator, type: string, n: number, x?: number) {
    const typeButton = frame.locator(`.rl-type[data-type="${type}"]`);
    if ((await typeButton.getAttribute('aria-pressed')) !== 'true') await typeButton.click();
    const cell = frame.locator(`.tk-spot[data-bet="straight-${n}"]`);
    if (x === undefined) await cell.click();
    else {
      const box = await cell.boundingBox();
      await cell.click({ position: { x: (box?.width ?? 0) * x, y: (box?.height ?? 0) / 2 } });
    }
  }

  /** In view of the phone's screen (the casino page's viewport), not scrolled away. */
  const inView = async (frame: FrameLocator, selector: string) => {
    const box = await frame.locator(selector).first().boundingBox();
    return Boolean(box && box.y >= 0 && box.y + box.height <= VIEWPORT.height);
  };
  /** Every node of `selector` at least 44 x 44 px (the touch target). */
  const smallest = async (frame: FrameLocator, selector: string) => {
    const boxes = await frame.locator(selector).evaluateAll((nodes) =>
      nodes.map((n) => {
        const r = n.getBoundingClientRect();
        return { w: r.width, h: r.height };
      }),
    );
    return {
      count: boxes.length,
      w: Math.min(...boxes.map((b) => b.w)),
      h: Math.min(...boxes.map((b) => b.h)),
    };
  };

  for (const lang of ['en-US', 'vi-VN'] as const) {
    it(`places split, corner, six line, a zero split and red, spins, settles exactly (${lang})`, async () => {
      const scheme = lang === 'en-US' ? 'light' : 'dark';
      if (lang === 'vi-VN') {
        // leave the game the way a player does, then switch the casino's language
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
      // every bet spot, bet type, chip and button is a 44 px target at 390 px wide
      for (const [selector, count] of [
        ['.rl-grid .tk-spot', 37 + 3 + 3 + 6],
        ['.rl-type', 5],
        ['.tk-chip', 6],
        ['.tk-actions button', 4],
      ] as const) {
        const box = await smallest(frame, selector);
        expect(box.count, selector).toBe(count);
        expect(box.w, selector).toBeGreaterThanOrEqual(44);
        expect(box.h, selector).toBeGreaterThanOrEqual(44);
      }
      // the chips and Spin are pinned at the bottom, the wheel at the top, before any scrolling
      expect(await inView(frame, '.tk-play')).toBe(true);
      expect(await inView(frame, '.rl-wheel')).toBe(true);
      await frame.locator('button.tk-chip-10').click();

      await tap(frame, 'split', 17);
      // the covered numbers light up for a moment, the chip sits on the tapped number
      await expect.poll(() => frame.locator('.rl-cover').count()).toBe(2);
      await page.screenshot({ path: `${SHOTS}/${lang}-${scheme}-split-highlight.png` });
      await tap(frame, 'corner', 26);
      await tap(frame, 'line', 34);
      await tap(frame, 'split', 0, 1 / 6);
      await frame.locator('.tk-spot[data-bet="red"]').click();
      // a chip too many on 5, taken back with Undo
      await tap(frame, 'straight', 5);
      await expect.poll(() => frame.locator('.tk-message').innerText()).toContain('60.00');
      await frame.locator('.tk-undo').click();
      expect(await frame.locator('.tk-spot[data-bet="straight-5"] .tk-amount').innerText()).toBe('');
      expect(await frame.locator('.tk-spot[data-bet="straight-17"] .rl-chip').innerText()).toBe('10');
      expect(await frame.locator('.tk-spot[data-bet="straight-26"] .rl-chip').innerText()).toBe('10');
      expect(await frame.locator('.tk-spot[data-bet="straight-34"] .rl-chip').innerText()).toBe('10');
      expect(await frame.locator('.tk-spot[data-bet="straight-0"] .rl-chip').innerText()).toBe('10');
      await expect.poll(() => frame.locator('.tk-message').innerText()).toContain('50.00');
      await page.screenshot({ path: `${SHOTS}/${lang}-${scheme}-bets.png` });
      // the corner of the grid farthest down is reached by scrolling; the wheel and Spin stay pinned
      await frame.locator('.tk-spot[data-bet="column-3"]').scrollIntoViewIfNeeded();
      expect(await inView(frame, '.tk-spot[data-bet="column-3"]')).toBe(true);
      expect(await inView(frame, '.rl-wheel')).toBe(true);
      expect(await inView(frame, '.tk-play')).toBe(true);

      const before = await balanceOf(page);
      const rounds = await roundsReported(page);
      await frame.locator('.tk-play').click();
      await expect.poll(() => roundsReported(page), { timeout: WAIT, interval: 100 }).toBeGreaterThan(rounds);
      const number = Number(await frame.locator('.rl-ball').innerText());
      expect(Number.isInteger(number)).toBe(true);
      // the wheel came to rest with that pocket under the ball, the history ends with it
      expect(await frame.locator('.rl-side .tk-bead.last').innerText()).toBe(String(number));
      expect(await frame.locator('.rl-ball').getAttribute('class')).toContain(
        number === 0 ? 'green' : RED.includes(number) ? 'red' : 'black',
      );
      // the pocket under the pointer (top of the wheel) is the result's
      const atTop = await frame.locator('.rl-rotor').evaluate((rotor) => {
        const angle = Number(/rotate\(([-\d.e]+)deg\)/.exec((rotor as SVGElement).style.transform)?.[1] ?? 'NaN');
        return (360 - (((angle % 360) + 360) % 360)) % 360;
      });
      expect(WHEEL[Math.round(atTop / (360 / 37)) % 37]).toBe(number);
      const expected = before - 5000 + returnsOn(number);
      await expect.poll(() => balanceOf(page), { timeout: WAIT }).toBe(expected);
      await expect
        .poll(async () => Math.round(Number((await headerBalance(page)).replace(/,/g, '')) * 100), { timeout: WAIT })
        .toBe(expected);
      // the records row: the whole 50-peso stake and the same win
      const record = await lastRecord(page);
      expect(Math.round((record?.bet ?? 0) * 100), record?.result).toBe(5000);
      expect(Math.round((record?.win ?? 0) * 100), record?.result).toBe(returnsOn(number));
      expect(record?.result).toMatch(new RegExp(`^${number} `));
      // the page's win, beside the result at the top, is the same amount
      const win = await frame.locator('.rl-win').innerText();
      if (returnsOn(number) > 0) expect(centavosIn(win), win).toBe(returnsOn(number));
      else expect(await frame.locator('.rl-win').getAttribute('class')).toContain('lose');
      // the result, the win and the last numbers are on screen without scrolling, Spin too
      for (const selector of ['.rl-ball', '.rl-win', '.rl-side .tk-history', '.rl-wheel', '.tk-play'])
        expect(await inView(frame, selector), selector).toBe(true);
      await page.screenshot({ path: `${SHOTS}/${lang}-${scheme}-result.png` });
      // the other scheme, same page
      const other = scheme === 'light' ? 'dark' : 'light';
      await page.emulateMedia({ colorScheme: other });
      await pageSettled(page);
      await page.screenshot({ path: `${SHOTS}/${lang}-${other}-result.png` });
      // scrolled to the bottom (chips and Spin), the result stays in view
      await frame.locator('.tk-play').scrollIntoViewIfNeeded();
      expect(await inView(frame, '.rl-ball')).toBe(true);
      await page.screenshot({ path: `${SHOTS}/${lang}-${other}-scrolled.png` });
      // the other zero bets and a vertical split, then cleared
      await tap(frame, 'street', 0, 5 / 6);
      await tap(frame, 'corner', 0);
      await tap(frame, 'line', 0); // no six line covers 0: a hint, nothing placed
      const zero = frame.locator('.tk-spot[data-bet="straight-0"]');
      expect(await zero.locator('.rl-chip').innerText()).toBe('20');
      expect(await zero.getAttribute('aria-label')).toMatch(/0–2–3.*0–1–2–3/);
      await frame.locator('.rl-type[data-type="split"]').click();
      await frame.locator('.rl-type[data-type="split"]').click();
      expect(await frame.locator('.rl-type[data-type="split"]').innerText()).toContain('↕');
      await frame.locator('.tk-spot[data-bet="straight-5"]').click();
      expect(await frame.locator('.tk-spot[data-bet="straight-5"]').getAttribute('aria-label')).toContain('5–8');
      await expect.poll(() => frame.locator('.tk-message').innerText()).toContain('30.00');
      await frame.locator('.tk-actions .g-btn', { hasText: lang === 'vi-VN' ? 'Xóa' : 'Clear' }).click();
      expect(await zero.locator('.rl-chip').innerText()).toBe('');
      // Undo puts the cleared bets back
      await frame.locator('.tk-undo').click();
      expect(await zero.locator('.rl-chip').innerText()).toBe('20');
      await frame.locator('.tk-actions .g-btn', { hasText: lang === 'vi-VN' ? 'Xóa' : 'Clear' }).click();
      if (lang === 'en-US') {
        // all 37 numbers and three outside bets: 40 different bets, the most one round takes; a 41st is
        // refused on the page with a reason (the server would refuse the round), a chip more on one is not
        await frame.locator('button.tk-chip-1').click();
        await frame.locator('.rl-type[data-type="straight"]').click();
        for (let n = 0; n <= 36; n++) await frame.locator(`.tk-spot[data-bet="straight-${n}"]`).click();
        for (const bet of ['red', 'black', 'dozen-1']) await frame.locator(`.tk-spot[data-bet="${bet}"]`).click();
        await expect.poll(() => frame.locator('.tk-message').innerText()).toContain('40.00');
        await frame.locator('.tk-spot[data-bet="dozen-2"]').click();
        await visible(frame.locator('.g-toast', { hasText: '40 different bets' }));
        expect(await frame.locator('.tk-spot[data-bet="dozen-2"] .tk-amount').innerText()).toBe('');
        await frame.locator('.tk-spot[data-bet="red"]').click();
        await expect.poll(() => frame.locator('.tk-message').innerText()).toContain('41.00');
        await frame.locator('.tk-actions .g-btn', { hasText: 'Clear' }).click();
      }
      if (lang === 'vi-VN') {
        // twenty-odd quick spins (reduced motion: the wheel jumps) of one peso on red, Rebet then Spin:
        // the strip keeps the last 20 numbers, all on screen beside the wheel, the newest last
        await frame.locator('button.tk-chip-1').click();
        await frame.locator('.tk-spot[data-bet="red"]').click();
        const seen: number[] = [];
        for (let spin = 0; spin < 21; spin++) {
          if (spin > 0) await frame.locator('.tk-actions .g-btn', { hasText: 'Cược lại' }).click();
          const reported = await roundsReported(page);
          await frame.locator('.tk-play').click();
          await expect.poll(() => roundsReported(page), { timeout: WAIT, interval: 50 }).toBeGreaterThan(reported);
          seen.push(Number(await frame.locator('.rl-ball').innerText()));
        }
        const beads = frame.locator('.rl-side .tk-history .tk-bead');
        expect(await beads.count()).toBe(20);
        expect(await beads.last().innerText()).toBe(String(seen.at(-1)));
        for (let i = 0; i < 20; i++) {
          const box = await beads.nth(i).boundingBox();
          expect(box && box.y >= 0 && box.y + box.height <= VIEWPORT.height, `bead ${i}`).toBe(true);
        }
        expect(await inView(frame, '.rl-win')).toBe(true);
        const after = await balanceOf(page);
        await expect
          .poll(async () => Math.round(Number((await headerBalance(page)).replace(/,/g, '')) * 100), { timeout: WAIT })
          .toBe(after);
        await page.screenshot({ path: `${SHOTS}/${lang}-${other}-twenty.png` });
      }
      // the how-to-play sheet lists the trios and first four
      await frame.locator('.g-info').click();
      await pageSettled(page);
      await page.screenshot({ path: `${SHOTS}/${lang}-${other}-sheet.png` });
      await page.keyboard.press('Escape');
    }, 90_000);
  }
  it("every one of the 157 bets of the paytable can be placed with the page's own controls", async () => {
    // Each batch of taps is sent with Spin and the request is stopped on its way (nothing is played, no
    // money moves): what the page would send is collected, then the bets are cleared for the next batch.
    const frame = page.frameLocator('.frame--game iframe');
    const sent = new Set<string>();
    const before = await balanceOf(page);
    await page.route('**/provider/api/*/play', async (route) => {
      const body = route.request().postDataJSON() as { bets: Record<string, number> };
      for (const key of Object.keys(body.bets)) sent.add(key);
      await route.abort();
    });
    await frame.locator('button.tk-chip-1').click();
    const numbers = Array.from({ length: 36 }, (_, i) => i + 1);
    const send = async () => {
      await frame.locator('.tk-play').click();
      await visible(frame.locator('.g-toast-error'));
      await expect.poll(() => frame.locator('.tk-play').isEnabled()).toBe(true);
      await frame.locator('.tk-actions .g-btn').nth(1).click(); // Clear
      await frame.locator('.g-toast-close').first().click();
    };
    const batches: [string, number[], number[]][] = [
      // type, numbers tapped in the middle, where 0 is tapped (across it, 0 to 1)
      ['straight', [0, ...numbers], []],
      ['split', numbers, [1 / 6, 1 / 2, 5 / 6]],
      ['split', numbers, []], // tapped again: top-bottom
      ['street', numbers, [1 / 6, 5 / 6]],
      ['corner', numbers, [1 / 2]],
      ['line', numbers, []],
    ];
    for (const [type, taps, zero] of batches) {
      await frame.locator(`.rl-type[data-type="${type}"]`).click();
      for (const n of taps) await frame.locator(`.tk-spot[data-bet="straight-${n}"]`).click();
      for (const x of zero) await tap(frame, type, 0, x);
      await send();
    }
    for (const bet of ['dozen-1', 'dozen-2', 'dozen-3', 'column-1', 'column-2', 'column-3'])
      await frame.locator(`.tk-spot[data-bet="${bet}"]`).click();
    for (const bet of ['red', 'black', 'odd', 'even', 'low', 'high'])
      await frame.locator(`.tk-spot[data-bet="${bet}"]`).click();
    await send();
    await page.unroute('**/provider/api/*/play');
    expect([...sent].sort()).toEqual(Object.keys(rouletteBets()).sort());
    expect(await balanceOf(page)).toBe(before);
  }, 120_000);
});
