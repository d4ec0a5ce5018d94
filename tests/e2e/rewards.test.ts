import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext } from './browser';
import { ARTIFACTS, newPlayer, ops, register, visible, WAIT } from './journey';
import { liveStack } from './server';

const live = liveStack();

/** Language and theme as the settings screen stores them; applied on the next load. */
async function setLook(page: Page, language: 'en-US' | 'vi-VN', theme: 'light' | 'dark') {
  await page.evaluate(
    ([lang, look]) => {
      localStorage.setItem('CASINO_PH_I18N', JSON.stringify({ value: lang, expire: null }));
      localStorage.setItem('CASINO_PH_THEME', JSON.stringify({ value: look, expire: null }));
    },
    [language, theme],
  );
}

const ownedCards = (page: Page) => page.locator('.pk-grid .pk-card.is-owned');
const chances = (page: Page) => page.getByTestId('poker-chances');

describe('rewards journeys', () => {
  it('a new player draws a poker card and redeems a code once', async () => {
    const context = await newContext(live.browser, live.server.url);
    const page = await context.newPage();
    try {
      await register(page, newPlayer());

      // Poker: one free draw; the card lands in the grid and the chances fall to 0.
      await page.goto('/pokerCollection');
      await visible(page.getByRole('heading', { name: 'Poker collection' }));
      await visible(chances(page));
      expect(await chances(page).innerText()).toBe('1');
      expect(await ownedCards(page).count()).toBe(0);
      await visible(page.getByText('₱ 250,000.00'));
      await page.getByRole('button', { name: 'Draw a card' }).click();
      const stage = page.getByRole('dialog').filter({ has: page.locator('.pk-stage__table') });
      await visible(stage.locator('.pk-stage__reveal .pk-card'));
      await page.screenshot({ path: join(ARTIFACTS, 'poker-draw-en-US-light-390x844.png') });
      const drawn = await stage.locator('.pk-stage__reveal .pk-card').getAttribute('data-card');
      expect(drawn).toMatch(/^(10|[2-9AJQK])[SHDC]$|^[RB]J$/);
      await stage.getByRole('button', { name: 'OK' }).click();
      await stage.waitFor({ state: 'hidden', timeout: WAIT });
      expect(await chances(page).innerText()).toBe('0');
      expect(await ownedCards(page).count()).toBe(1);
      expect(await page.locator(`.pk-grid .pk-card[data-card="${drawn}"]`).getAttribute('class')).toContain('is-owned');
      await visible(page.getByRole('button', { name: 'No draws left' }));
      expect(await page.getByRole('button', { name: 'No draws left' }).isDisabled()).toBe(true);
      // The live feed shows the draw.
      await visible(page.locator('.pk-ticker__line').filter({ hasText: ' drew ' }));
      // A reload reads the same state from the server.
      await page.reload();
      await visible(chances(page));
      expect(await chances(page).innerText()).toBe('0');
      expect(await ownedCards(page).count()).toBe(1);
      await page.screenshot({ path: join(ARTIFACTS, 'poker-en-US-light-390x844.png') });

      // Redeem a seeded code: the reward popup, the balance, then the same code refused.
      await page.goto('/redeem');
      await page.getByLabel('Redemption code').fill('welcome2026');
      expect(await page.getByLabel('Redemption code').inputValue()).toBe('WELCOME2026');
      await page.screenshot({ path: join(ARTIFACTS, 'redeem-en-US-light-390x844.png') });
      await page.getByRole('button', { name: 'Redeem', exact: true }).click();
      const popup = page.getByRole('dialog', { name: 'Congratulations!' });
      await visible(popup);
      await visible(popup.getByText('20.00P'));
      await visible(popup.getByText('50', { exact: true }));
      await popup.getByRole('button').filter({ hasText: '20.00P' }).click();
      await popup.waitFor({ state: 'hidden', timeout: WAIT });
      await visible(page.getByTestId('header-balance').getByText('20.00'));
      // the code's cash is a bonus: the page says what it asks before it can be withdrawn (5x)
      await visible(page.getByTestId('code-wagering').getByText('Bet ₱ 100.00 before this ₱ 20.00 bonus'));
      await page.screenshot({ path: join(ARTIFACTS, 'redeem-wagering-en-US-light-390x844.png') });

      await page.getByLabel('Redemption code').fill('WELCOME2026');
      await page.getByRole('button', { name: 'Redeem', exact: true }).click();
      await visible(page.locator('.field__error').getByText('You have already redeemed this code'));
      expect(await page.getByRole('dialog', { name: 'Congratulations!' }).count()).toBe(0);
      expect(await page.getByTestId('header-balance').innerText()).toContain('20.00');

      // The mall shows the 50 points the code gave.
      await page.goto('/finance/exchange');
      await visible(page.getByTestId('mall-points'));
      expect(await page.getByTestId('mall-points').innerText()).toBe('50');
      await visible(page.locator('.ml-item').first());
      await visible(page.getByTestId('mall-cash-wagering').getByText('bet it 3 times before it can be withdrawn'));
      await page.screenshot({ path: join(ARTIFACTS, 'exchange-en-US-light-390x844.png') });

      // An operator's points code, then an order of two units with the quantity stepper.
      await ops(live.server.url, 'POST', '/ops/codes', {
        code: 'E2E-POINTS',
        rewards: [{ type: 'point', amount: 1000 }],
        totalUses: 5,
      });
      await page.goto('/redeem');
      await page.getByLabel('Redemption code').fill('e2e-points');
      await page.getByRole('button', { name: 'Redeem', exact: true }).click();
      const points = page.getByRole('dialog', { name: 'Congratulations!' });
      await visible(points.getByText('1000', { exact: true }));
      await points.getByRole('button', { name: 'Close' }).click();
      await page.goto('/finance/exchange');
      await visible(page.getByTestId('mall-points').getByText('1,050'));
      await page.locator('.ml-item[data-item="1"]').getByRole('button', { name: 'Exchange' }).click();
      const order = page.getByRole('dialog', { name: 'Confirm the exchange' });
      await visible(order);
      await order.getByRole('button', { name: 'One more' }).click();
      await visible(order.getByRole('button', { name: 'Exchange for 1,000 pts' }));
      await page.screenshot({ path: join(ARTIFACTS, 'exchange-order-en-US-light-390x844.png') });
      await order.getByRole('button', { name: 'Exchange for 1,000 pts' }).click();
      const reward = page.getByRole('dialog', { name: 'Congratulations!' });
      await visible(reward.getByText('20.00P'));
      await page.screenshot({ path: join(ARTIFACTS, 'exchange-reward-en-US-light-390x844.png') });
      await reward.getByRole('button', { name: 'Close' }).click();
      await visible(page.getByTestId('mall-points').getByText('50', { exact: true }));
      await visible(page.getByTestId('header-balance').getByText('40.00'));
      await visible(page.locator('.ml-item[data-item="1"]').getByText('2/20 taken'));

      // The three pages in Vietnamese (dark theme).
      await setLook(page, 'vi-VN', 'dark');
      for (const [path, name, ready] of [
        ['/pokerCollection', 'poker', '.pk-grid'],
        ['/redeem', 'redeem', '.rd-hero'],
        ['/finance/exchange', 'exchange', '.ml-item'],
      ] as const) {
        await page.goto(path);
        await visible(page.locator(ready));
        await page.waitForFunction(() => document.documentElement.lang.startsWith('vi'), undefined, {
          timeout: WAIT,
        });
        await page.screenshot({ path: join(ARTIFACTS, `${name}-vi-VN-dark-390x844.png`) });
      }
      await visible(page.getByText('Điểm của tôi'));
    } finally {
      await context.close();
    }
  });
});
