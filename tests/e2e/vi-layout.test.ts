import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext } from './browser';
import { clientNavigate, register, setLanguage, setTheme, shoot, visible } from './journey';
import { liveStack } from './server';

const live = liveStack();

/**
 * The buttons whose text does not fit, by their text: the text spilling out of the button, or the button
 * past the edge of a box that clips it (a dialog, the screen). A tab of a strip that scrolls sideways (the
 * event tabs) may sit past the edge: it scrolls into view.
 */
const clippedButtons = (page: Page) =>
  page.evaluate(() => {
    const clippedBy = (el: HTMLElement) => {
      const box = el.getBoundingClientRect();
      if (box.right > window.innerWidth + 1 || box.left < -1) return true;
      for (let at = el.parentElement; at && at !== document.body; at = at.parentElement) {
        if (getComputedStyle(at).overflowX === 'visible') continue;
        const edge = at.getBoundingClientRect();
        if (box.right > edge.right + 1 || box.left < edge.left - 1) return true;
      }
      return false;
    };
    return [...document.querySelectorAll<HTMLElement>('button, a.btn, [role="tab"]')]
      .filter((b) => b.getClientRects().length > 0 && b.getBoundingClientRect().width > 0)
      .filter((b) => !b.closest('[role="tablist"]'))
      .filter((b) => b.scrollWidth > b.clientWidth + 1 || clippedBy(b)) // sideways: accents may rise harmlessly
      .map((b) => (b.textContent ?? '').trim());
  });

/** Issue 29: Vietnamese texts are longer; no button of these screens clips or overflows at 390x844. */
describe('Vietnamese layout at 390x844', () => {
  it('the deposit-problem question and the 30-day bonus show their buttons whole, light and dark', async () => {
    const context = await newContext(live.browser, live.server.url);
    const page = await context.newPage();
    try {
      await register(page);
      await setLanguage(page, 'Tiếng Việt', '/event?tab=signIn');
      await visible(page.getByTestId('sign-in-today'));
      expect(await clippedButtons(page)).toEqual([]);
      // signed in today: the button tells the player to come back tomorrow, the longest of its texts
      await page.getByTestId('sign-in-today').click();
      await page.getByRole('dialog').getByRole('button').last().click();
      await visible(page.getByTestId('sign-in-today').getByText('Hôm nay đã điểm danh. Hẹn gặp lại ngày mai'));
      for (const theme of ['light', 'dark'] as const) {
        await setTheme(page, theme);
        await shoot(page, `event-signin-vi-${theme}`);
        expect(await clippedButtons(page)).toEqual([]);
      }
      await setTheme(page, 'light');
      // the side menu's bonus entries
      await page
        .getByRole('button', { name: 'Menu' })
        .first()
        .click()
        .catch(() => {});
      await page.waitForTimeout(400);
      await shoot(page, 'menu-vi-light');
      expect(await clippedButtons(page)).toEqual([]);
      await page.keyboard.press('Escape');

      await clientNavigate(page, '/finance/recharge');
      const form = page.locator('form.deposit-form');
      await form.getByRole('radio', { name: /PayMaya/ }).click();
      await form.locator('input[inputmode="decimal"]').first().fill('600');
      await form.locator('button[type="submit"]').click();
      await page.getByRole('dialog').locator('.confirm__actions button, button').filter({ hasText: 'PayMaya' }).click();
      const frame = page.frameLocator('iframe.frame__iframe');
      await visible(frame.getByText('Pay to'));
      await page.getByRole('dialog').locator('button[aria-label]').first().click({ force: true });
      const question = page.getByRole('dialog', { name: 'Nạp tiền chưa hoàn tất' });
      await visible(question);
      for (const theme of ['light', 'dark'] as const) {
        await setTheme(page, theme);
        await shoot(page, `recharge-problem-vi-${theme}`);
        expect(await clippedButtons(page)).toEqual([]);
      }
      await visible(question.getByRole('button', { name: 'Tiếp tục nạp tiền' }));
    } finally {
      await context.close();
    }
  });
});
