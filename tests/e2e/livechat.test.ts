import { describe, expect, it } from 'vitest';
import { newContext } from './browser';
import { ADMIN_TOKEN, clientNavigate, register, setLanguage, shoot, visible, WAIT } from './journey';
import { liveStack } from './server';

const live = liveStack();

describe('live chat journey', () => {
  it('a player writes on /livechat; the operator sees it unread in the back office, answers and closes; the player sees both live', async () => {
    const playerContext = await newContext(live.browser, live.server.url);
    const opsContext = await newContext(live.browser, live.server.url);
    const page = await playerContext.newPage();
    const operator = await opsContext.newPage();
    try {
      const player = await register(page);
      await clientNavigate(page, '/livechat');
      const chat = page.getByRole('region', { name: 'Chat with customer service' });
      await visible(chat.getByText('Write your question below: an agent answers here.'));
      const box = chat.getByLabel('Write a message');
      await box.fill('Hello, my deposit has not arrived yet.');
      await chat.getByRole('button', { name: 'Send', exact: true }).click();
      await visible(chat.locator('.chat__bubble--player').getByText('Hello, my deposit has not arrived yet.'));
      expect(await box.inputValue()).toBe('');
      // one click sends one message (the Send button used to send it twice)
      await page.waitForTimeout(500);
      expect(await chat.locator('.chat__bubble--player').count()).toBe(1);

      // the operator signs in with a name and the token, opens Live chat: one conversation, one unread
      await operator.goto('/ops');
      // The service account (ADMIN_TOKEN) signs in below the operator form; confirmations get a reason.
      await operator.getByText('Service token (scripts, CI)').click();
      operator.on('dialog', (dialog) => void dialog.accept(dialog.type() === 'prompt' ? 'checked by e2e' : undefined));
      await operator.getByLabel('Your name (recorded in the audit trail and on chat answers)').fill('Maria');
      await operator.getByLabel('Admin token').fill(ADMIN_TOKEN);
      await operator.getByRole('button', { name: 'Use the token' }).click();
      await operator.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Live chat' }).click();
      const panel = operator.getByRole('region', { name: 'Live chat' });
      const row = panel.locator('tr').filter({ hasText: player.username });
      await visible(row.getByText('Hello, my deposit has not arrived yet.'));
      await visible(row.locator('.pill').getByText('1', { exact: true }));
      await visible(panel.getByText('1 unread', { exact: true }));
      await row.click();
      const thread = operator.getByRole('region', { name: 'Conversation' });
      await visible(thread.getByText('Hello, my deposit has not arrived yet.'));
      await thread.getByLabel('Reply').fill('Hi, I am checking your deposit now.');
      await thread.getByRole('button', { name: 'Reply', exact: true }).click();
      await visible(thread.getByText('Hi, I am checking your deposit now.'));
      // opening the conversation read it
      await expect.poll(() => row.locator('.pill').count(), { timeout: WAIT }).toBe(0);
      await shoot(operator, 'backoffice-chat-en');

      // the answer reaches the open chat over the socket, with the operator's name, no reload
      const answer = chat.locator('.chat__bubble--operator').filter({ hasText: 'Hi, I am checking your deposit now.' });
      await visible(answer);
      await visible(answer.getByText('Maria', { exact: true }));
      await shoot(page, 'livechat-en');

      // away from the chat, a new answer raises the cs.unread badge on the menu's Chat entry
      await clientNavigate(page, '/game');
      await thread.getByLabel('Reply').fill('Found it: it is credited now.');
      await thread.getByRole('button', { name: 'Reply', exact: true }).click();
      await visible(thread.getByText('Found it: it is credited now.'));
      await page.getByRole('button', { name: /^Open menu/ }).click();
      await visible(page.getByRole('link', { name: /Chat\s*1 unread/ }));
      await page.keyboard.press('Escape');
      await clientNavigate(page, '/livechat');
      await visible(chat.getByText('Found it: it is credited now.'));

      // the operator closes it; the player sees it closed at once
      await thread.getByRole('button', { name: 'Close', exact: true }).click();
      await visible(thread.getByText('Closed by Maria.'));
      await visible(chat.getByText('This conversation was closed. Write again to start a new one.'));
      await shoot(operator, 'backoffice-chat-closed-en');
      await shoot(page, 'livechat-closed-en');

      await setLanguage(page, 'Tiếng Việt', '/livechat');
      const chatVi = page.getByRole('region', { name: 'Trò chuyện với chăm sóc khách hàng' });
      await visible(chatVi.getByText('Cuộc trò chuyện này đã kết thúc. Hãy viết tiếp để bắt đầu cuộc mới.'));
      await visible(chatVi.getByText('Bạn', { exact: true }));
      await shoot(page, 'livechat-vi');
    } finally {
      await playerContext.close();
      await opsContext.close();
    }
  });
});
