import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext } from './browser';
import { ops, register, shoot, uidOf, visible, WAIT } from './journey';
import { liveStack } from './server';

/**
 * Two tabs of one Mines title (issue 25): tab A opens a round, tab B asks to change seeds. The rotation
 * would reveal the server seed of A's open round (its mine positions), so it is refused in the sheet, in
 * the player's language; once A's round is over, B's rotation goes through and reveals the old seed.
 */
const live = liveStack();

const GEM_MINES = 115;
const COLOR_GAME_LIVE = 60;
const TEXT = {
  'en-US': {
    fairness: 'Provably fair',
    rotate: 'Change seeds',
    refused: 'A round on these seeds is still open',
    open: 'A round on these seeds is open',
    rotated: 'New seeds in use',
    next: 'Next server seed (hashed)',
  },
  'vi-VN': {
    fairness: 'Công bằng có thể kiểm chứng',
    rotate: 'Đổi hạt giống',
    refused: 'Vẫn còn một ván đang mở trên hạt giống này',
    open: 'Đang có một ván mở trên hạt giống này',
    rotated: 'Đã dùng hạt giống mới',
    next: 'Hạt giống máy chủ kế tiếp (mã băm)',
  },
} as const;

/** A game page opened straight from a launch URL, as a second browser tab of the same player would. */
async function openTab(page: Page, language: 'en-US' | 'vi-VN', gameId = GEM_MINES, ready = '.mn-tile') {
  const playUrl = await page.evaluate(
    async ({ gameId, language }) => {
      const answer = await fetch('/api/game/getUrl', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json', language, requestFrom: 'H5' },
        body: JSON.stringify({ gameId }),
      });
      return ((await answer.json()) as { data: { playUrl: string } }).data.playUrl;
    },
    { gameId, language },
  );
  const tab = await page.context().newPage();
  await tab.goto(playUrl);
  await visible(tab.locator(ready));
  return tab;
}

describe('changing seeds while another tab has an open round', () => {
  it('is refused in the sheet (en and vi) and goes through once the round is over', async () => {
    const context = await newContext(live.browser, live.server.url);
    const lobby = await context.newPage();
    await register(lobby);
    const uid = await uidOf(lobby);
    await ops(live.server.url, 'POST', `/ops/users/${uid}/adjust`, { amount: 1000, reason: 'e2e seeds' });

    for (const language of ['en-US', 'vi-VN'] as const) {
      const text = TEXT[language];
      const tabA = await openTab(lobby, language);
      const tabB = await openTab(lobby, language);

      // Tab A bets: a round with its mines drawn from the pair in use.
      await tabA.locator('.mn-main').click();
      await expect.poll(() => tabA.locator('.mn-tile:not([disabled])').count(), { timeout: WAIT }).toBeGreaterThan(0);
      // No cash-out before the first tile: the button stays disabled.
      expect(await tabA.locator('.mn-main').isDisabled()).toBe(true);

      // Tab B opens the fairness sheet: the open round is named, the next hash is shown, the rotation refused.
      await tabB.getByRole('button', { name: text.fairness }).click();
      const sheet = tabB.getByRole('dialog');
      await visible(sheet.getByText(text.next));
      await visible(sheet.getByText(text.open));
      const hashBefore = await sheet.locator('.g-seed dd').first().innerText();
      expect(await sheet.innerText()).not.toMatch(/\bnull\b/);
      await sheet.getByRole('button', { name: text.rotate }).click();
      await visible(tabB.getByText(text.refused));
      await shoot(tabB, `seeds-refused-${language}`);
      expect(await sheet.locator('.g-seed dd').first().innerText()).toBe(hashBefore);

      // Tab A finishes its round (a tile, then cash out if it was safe).
      await tabA.locator('.mn-tile').first().click();
      await tabA.waitForTimeout(300);
      if (await tabA.locator('.mn-main').isEnabled()) {
        const label = await tabA.locator('.mn-main').innerText();
        if (!/start|bắt đầu|bet|cược/i.test(label)) await tabA.locator('.mn-main').click();
      }
      await expect.poll(() => tabA.locator('.mn-tile.mine').count(), { timeout: WAIT }).toBeGreaterThan(0);

      // Now the rotation goes through and reveals the seed that drew A's mines.
      await tabB.keyboard.press('Escape');
      await tabB.getByRole('button', { name: text.fairness }).click();
      const again = tabB.getByRole('dialog');
      await again.getByRole('button', { name: text.rotate }).click();
      await visible(tabB.getByText(text.rotated));
      await expect.poll(() => again.locator('.g-seed dd').first().innerText(), { timeout: WAIT }).not.toBe(hashBefore);
      await visible(again.getByText(hashBefore));
      expect(await again.innerText()).not.toMatch(/\bnull\b/);
      await shoot(tabB, `seeds-rotated-${language}`);
      await tabA.close();
      await tabB.close();
    }

    // A quiet shared table: its banner and its sheet (the dealer's seeds, no pair of the player's) print no
    // "null" and offer no seed change.
    const table = await openTab(lobby, 'en-US', COLOR_GAME_LIVE, '.g-table-banner strong');
    expect(await table.locator('.g-table-banner').innerText()).not.toMatch(/\bnull\b/);
    await table.getByRole('button', { name: TEXT['en-US'].fairness }).click();
    const sheet = table.getByRole('dialog');
    await visible(sheet.getByText('This round’s server seed (hashed)'));
    expect(await sheet.innerText()).not.toMatch(/\bnull\b/);
    expect(await sheet.getByRole('button', { name: TEXT['en-US'].rotate }).count()).toBe(0);
    await shoot(table, 'seeds-shared-table-en-US');
    await context.close();
  });
});
