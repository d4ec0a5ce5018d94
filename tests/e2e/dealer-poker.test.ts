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
  visible,
  WAIT,
} from './journey';
import { liveStack } from './server';

/**
 * Caribbean Stud and Casino Hold'em in the real table's order on a phone (390x844), each in en-US and vi-VN,
 * in the light and the dark scheme: Deal takes the ante alone and shows the player's cards (Hold'em: two and
 * the flop) with the dealer's face down; Fold takes nothing more (the ante lost); Call takes 2x the ante only
 * then and plays the round out (Hold'em: the turn and the river, the dealer's two). After every round the
 * page's result line, the records row, the header and GET /api/balance agree to the centavo.
 */
const live = liveStack();
const SHOTS = join(ARTIFACTS, 'dealer-poker');
const ANTE = 1000;

type Lang = 'en-US' | 'vi-VN';
type Scheme = 'light' | 'dark';

/** What each title shows: its cards at the decision and at the end, by hand (dealer, board, you). */
const GAMES = [
  {
    key: 'caribbean-stud',
    title: 'Caribbean Stud Sands',
    // [up, down] per hand at the decision, then up at the end
    decide: { dealer: [0, 5], board: [0, 0], you: [5, 0] },
    end: { dealer: 5, board: 0, you: 5 },
  },
  {
    key: 'casino-holdem',
    title: "Casino Hold'em Pro",
    decide: { dealer: [0, 2], board: [3, 2], you: [2, 0] },
    end: { dealer: 2, board: 5, you: 2 },
  },
] as const;

/** The page's words in each language (dealerPoker.js and tablekit.js). */
const WORDS = {
  'en-US': {
    html: 'en',
    call: 'Call',
    fold: 'Fold',
    reserve: /ante ₱10\.00.*Call ₱20\.00 more/,
    decide: /Call \(₱20\.00 more\) or fold/,
    lose: 'No win this round',
    qualifies: /qualif/,
  },
  'vi-VN': {
    html: 'vi',
    call: 'Theo',
    fold: 'Bỏ bài',
    reserve: /cược đầu ₱10\.00.*thêm ₱20\.00/,
    decide: /Theo \(thêm ₱20\.00\) hay bỏ bài/,
    lose: 'Ván này không thắng',
    qualifies: /đủ điều kiện/,
  },
} as const;

/** The centavos in a money text (both languages write ₱1,234.50). */
const centavosIn = (text: string) =>
  Math.round(Number(/[\d,]+\.\d\d/.exec(text)?.[0]?.replace(/,/g, '') ?? 'NaN') * 100);

