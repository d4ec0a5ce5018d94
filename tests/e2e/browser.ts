import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const VIEWPORT = { width: 390, height: 844 };

/** Debian's Chromium; a missing binary fails the run (CI installs it via .ci/run), it never skips. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`E2E tests need Chromium at ${CHROMIUM} (apt-get install chromium; CI installs it via .ci/run)`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** A fresh phone-sized context (own cookies and storage) pointed at the server. */
export function newContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport: VIEWPORT, locale: 'en-US' });
}
