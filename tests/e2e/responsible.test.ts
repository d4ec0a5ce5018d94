import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext } from './browser';
import {
  awayFromMidnight,
  clientNavigate,
  fundedGamePlayer,
  headerBalance,
  ops,
  register,
  setLanguage,
  setTheme,
  shoot,
  untilSpinDone,
  visible,
  WAIT,
} from './journey';
import { liveStack } from './server';

const live = liveStack();

/** The red notice the app shows for a refusal (the server's message, in the player's language). */
const refusal = (page: Page, text: RegExp) => page.locator('.toast--danger').filter({ hasText: text });

/** Waits until the notices have gone, so a screenshot shows the screen itself. */
const noToasts = (page: Page) => expect.poll(() => page.locator('.toast').count(), { timeout: WAIT }).toBe(0);

/** The page is no wider than the phone (a segmented control or a long word would widen it). */
const noOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** On the deposit screen: a typed amount through GCash up to the quote sheet (preCreate). */
async function askDeposit(page: Page, amount: string, label: string): Promise<void> {
  const form = page.locator('form.deposit-form');
  await visible(form.getByRole('radio', { name: /GCash/ }));
  await form.getByLabel('Deposit amount').fill(amount);
  await form.getByRole('button', { name: `Deposit ₱ ${label}` }).click();
}