describe("dealer poker on a phone: Caribbean Stud and Casino Hold'em, ante then fold or call", () => {
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

  /** Leaves the game open in the frame, if any (the bar's Back), for the lobby. */
  async function closeGame() {
    if (!(await page.locator('.frame--game').count())) return;
    const dialog = page.getByRole('dialog', { name: /Game|Trò chơi/ });
    const handle = dialog.getByRole('button', { name: /Show the bar|Hiện thanh/ });
    if (await handle.count()) await handle.click();
    await dialog.getByRole('button', { name: /Back|Quay lại/ }).click();
    await page.locator('.frame--game').waitFor({ state: 'detached', timeout: WAIT });
  }

  /** The frame's ink in the scheme asked for: dark text on the light page, light text on the dark one. */
  async function expectScheme(frame: FrameLocator, scheme: Scheme) {
    const ink = () =>
      frame.locator('body').evaluate(() => {
        const [r, g, b] = (getComputedStyle(document.body).color.match(/\d+/g) ?? []).map(Number);
        return (r ?? 0) + (g ?? 0) + (b ?? 0);
      });
    if (scheme === 'light') await expect.poll(ink, { timeout: WAIT }).toBeLessThan(200);
    else await expect.poll(ink, { timeout: WAIT }).toBeGreaterThan(500);
  }

  /** Cards face up and face down in each hand: dealer, board (Hold'em), you. */
  async function cards(frame: FrameLocator) {
    const hands = frame.locator('.tk-hand');
    const count = await hands.count();
    const of = async (i: number) => [
      await hands.nth(i).locator('.tk-card:not(.tk-back)').count(),
      await hands.nth(i).locator('.tk-back').count(),
    ];
    // the board's zone is there for every game; it holds no card outside Hold'em
    return count === 3
      ? { dealer: await of(0), board: await of(1), you: await of(2) }
      : { dealer: await of(0), board: [0, 0], you: await of(count - 1) };
  }

  const resultLine = (frame: FrameLocator) =>
    frame.locator('.tk-message:not(.dp-reserve):not(.dp-note):not(.dp-pairplus-line)').first();

  for (const lang of ['en-US', 'vi-VN'] as const satisfies Lang[]) {
    const words = WORDS[lang];
    for (const game of GAMES) {
      it(`${game.title} (${lang}): a fold, then a called round in light and in dark`, async () => {
        await closeGame();
        if (lang === 'vi-VN' && !(await page.evaluate(() => document.documentElement.lang.startsWith('vi'))))
          await setLanguage(page, 'Tiếng Việt', '/game');
        await page.emulateMedia({ colorScheme: 'light' });
        const frame = await openGameBySearch(page, game.title, 'body.game-dealerPoker .tk-deal');
        expect(await frame.locator('html').getAttribute('lang')).toBe(words.html);
        // The stake line says what the deal takes and what a call adds (10 pesos is the page's first stake); no
        // stray text (the Pair Plus row is Three Card Poker's alone).
        await expect.poll(() => frame.locator('.dp-reserve').innerText()).toMatch(words.reserve);
        expect(await frame.locator('.dp-pairplus').count()).toBe(0);
        expect(await frame.locator('.g-stage').innerText()).not.toContain('null');
        expect(await frame.locator('.tk-hit').innerText()).toBe(words.call);
        expect(await frame.locator('.tk-stand').innerText()).toBe(words.fold);

        /** Deals one hand: only the ante is taken, the player's cards up, the dealer's down. */
        const deal = async (scheme: Scheme, name: string) => {
          await page.emulateMedia({ colorScheme: scheme });
          await expectScheme(frame, scheme);
          const before = await balanceOf(page);
          await frame.locator('.tk-deal').click();
          await expect.poll(() => frame.locator('.tk-hit').isEnabled(), { timeout: WAIT }).toBe(true);
          await expect.poll(() => balanceOf(page)).toBe(before - ANTE);
          await expect.poll(() => headerCentavos(page), { timeout: WAIT }).toBe(before - ANTE);
          await expect.poll(() => cards(frame), { timeout: WAIT }).toEqual(game.decide);
          expect(await resultLine(frame).innerText()).toMatch(words.decide);
          await page.screenshot({ path: `${SHOTS}/${game.key}-${name}-decide.png` });
          return { before, rounds: await roundsReported(page) };
        };

        // Fold (light): the ante is lost, nothing more taken; the dealer's cards are shown.
        {
          const { before, rounds } = await deal('light', `${lang}-light-fold`);
          await frame.locator('.tk-stand').click();
          await expect.poll(() => roundsReported(page), { timeout: 30_000, interval: 100 }).toBeGreaterThan(rounds);
          expect(await lastRecord(page)).toMatchObject({ bet: 10, win: 0, result: 'Fold: ante lost' });
          await expect.poll(() => balanceOf(page), { timeout: WAIT }).toBe(before - ANTE);
          await expect.poll(() => headerCentavos(page), { timeout: WAIT }).toBe(before - ANTE);
          await expect.poll(() => resultLine(frame).innerText()).toBe(words.lose);
          await expect.poll(async () => (await cards(frame)).dealer[0]).toBe(game.end.dealer);
          expect(await frame.locator('.tk-hit').isEnabled()).toBe(false);
          await page.screenshot({ path: `${SHOTS}/${game.key}-${lang}-light-fold-result.png` });
        }

        // Call, in light then in dark: the call (2x the ante) is taken only now and the round is played out.
        for (const scheme of ['light', 'dark'] as const) {
          const { before, rounds } = await deal(scheme, `${lang}-${scheme}-call`);
          await frame.locator('.tk-hit').click();
          await expect.poll(() => roundsReported(page), { timeout: 30_000, interval: 100 }).toBeGreaterThan(rounds);
          const record = await lastRecord(page);
          const win = Math.round((record?.win ?? 0) * 100);
          expect(Math.round((record?.bet ?? 0) * 100), record?.result).toBe(3 * ANTE);
          expect(record?.result).toMatch(/ vs dealer /);
          await expect.poll(() => balanceOf(page), { timeout: WAIT }).toBe(before - 3 * ANTE + win);
          await expect.poll(() => headerCentavos(page), { timeout: WAIT }).toBe(before - 3 * ANTE + win);
          // the page's line: what came back (a win, the stake returned, part of it), or no win
          const line = await resultLine(frame).innerText();
          if (win > 0) expect(centavosIn(line), line).toBe(win);
          else expect(line).toBe(words.lose);
          const shown = await cards(frame);
          expect({ dealer: shown.dealer[0], board: shown.board[0], you: shown.you[0] }).toEqual(game.end);
          expect(await frame.locator('.tk-hand').first().locator('.tk-total').innerText()).toMatch(words.qualifies);
          await page.screenshot({ path: `${SHOTS}/${game.key}-${lang}-${scheme}-call-result.png` });
        }

        await frame.locator('.g-info').click();
        await visible(frame.locator('.tk-info'));
        await pageSettled(page);
        await page.screenshot({ path: `${SHOTS}/${game.key}-${lang}-dark-rules.png` });
        await page.keyboard.press('Escape');
      }, 180_000);
    }
  }
});
