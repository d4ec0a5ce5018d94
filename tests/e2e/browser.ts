import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { findChromium } from '../../scripts/lib/chromium';

export const VIEWPORT = { width: 390, height: 844 };

/**
 * The Chromium the global setup located or installed (`CHROME_PATH`, else Debian's); a missing binary
 * fails the run with what to do, it never skips.
 */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('E2E tests need Chromium: the global setup should have installed it');
  return chromium.launch({
    executablePath,
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
