import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext } from './browser';
import { ARTIFACTS, ops, pageSettled, register, uidOf, visible, WAIT } from './journey';
import { liveStack } from './server';

const live = liveStack();

/** The unread badge on the Inbox tab ('' when none). */
const inboxTabBadge = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Inbox|Hộp thư/ });

async function chooseSettings(page: Page, label: string) {
  await page.goto('/profile?action=settings');
  const settings = page.getByRole('dialog').first();
  await visible(settings);
  await settings.locator('label').filter({ hasText: label }).click();
}

describe('inbox journey', () => {
  it('a letter with cash sent through /ops arrives live; the player reads, claims and deletes it', async () => {
    const context = await newContext(live.browser, live.server.url);
    const page = await context.newPage();
    try {
      const player = { ...(await register(page)), uid: await uidOf(page) };
      // The welcome letter is unread: the Inbox tab shows 1 and the header menu its dot.
      await visible(inboxTabBadge(page).getByText('1', { exact: true }));
      await visible(page.getByTestId('menu-dot'));
      // A marker on the window survives only if the page is never reloaded.
      await page.evaluate(() => Object.assign(window, { __noReload: true }));

      await ops(live.server.url, 'POST', '/ops/letters', {
        uid: player.uid,
        titleEn: 'A gift for you',
        titleVi: 'Quà tặng cho bạn',
        contentEn: 'Thanks for playing with us. **Enjoy!**',
        contentVi: 'Cảm ơn bạn đã chơi cùng chúng tôi. **Chúc vui!**',
        rewards: [{ type: 'cash', amount: 50 }],
      });
      // Pushed on the socket: the badge rises to 2 without a reload, and the header and side menu follow.
      await visible(inboxTabBadge(page).getByText('2', { exact: true }));
      await visible(page.getByRole('button', { name: 'Open menu, 2 unread messages' }));
      expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
      await page.getByRole('button', { name: 'Open menu, 2 unread messages' }).click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await visible(menu.getByRole('link', { name: /Inbox.*2 unread/ }));
      await visible(menu.getByRole('link', { name: /30 Day Bonus.*1 unread/ }));
      await visible(menu.getByRole('link', { name: /Task.*1 unread/ }));
      await pageSettled(page); // the slide-in transition
      await page.screenshot({ path: join(ARTIFACTS, 'side-menu-en-light-390x844.png') });
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden', timeout: WAIT });

      await inboxTabBadge(page).click();
      await page.waitForURL('**/inbox', { timeout: WAIT });
      const row = page.getByRole('button', { name: /A gift for you/ });
      await visible(row);
      await visible(page.getByText('Reward to claim'));
      await page.screenshot({ path: join(ARTIFACTS, 'inbox-en-light-390x844.png') });

      await row.click();
      const sheet = page.getByRole('dialog', { name: 'A gift for you' });
      await visible(sheet);
      await visible(sheet.getByText('Enjoy!'));
      await visible(inboxTabBadge(page).getByText('1', { exact: true }));
      // An unclaimed reward keeps the letter: delete is disabled until it is claimed.
      expect(await sheet.getByTestId('letter-delete').isDisabled()).toBe(true);
      await page.screenshot({ path: join(ARTIFACTS, 'inbox-letter-en-light-390x844.png') });

      await sheet.getByTestId('letter-claim').click();
      const popup = page.getByRole('dialog', { name: 'Congratulations!' });
      await visible(popup);
      await visible(popup.getByText('50.00P'));
      await visible(page.getByTestId('header-balance').getByText('50.00'));
      await popup.getByRole('button', { name: /50.00P/ }).click();
      await popup.waitFor({ state: 'hidden', timeout: WAIT });

      await row.click();
      await visible(sheet.getByRole('button', { name: 'Claimed' }));
      await sheet.getByTestId('letter-delete').click();
      const confirm = page.getByRole('dialog', { name: 'Delete this message?' });
      await visible(confirm);
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      await row.waitFor({ state: 'detached', timeout: WAIT });
      await visible(page.getByText('Message deleted'));
      const left = await ops<{ list: { read: number; claimed: number }[] }>(
        live.server.url,
        'GET',
        `/ops/letters?uid=${player.uid}`,
      );
      expect(left.list[0]).toMatchObject({ read: 1, claimed: 1 });

      // The welcome letter, read now, goes with "delete read" after its own confirmation.
      await page.getByRole('button', { name: /Welcome aboard/ }).click();
      await page
        .getByRole('dialog', { name: 'Welcome aboard!' })
        .getByRole('button', { name: 'Close', exact: true })
        .last()
        .click();
      await page.getByTestId('delete-read').click();
      const confirmAll = page.getByRole('dialog', { name: 'Delete all read messages?' });
      await visible(confirmAll);
      await confirmAll.getByRole('button', { name: 'Delete', exact: true }).click();
      await visible(page.getByText('No messages'));
      await page.screenshot({ path: join(ARTIFACTS, 'inbox-empty-en-light-390x844.png') });

      // The event page and its bonus tabs, in English then Vietnamese, light and dark.
      await ops(live.server.url, 'POST', '/ops/letters', {
        uid: player.uid,
        titleEn: 'Weekend notice',
        titleVi: 'Thông báo cuối tuần',
        contentEn: 'Maintenance on Sunday',
        contentVi: 'Bảo trì vào Chủ nhật',
      });
      await page.goto('/event?tab=signIn');
      await visible(page.getByTestId('sign-in-today'));
      await page.screenshot({ path: join(ARTIFACTS, 'event-signin-en-light-390x844.png') });
      await page.getByTestId('sign-in-today').click();
      await visible(page.getByRole('dialog', { name: 'Congratulations!' }).getByText('18.00P'));
      await page
        .getByRole('dialog', { name: 'Congratulations!' })
        .getByRole('button', { name: /18.00P/ })
        .click();
      await page.goto('/event?tab=task');
      await visible(page.getByTestId('task-daily_login'));
      await page.screenshot({ path: join(ARTIFACTS, 'event-task-en-light-390x844.png') });
      await page.goto('/event');
      await visible(page.getByRole('tab', { name: /Return Gift Pack/ }));
      await page.screenshot({ path: join(ARTIFACTS, 'event-en-light-390x844.png') });

      await chooseSettings(page, 'Tiếng Việt');
      await page.waitForFunction(() => document.documentElement.lang.startsWith('vi'), undefined, { timeout: WAIT });
      await page.goto('/inbox');
      await visible(page.getByText('Thông báo cuối tuần'));
      await page.screenshot({ path: join(ARTIFACTS, 'inbox-vi-light-390x844.png') });
      await page.goto('/event?tab=dailyDeposit');
      await visible(page.getByTestId('tier-1'));
      await page.screenshot({ path: join(ARTIFACTS, 'event-daily-deposit-vi-light-390x844.png') });
      await page.goto('/event?tab=signIn');
      await visible(page.getByTestId('sign-in-today'));
      await page.screenshot({ path: join(ARTIFACTS, 'event-signin-vi-light-390x844.png') });

      await chooseSettings(page, 'Tối');
      await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark', undefined, { timeout: WAIT });
      await page.goto('/event?tab=task');
      await visible(page.getByTestId('task-daily_login'));
      await page.screenshot({ path: join(ARTIFACTS, 'event-task-vi-dark-390x844.png') });
      await page.goto('/inbox');
      await visible(page.getByText('Thông báo cuối tuần'));
      await page.screenshot({ path: join(ARTIFACTS, 'inbox-vi-dark-390x844.png') });
    } finally {
      await context.close();
    }
  });
});
