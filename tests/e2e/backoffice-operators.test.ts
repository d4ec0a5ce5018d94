import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../server/src/config';
import { stepAt, totpCode } from '../../server/src/lib/totp';
import { liveStack } from './server';

const ARTIFACTS = join(import.meta.dirname, 'artifacts');
const WAIT = 15_000;
const TOKEN = testConfig().adminToken;
const PASSWORD = 'e2e operator password';

const live = liveStack();
const visible = (locator: Locator, timeout = WAIT) => locator.first().waitFor({ state: 'visible', timeout });

async function opsCall<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${live.server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { success: boolean; data: T; msg: string };
  if (!envelope.success) throw new Error(`${method} ${path}: ${envelope.msg}`);
  return envelope.data;
}

/** The server's clock (the virtual clock may be moved by other tests): the code the authenticator shows now. */
async function codeNow(secret: string): Promise<string> {
  const clock = await opsCall<{ now: string }>('GET', '/ops/clock');
  return totpCode(secret, stepAt(Date.parse(clock.now)));
}

describe('operator accounts in the back office', () => {
  it('an operator signs in with 2FA (first sign-in enrols), and a cashier cannot adjust a balance', async () => {
    // A scenario load first (it resets the players; operator accounts are kept, but made after it is clearer).
    const loaded = await opsCall<{ personas: { uid: number }[] }>('POST', '/ops/scenarios/new-player', {});
    const uid = loaded.personas[0]?.uid ?? 0;
    const stamp = Date.now().toString(36);
    const admin = `admin-${stamp}`;
    const cashier = `cashier-${stamp}`;
    await opsCall('POST', '/ops/operators', { name: admin, role: 'admin', password: PASSWORD });
    const { enrol } = await opsCall<{ enrol: { secret: string } }>('POST', '/ops/operators', {
      name: cashier,
      role: 'cashier',
      password: PASSWORD,
    });

    mkdirSync(ARTIFACTS, { recursive: true });
    const context = await live.browser.newContext({ baseURL: live.server.url, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    try {
      // The admin's first sign-in: name and password show the secret to enrol; the code from it signs in.
      await page.goto('/ops');
      const form = page.getByRole('form', { name: 'Operator sign-in' });
      await form.getByLabel('Operator name').fill(admin);
      await form.getByLabel('Password').fill(PASSWORD);
      await form.getByRole('button', { name: 'Sign in' }).click();
      const setup = page.getByRole('region', { name: 'Set up two-step sign-in' });
      await visible(setup);
      const secret = ((await setup.locator('code').textContent()) ?? '').trim();
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await page.screenshot({ path: join(ARTIFACTS, 'backoffice-enrol.png'), fullPage: true });
      await form.getByLabel('Authenticator code').fill('000000');
      await form.getByRole('button', { name: 'Sign in' }).click();
      await visible(page.getByRole('alert').getByText('Wrong name, password or code'));
      await form.getByLabel('Authenticator code').fill(await codeNow(secret));
      await form.getByRole('button', { name: 'Sign in' }).click();
      await visible(page.getByText(`${admin} ·`));
      const sections = page.getByRole('navigation', { name: 'Sections' });
      await visible(sections.getByRole('link', { name: 'Operators' }));
      // Tester tools are the tester's: an admin does not see them.
      expect(await sections.getByRole('link', { name: 'Clock' }).count()).toBe(0);
      await sections.getByRole('link', { name: 'Operators' }).click();
      await visible(page.getByRole('cell', { name: cashier }));
      await page.screenshot({ path: join(ARTIFACTS, 'backoffice-operators.png'), fullPage: true });
      await page.getByRole('button', { name: 'Sign out' }).click();

      // The cashier (enrolled by the secret the admin handed over) signs in at once with a code.
      await opsCall('POST', '/ops/clock', { advance: '1m' }); // a fresh step: the admin's code is used
      await form.getByLabel('Operator name').fill(cashier);
      await form.getByLabel('Password').fill(PASSWORD);
      await form.getByLabel('Authenticator code').fill(await codeNow(enrol.secret));
      await form.getByRole('button', { name: 'Sign in' }).click();
      await visible(page.getByText(`${cashier} ·`));
      expect(await sections.getByRole('link', { name: 'Operators' }).count()).toBe(0);
      await sections.getByRole('link', { name: 'Players' }).click();
      await page.getByLabel('Find player').fill(String(uid));
      await page.getByLabel('Find player').press('Enter');
      await page
        .getByRole('row')
        .filter({ hasText: String(uid) })
        .first()
        .click();
      // The adjustment form is hidden for a cashier; the server refuses it anyway.
      await visible(page.getByRole('heading', { name: /Sessions/ }));
      expect(await page.getByRole('button', { name: 'Adjust' }).count()).toBe(0);
      await page.screenshot({ path: join(ARTIFACTS, 'backoffice-cashier.png'), fullPage: true });
      const refused = await page.evaluate(async (target) => {
        const r = await fetch(`/ops/users/${target}/adjust`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', requestFrom: 'BO' },
          body: JSON.stringify({ amount: 100, reason: 'try' }),
        });
        return { status: r.status, code: ((await r.json()) as { code: number }).code };
      }, uid);
      expect(refused).toEqual({ status: 403, code: 30050 });
    } finally {
      await context.close();
    }
  });
});
