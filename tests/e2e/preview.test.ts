import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { ARTIFACTS, visible, WAIT } from './journey';

const ROOT = resolve(import.meta.dirname, '..', '..');

/**
 * The preview (`npm run preview:ui`) in Chromium: its Vite server on a free port, the shell at desktop size,
 * each story in its 390x844 frame answered by msw's service worker from the contract's handlers.
 */
describe('the screens preview', () => {
  let vite: ViteDevServer;
  let browser: Browser;
  let base = '';

  beforeAll(async () => {
    vite = await createServer({
      configFile: join(ROOT, 'vite.preview.config.ts'),
      server: { port: 0, open: false, hmr: false },
      logLevel: 'error',
    });
    await vite.listen();
    base = vite.resolvedUrls?.local[0]?.replace(/\/$/, '') ?? '';
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await vite?.close();
  });

  it('shows two stories from their handlers: 500 journal rows, then an empty game list in Vietnamese and dark', async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    const page = await context.newPage();
    try {
      await page.goto(`${base}/preview.html?story=records-500`);
      const phone = page.frameLocator('iframe.pv__phone');
      // only the story's handler knows this row: the recorded journal is empty
      await visible(phone.getByText('Balance 100,000.00'), 60_000);
      await expect
        .poll(() => phone.getByRole('list', { name: 'Records' }).locator('li.row').count(), { timeout: WAIT })
        .toBe(500);
      await page.screenshot({ path: join(ARTIFACTS, 'preview-records-500.png') });

      await page.getByRole('button', { name: 'Tiếng Việt' }).click();
      await page.getByRole('button', { name: 'Tối' }).click();
      await page.getByRole('link', { name: 'Danh sách trò chơi trống' }).click();
      await visible(phone.getByText('Mục này chưa có trò chơi'), 60_000);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
      expect(new URL(page.url()).search).toBe('?story=games-empty&lang=vi-VN&theme=dark');
      await page.screenshot({ path: join(ARTIFACTS, 'preview-games-empty-vi-dark.png') });
    } finally {
      await context.close();
    }
  });

  it('is not in the production build: neither the page nor the service worker', () => {
    const dist = join(ROOT, 'dist', 'client');
    expect(existsSync(join(dist, 'index.html'))).toBe(true);
    expect(existsSync(join(dist, 'preview.html'))).toBe(false);
    expect(existsSync(join(dist, 'mockServiceWorker.js'))).toBe(false);
    const assets = readdirSync(join(dist, 'assets'));
    expect(assets.filter((name) => /preview|msw|setupWorker/i.test(name))).toEqual([]);
  });
});
