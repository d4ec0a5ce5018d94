import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Code } from '../../shared/codes';
import { codeMessage } from '../../shared/messages';
import { newContext } from './browser';
import { ADMIN_TOKEN, ARTIFACTS, acceptAgeVerification, shoot, visible, WAIT } from './journey';
import { liveStack } from './server';

/**
 * Stubs as data (issue 30 item 3), as a tester uses them: set by an HTTP call (the README's curl lines), the
 * player app in real Chromium shows what the stub answers; the request count says the app asked; the back
 * office's Stubs tab lists them.
 */
const live = liveStack();

async function opsFetch<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) {
  const response = await fetch(`${live.server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${ADMIN_TOKEN}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: response.status,
    ...((await response.json()) as { success: boolean; code: number; msg: string; data: T }),
  };
}

const EMPTY_PAGE = { list: [], page: 1, size: 20, total: 0 };

describe('stubs set over /ops change what the player app shows', () => {
  it("an empty game list shows the lobby's empty tab; a login error shows its message; the back office lists both", async () => {
    // Every game list of the visitor's lobby answers no game (the tab may be a plain, hot or live list).
    for (const path of ['/api/open/game/fetch', '/api/open/game/fetch/hot', '/api/open/game/fetch/live']) {
      const set = await opsFetch('POST', '/ops/stubs', { method: 'GET', path, data: EMPTY_PAGE });
      expect(set.success, `${path}: ${set.msg}`).toBe(true);
    }
    const login = await opsFetch<{ id: number }>('POST', '/ops/stubs', {
      method: 'POST',
      path: '/api/user/login',
      error: { code: Code.LOGIN_FAILED },
      count: 1,
    });
    expect(login.success).toBe(true);

    const context = await newContext(live.browser, live.server.url);
    const page = await context.newPage();
    try {
      await page.goto('/game');
      await acceptAgeVerification(page);
      await visible(page.getByText('No games here yet'));
      await shoot(page, 'stub-empty-lobby');

      // The login answers the stubbed business error: the app shows the code's message from shared/messages.
      await page.goto('/login');
      await acceptAgeVerification(page);
      await page.getByLabel('Username or mobile number', { exact: true }).fill('anyplayer1');
      await page.getByLabel('Password', { exact: true }).fill('secret123');
      await page.locator('form').getByRole('button', { name: 'Log in', exact: true }).click();
      const message = codeMessage(Code.LOGIN_FAILED, 'en-US');
      await visible(page.getByText(message, { exact: false }));
      await shoot(page, 'stub-login-error');
      expect(page.url()).toContain('/login');

      // The app asked once, the stub answered, and it is used up.
      const count = await opsFetch<{ count: number }>(
        'GET',
        '/ops/requests/count?method=POST&path=/api/user/login&stubbed=true&expect=1',
      );
      expect(count).toMatchObject({ success: true, data: { count: 1 } });
      const wrong = await opsFetch('GET', '/ops/requests/count?method=POST&path=/api/user/login&expect=2');
      expect(wrong).toMatchObject({ status: 417, success: false, code: Code.REQUEST_COUNT_MISMATCH });

      // The back office's Stubs tab lists the three list stubs left, and removes one.
      const operator = await live.browser.newPage({ viewport: { width: 1366, height: 900 } });
      await operator.goto(`${live.server.url}/ops`);
      // the service account (ADMIN_TOKEN), below the operators' sign-in form
      await operator.getByText('Service token (scripts, CI)').click();
      operator.on('dialog', (dialog) => void dialog.accept(dialog.type() === 'prompt' ? 'checked by e2e' : undefined));
      await operator.getByLabel('Admin token').fill(ADMIN_TOKEN);
      await operator.getByRole('button', { name: 'Use the token' }).click();
      await operator
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link', { name: 'Stubs', exact: true })
        .click();
      const rows = operator.locator('table tbody tr');
      await rows.first().waitFor({ state: 'visible', timeout: WAIT });
      expect(await rows.count()).toBe(3);
      // A stub the contract forbids is refused with the field named.
      await operator.getByLabel('Data (JSON)').fill('{"list": "none"}');
      await operator.getByRole('button', { name: 'Add stub' }).click();
      await visible(
        operator.getByRole('alert').getByText(/^data\.list: Not what GET \/api\/open\/game\/fetch answers/),
      );
      mkdirSync(ARTIFACTS, { recursive: true });
      await operator.screenshot({ path: join(ARTIFACTS, 'backoffice-stubs-1366.png'), fullPage: true });
      await rows.first().getByRole('button', { name: 'Remove' }).click();
      await operator.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 2, null, {
        timeout: WAIT,
      });
      await operator.close();
    } finally {
      await context.close();
      await opsFetch('DELETE', '/ops/stubs');
    }
  });
});