describe('responsible gaming journey', () => {
  it('a player sets a daily deposit limit, is held to it, then takes a cool-off that closes the games', async () => {
    const context = await newContext(live.browser, live.server.url);
    const page = await context.newPage();
    try {
      await register(page);

      // From the account menu (the Profile tab) to the screen.
      await clientNavigate(page, '/profile');
      await page.getByRole('link', { name: 'Responsible Gaming' }).click();
      await page.waitForURL('**/responsible', { timeout: WAIT });
      await visible(page.getByRole('heading', { name: 'Responsible gaming' }));
      const day = page.getByTestId('limit-day');
      await visible(day.getByText('No limit'));
      await shoot(page, 'responsible-en-US-light');
      expect(await noOverflow(page)).toBe(true);

      // A first daily limit of ₱ 600 applies at once.
      await day.getByRole('button', { name: 'Set a limit' }).click();
      await day.getByLabel('New daily limit').fill('600');
      await visible(day.getByText('A first or lower limit applies at once.'));
      await shoot(page, 'responsible-limit-editor-en-US-light');
      await day.getByRole('button', { name: 'Save' }).click();
      await visible(page.getByText('Daily limit: ₱ 600.00, from now on.'));
      await visible(day.getByText('₱ 600.00', { exact: true }));
      await visible(day.getByText('Used ₱ 0.00 of ₱ 600.00'));
      await visible(day.getByText(/^Resets \d{2}\/\d{2}\/\d{4}, 12:00 AM$/));

      // A raise would wait 24 hours: the editor says so before anything is saved.
      await day.getByRole('button', { name: 'Change' }).click();
      await day.getByLabel('New daily limit').fill('5000');
      await visible(day.getByText(/^A higher limit applies in 24 hours, from /));
      await day.getByRole('button', { name: 'Cancel' }).click();

      // A first deposit of ₱ 500 through the deposit screen, paid in the sandbox checkout.
      await clientNavigate(page, '/finance/recharge');
      await askDeposit(page, '500', '500.00');
      await page
        .getByRole('dialog', { name: 'Confirm your deposit' })
        .getByRole('button', { name: 'Pay with GCash' })
        .click();
      const frame = page.frameLocator('iframe.frame__iframe');
      await visible(frame.getByText('Pay to'));
      await frame.locator('#mobile').fill('9171234567');
      await frame.locator('#mpin').fill('1234');
      await frame.getByRole('button', { name: /^Pay ₱500\.00$/ }).click();
      await visible(frame.getByText('Payment successful'));
      await expect.poll(() => headerBalance(page), { timeout: WAIT }).toBe('500.00');
      await frame.getByRole('button', { name: 'Return to merchant' }).click();
      await page.locator('iframe.frame__iframe').waitFor({ state: 'detached', timeout: WAIT });

      await noToasts(page);
      // A second ₱ 500 would go over the ₱ 600 of the day: refused with the limit's message.
      await askDeposit(page, '500', '500.00');
      await visible(refusal(page, /This deposit goes over your daily deposit limit/));
      expect(await page.getByRole('dialog', { name: 'Confirm your deposit' }).count()).toBe(0);
      await shoot(page, 'responsible-deposit-refused-en-US-light');

      // The screen counts it.
      await clientNavigate(page, '/responsible');
      const limit = page.getByTestId('limit-day');
      await visible(limit.getByText('Used ₱ 500.00 of ₱ 600.00'));

      // Raising it waits 24 hours: the ₱ 600 stays in force, the new limit shows as waiting.
      await limit.getByRole('button', { name: 'Change' }).click();
      await limit.getByLabel('New daily limit').fill('5000');
      await limit.getByRole('button', { name: 'Save' }).click();
      await visible(page.getByText(/^Saved\. Daily limit becomes ₱ 5,000\.00 in 24 hours, on /));
      await visible(limit.getByText(/^New limit ₱ 5,000\.00 from \d{2}\/\d{2}\/\d{4}, /));
      await visible(limit.getByText('₱ 600.00', { exact: true }));
      await noToasts(page);
      await limit.scrollIntoViewIfNeeded();
      await shoot(page, 'responsible-pending-en-US-light');

      // A 24-hour cool-off, through the confirmation that says what it does.
      const choices = page.getByRole('region', { name: 'Take a break' });
      await choices.getByText('24 hours', { exact: true }).click();
      await noToasts(page);
      await choices.getByRole('group', { name: 'Cool-off' }).scrollIntoViewIfNeeded();
      await shoot(page, 'responsible-choices-en-US-light');
      await choices.getByRole('button', { name: 'Take a break' }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirm your break' });
      await visible(confirm.getByText('Cool-off · 24 hours'));
      await visible(confirm.getByText(/^Deposits, games and bets are closed until .+\.$/));
      await visible(confirm.getByText(/This cannot be undone/));
      await visible(confirm.getByText(/Withdrawals stay open/));
      await shoot(page, 'responsible-confirm-en-US-light');
      await confirm.getByRole('button', { name: 'Start my break' }).click();
      await confirm.waitFor({ state: 'hidden', timeout: WAIT });
      const status = page.getByTestId('break-status');
      await visible(status.getByRole('heading', { name: /^On a break until \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} [AP]M$/ }));
      await visible(status.getByRole('link', { name: 'Withdraw my balance' }));
      // only a longer break is offered now
      const longer = page.getByRole('region', { name: 'Make your break longer' });
      expect(await longer.getByRole('radio', { name: '24 hours' }).isDisabled()).toBe(true);
      expect(await longer.getByRole('radio', { name: '7 days' }).isDisabled()).toBe(false);
      await noToasts(page);
      await shoot(page, 'responsible-break-en-US-light');

      // The lobby: a game launch is refused while the break runs.
      await clientNavigate(page, '/game');
      await page.locator('.game-tile', { hasText: 'Fiesta Reels' }).first().click();
      await visible(refusal(page, /You are taking a break from play until/));
      expect(await page.locator('.frame--game').count()).toBe(0);
      await shoot(page, 'responsible-play-paused-en-US-light');

      // In Vietnamese, dark: the running break, and the confirmation of a longer one (cancelled).
      await setLanguage(page, 'Tiếng Việt', '/responsible');
      await setTheme(page, 'dark');
      await visible(page.getByTestId('break-status').getByRole('heading', { name: /^Đang tạm nghỉ đến / }));
      await visible(page.getByTestId('limit-day').getByText('Đã dùng ₱ 500.00 / ₱ 600.00'));
      await page.evaluate(() => window.scrollTo(0, 0));
      await noToasts(page);
      await shoot(page, 'responsible-vi-VN-dark');
      expect(await noOverflow(page)).toBe(true);
      const longerVi = page.getByRole('region', { name: 'Kéo dài thời gian tạm nghỉ' });
      await longerVi.getByText('7 ngày', { exact: true }).click();
      await longerVi.getByRole('button', { name: 'Kéo dài thời gian nghỉ' }).click();
      const confirmVi = page.getByRole('dialog', { name: 'Xác nhận tạm nghỉ' });
      await visible(confirmVi.getByText('Tạm nghỉ ngắn · 7 ngày'));
      await shoot(page, 'responsible-confirm-vi-VN-dark');
      await confirmVi.getByRole('button', { name: 'Hủy' }).click();
      await confirmVi.waitFor({ state: 'hidden', timeout: WAIT });
      await visible(page.getByTestId('break-status'));
    } finally {
      await context.close();
    }
  });

  it('a player sets a wager limit and a 15-minute reality check; the reminder shows over the game, Stop goes to the lobby', async () => {
    const context = await newContext(live.browser, live.server.url);
    const page = await context.newPage();
    // The browser's clock is the test's: 15 minutes pass in a call (the reminder is timed in the app).
    await page.clock.install();
    // The server's 15 minutes must not cross Manila's midnight: the day's wager would start again at 0.
    await awayFromMidnight(live.server.url);
    try {
      await fundedGamePlayer(page, live.server.url, 1000);
      await clientNavigate(page, '/responsible');
      const wager = page.getByTestId('wager-limit-day');
      await visible(wager.getByText('Daily wager limit'));
      await wager.getByRole('button', { name: 'Set a limit' }).click();
      await wager.getByLabel('New daily wager limit').fill('800');
      await wager.getByRole('button', { name: 'Save' }).click();
      await visible(page.getByText('Daily wager limit: ₱ 800.00, from now on.'));
      await visible(wager.getByText('Used ₱ 0.00 of ₱ 800.00'));
      const reality = page.getByTestId('reality-check');
      await reality.getByText('Every 15 min').click();
      await visible(page.getByText('Reality check: every 15 minutes.'));
      expect(await reality.getByRole('radio', { name: 'Every 15 min' }).isChecked()).toBe(true);
      await noToasts(page);
      await page.getByRole('region', { name: 'Loss limits' }).scrollIntoViewIfNeeded();
      await shoot(page, 'responsible-play-limits-en-US-light');
      expect(await noOverflow(page)).toBe(true);

      // A round in the game frame, then 15 minutes of the session: the app's own dialog over the game.
      await clientNavigate(page, '/game');
      await page.locator('.game-tile', { hasText: 'Fiesta Reels' }).first().click();
      const gameFrame = page.frameLocator('.frame--game iframe');
      const spin = gameFrame.getByRole('button', { name: 'Spin' });
      await visible(spin, 20_000);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await spin.click();
      // The page's timers run on the installed clock: move it along while waiting for the round to end, so a
      // loaded machine that starves the clock's natural flow cannot leave the reels spinning past the wait.
      await untilSpinDone(gameFrame, spin, () => page.clock.runFor(500));
      // Both clocks move: the server's (the session's minutes) and the browser's (the app's timer).
      await ops(live.server.url, 'POST', '/ops/clock', { advance: '15m' });
      await page.clock.fastForward('15:00');
      const reminder = page.getByRole('dialog', { name: 'Time for a reality check' });
      await visible(reminder.getByText(/^You have been playing for 1[5-6] min\.$/));
      await visible(reminder.getByText(/^This session you (have lost|are) /));
      await visible(reminder.getByText(/^Staked this session: ₱ [1-9]/));
      await shoot(page, 'reality-check-over-game-en-US-light');
      await reminder.getByRole('button', { name: 'Stop' }).click();
      await page.locator('.frame--game').waitFor({ state: 'detached', timeout: WAIT });
      await page.waitForURL('**/game', { timeout: WAIT });

      // The wager counted; in Vietnamese, dark.
      await clientNavigate(page, '/responsible');
      await visible(page.getByTestId('wager-limit-day').getByText(/^Used ₱ [1-9][0-9.,]* of ₱ 800\.00$/));
      await setLanguage(page, 'Tiếng Việt', '/responsible');
      await setTheme(page, 'dark');
      await visible(page.getByRole('region', { name: 'Hạn mức thua' }));
      await visible(page.getByRole('region', { name: 'Hạn mức cược' }));
      await noToasts(page);
      await page.getByRole('region', { name: 'Hạn mức thua' }).scrollIntoViewIfNeeded();
      await shoot(page, 'responsible-play-limits-vi-VN-dark');
      expect(await noOverflow(page)).toBe(true);
      await ops(live.server.url, 'POST', '/ops/clock', { advance: '15m' });
      await page.clock.fastForward('15:00');
      const reminderVi = page.getByRole('dialog', { name: 'Đã đến lúc xem lại' });
      await visible(reminderVi.getByText(/^Bạn đã chơi được 3[0-1] phút\.$/));
      await visible(reminderVi.getByRole('button', { name: 'Tiếp tục chơi' }));
      await shoot(page, 'reality-check-vi-VN-dark');
      await reminderVi.getByRole('button', { name: 'Tiếp tục chơi' }).click();
      await reminderVi.waitFor({ state: 'hidden', timeout: WAIT });
    } finally {
      await context.close();
    }
  });
});
