import { describe, expect, it } from 'vitest';
import { newContext } from './browser';
import {
  acceptAgeVerification,
  clientNavigate,
  headerBalance,
  ops,
  register,
  setLanguage,
  setTheme,
  shoot,
  uidOf,
  untilSpinDone,
  visible,
  WAIT,
} from './journey';
import { liveStack } from './server';

const live = liveStack();

const pesos = (text: string) => Number(text.replace(/[^\d.]/g, ''));

describe('game journey', () => {
  it('a visitor sees the lobby but must log in to play', async () => {
    const context = await newContext(live.browser, live.server.url);
    const page = await context.newPage();
    try {
      await page.goto('/game');
      await acceptAgeVerification(page);
      await visible(page.getByRole('tab', { name: 'All Games' }));
      await visible(page.getByRole('group', { name: 'Providers' }));
      await page.locator('.game-tile', { hasText: 'Fiesta Reels' }).click();
      await visible(page.getByRole('dialog').getByText('Please login first to view'));
      // visitors get no favourite hearts and no own tabs
      expect(await page.getByRole('button', { name: /to favourites/ }).count()).toBe(0);
      expect(await page.getByRole('tab', { name: 'Favourites' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('plays a demo round in the game frame; the balance and game records show it', async () => {
    const context = await newContext(live.browser, live.server.url);
    const page = await context.newPage();
    try {
      await register(page);
      const uid = await uidOf(page);
      await ops(live.server.url, 'POST', `/ops/users/${uid}/adjust`, { amount: 1000, reason: 'e2e funding' });
      await expect.poll(() => headerBalance(page), { timeout: WAIT }).toBe('1,000.00');

      // the lobby: tabs with their colours, the provider filter, the hot tab
      await visible(page.getByRole('tab', { name: 'All Games' }));
      await shoot(page, 'game-lobby-light-en');
      await page.getByRole('group', { name: 'Providers' }).getByRole('button', { name: 'House Games' }).click();
      await visible(page.locator('.game-tile', { hasText: 'Skyrocket Crash' }));
      await expect.poll(() => page.locator('.game-tile').count(), { timeout: WAIT }).toBe(3);
      await page.getByRole('tab', { name: 'Hot' }).click();
      await visible(page.locator('.game-tile', { hasText: 'Fiesta Reels' }));

      // favourite a game, see it in the Favourites tab
      await page.getByRole('button', { name: 'Add Fiesta Reels to favourites' }).first().click();
      await visible(page.getByRole('button', { name: 'Remove Fiesta Reels from favourites' }));
      await page.getByRole('tab', { name: 'Favourites' }).click();
      await visible(page.getByRole('tabpanel').locator('.game-tile', { hasText: 'Fiesta Reels' }));
      await shoot(page, 'game-favourites-light-en');

      // launch: the game frame with the provider's page
      await page.getByRole('tabpanel').locator('.game-tile', { hasText: 'Fiesta Reels' }).click();
      const gameFrame = page.frameLocator('.frame--game iframe');
      const spin = gameFrame.getByRole('button', { name: 'Spin' });
      await visible(spin, 20_000);
      await shoot(page, 'game-frame');
      // The outcome is random: a big win shows each winning line and may bring free spins, animating for
      // longer than WAIT on a loaded machine. With reduced motion (the games honour it) the round plays the
      // same, only its animations are short.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await spin.click();
      // the round is settled by the seamless wallet; wait for the spin to finish
      await untilSpinDone(gameFrame, spin);

      // close the frame: the header collapsed after 1 s, its handle shows it again (waited for, not a fixed 2.5 s)
      const showBar = page.getByRole('button', { name: 'Show the bar' });
      await visible(showBar);
      await showBar.click();
      await page.getByRole('dialog', { name: 'Game' }).getByRole('button', { name: 'Back' }).click();
      await page.locator('.frame--game').waitFor({ state: 'detached', timeout: WAIT });

      // the game records list the round; the header balance is 1,000 - bet + win
      await clientNavigate(page, '/game/record');
      const round = page.locator('li.row').filter({ hasText: 'Fiesta Reels' });
      await visible(round);
      const totals = page.getByTestId('game-totals');
      const bet = pesos(await totals.locator('dd').nth(0).innerText());
      const win = pesos(await totals.locator('dd').nth(1).innerText());
      expect(bet).toBeGreaterThan(0);
      await expect
        .poll(async () => pesos(await headerBalance(page)), { timeout: WAIT })
        .toBeCloseTo(1000 - bet + win, 2);
      await shoot(page, 'game-record-light-en');

      // the Recent tab remembers the game on this device
      await clientNavigate(page, '/game');
      await page.getByRole('tab', { name: 'Recent' }).click();
      await visible(page.getByRole('tabpanel').locator('.game-tile', { hasText: 'Fiesta Reels' }));

      // screens of the lobby family, both languages and themes
      await page.getByRole('tab', { name: 'All Games' }).click();
      await setTheme(page, 'dark');
      await shoot(page, 'game-lobby-dark-en');
      await setTheme(page, 'light');
      await clientNavigate(page, '/game/search');
      await visible(page.getByRole('searchbox'));
      await page.getByRole('searchbox').fill('fiesta');
      await page.keyboard.press('Enter');
      await page.waitForURL('**/game/search/result?q=fiesta', { timeout: WAIT });
      await visible(page.locator('.game-tile', { hasText: 'Fiesta Reels' }));
      await shoot(page, 'game-search-result-light-en');
      await clientNavigate(page, '/game/search');
      await visible(page.getByText('Recent searches'));
      await shoot(page, 'game-search-light-en');
      await clientNavigate(page, '/helpSlot');
      await visible(page.locator('.tile-grid').first());
      await shoot(page, 'help-slot-light-en');

      await setLanguage(page, 'Tiếng Việt', '/game');
      await visible(page.getByRole('tab', { name: 'Tất cả' }));
      await shoot(page, 'game-lobby-light-vi');
      await setTheme(page, 'dark');
      await shoot(page, 'game-lobby-dark-vi');
      await setTheme(page, 'light');
      await clientNavigate(page, '/game/record');
      await visible(page.locator('li.row').first());
      await shoot(page, 'game-record-light-vi');
      await clientNavigate(page, '/game/search');
      await visible(page.getByRole('searchbox'));
      await shoot(page, 'game-search-light-vi');
      await clientNavigate(page, '/helpSlot');
      await visible(page.locator('.tile-grid').first());
      await shoot(page, 'help-slot-light-vi');
    } catch (error) {
      await shoot(page, 'game-failure');
      throw error;
    } finally {
      await context.close();
    }
  }, 120_000);
});
