import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEWPORT } from './browser';
import { clientNavigate, fundedGamePlayer, headerBalance, ops, roundsReported, shoot, visible, WAIT } from './journey';
import { liveStack } from './server';

/**
 * Crash as one shared round (issue 28 item 2, server/src/sandbox/provider/crash-room.ts), played on a phone:
 * a bet in the betting phase, the server clock moved into the flight, the Cash out button pressed while it
 * flies; then the page, the casino's header, the API balance and the game records agree on the win. The
 * server clock is the tester's (/ops/clock); a round that crashes before the press (a low point) is followed
 * by the next one.
 */
const live = liveStack();

interface Status {
  serverNow: number;
  round: { n: number; phase: string; flightAt: number };
}

const gameFrame = (page: Page) => {
  const frame = page.frames().find((f) => f.url().includes('/provider/play/'));
  if (!frame) throw new Error('no game frame');
  return frame;
};
const crashStatus = (page: Page) =>
  gameFrame(page).evaluate(async () => {
    const session = (document.querySelector('#game') as HTMLElement).dataset.session;
    const answer = await fetch(`/provider/api/${session}/crash`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    return (await answer.json()) as Status;
  });
const balanceOf = (page: Page) =>
  page.evaluate(async () => {
    const answer = await fetch('/api/balance', { credentials: 'include' });
    return ((await answer.json()) as { data: { userAccountVO: { balance: number } } }).data.userAccountVO.balance;
  });
const records = (page: Page) =>
  page.evaluate(async () => {
    const answer = await fetch('/api/game/record/all', { credentials: 'include' });
    return ((await answer.json()) as { data: { list: { bet: number; win: number; result: string }[] } }).data.list;
  });
const pesos = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

describe('crash: one shared round, cash out in flight', () => {
  let page: Page;
  beforeAll(async () => {
    const context = await live.browser.newContext({ baseURL: live.server.url, viewport: VIEWPORT, locale: 'en-US' });
    page = await context.newPage();
    await page.goto('/');
    await fundedGamePlayer(page, live.server.url, 500);
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('cashes out by button at 390x844: page, header, API balance and records agree', { timeout: 180_000 }, async () => {
    await clientNavigate(page, '/game/search');
    const search = page.getByRole('searchbox');
    await search.fill('Skyrocket Crash');
    await search.press('Enter');
    await page.waitForURL('**/game/search/result?q=*', { timeout: WAIT });
    await page.locator('.game-tile', { hasText: 'Skyrocket Crash' }).first().click();
    const frame = page.frameLocator('.frame--game iframe');
    await visible(frame.locator('body.game-crash #game'), 20_000);

    let cashed = false;
    for (let attempt = 0; attempt < 8 && !cashed; attempt++) {
      const before = await roundsReported(page);
      // A fresh round: the clock past any flight, so the next read opens round n + 1 in its betting phase.
      await ops(live.server.url, 'POST', '/ops/clock', { advance: '200s' });
      const bet = frame.locator('.crash-launch');
      await expect.poll(() => bet.isEnabled(), { timeout: WAIT }).toBe(true);
      await bet.click();
      await visible(frame.locator('.crash-bet.is-me'));
      // Into the flight: 1.5 s after take-off (about 1.13x).
      const status = await crashStatus(page);
      await ops(live.server.url, 'POST', '/ops/clock', {
        set: new Date(status.round.flightAt + 1500).toISOString(),
      });
      const cashOut = frame.locator('.crash-cashout');
      const flying = await cashOut
        .waitFor({ state: 'visible', timeout: 5_000 })
        .then(() => true)
        .catch(() => false);
      if (flying) {
        await expect.poll(() => frame.locator('.crash-x').innerText()).not.toBe('1.00×');
        await shoot(page, 'crash-in-flight');
        // The flight goes on in real time: a low point can crash it between the screenshot and the press,
        // and the button hides; that round is lost and the next one is played.
        const pressed = await cashOut
          .click({ timeout: 3_000 })
          .then(() => true)
          .catch(() => false);
        cashed =
          pressed &&
          (await frame
            .locator('.crash-cash:not(.lost)')
            .waitFor({ state: 'visible', timeout: 5_000 })
            .then(() => true)
            .catch(() => false));
      }
      // Won or lost, the page reports the round's end to the casino.
      if (!cashed) await ops(live.server.url, 'POST', '/ops/clock', { advance: '200s' });
      await expect.poll(() => roundsReported(page), { timeout: WAIT }).toBeGreaterThan(before);
    }
    expect(cashed).toBe(true);
    await shoot(page, 'crash-cashed-out');

    const [record] = await records(page);
    expect(record?.bet).toBe(10);
    expect(record?.win).toBeGreaterThan(10);
    expect(record?.result).toMatch(/^Cashed out at \d+\.\d\dx/);
    const api = await balanceOf(page);
    await expect.poll(() => headerBalance(page), { timeout: WAIT }).toBe(pesos(api));
    await expect.poll(() => frame.locator('.g-balance-value').innerText()).toContain(pesos(api));
    // The win on the page is the record's.
    expect(await frame.locator('.crash-cash strong').innerText()).toContain(pesos(record?.win ?? 0));
  });

  it('follows the light and the dark scheme at 390x844: page ink, sky and chart inks', async () => {
    const frame = gameFrame(page);
    const look = () =>
      frame.evaluate(() => {
        const body = getComputedStyle(document.body);
        const sky = document.querySelector('.crash-sky');
        return {
          text: body.color,
          // the ink as a colour: the built CSS is minified (#0f17339e for rgba(15, 23, 51, 0.62))
          axis: (() => {
            const probe = document.createElement('span');
            probe.style.color = body.getPropertyValue('--crash-axis').trim();
            document.body.append(probe);
            const color = getComputedStyle(probe).color;
            probe.remove();
            return color;
          })(),
          sky: sky ? getComputedStyle(sky).backgroundImage : '',
        };
      });
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(async () => (await look()).text).toBe('rgb(15, 23, 51)');
    const light = await look();
    expect(light.axis).toBe('rgba(15, 23, 51, 0.62)');
    expect(light.sky).toContain('rgb(159, 208, 255)');
    await shoot(page, 'crash-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(async () => (await look()).text).toBe('rgb(238, 242, 255)');
    const dark = await look();
    expect(dark.axis).toBe('rgba(220, 230, 255, 0.6)');
    expect(dark.sky).not.toContain('rgb(159, 208, 255)');
    await shoot(page, 'crash-dark');
  });
});
