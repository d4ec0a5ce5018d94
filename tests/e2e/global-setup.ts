import { resolve } from 'node:path';
import { ChromiumMissing, ensureChromium } from '../../scripts/lib/chromium';
import { buildClientIfStale } from '../../scripts/lib/client-stamp.mjs';

const ROOT = resolve(import.meta.dirname, '..', '..');

/**
 * Finds (or, as root on Debian, installs) Chromium, then builds the client once per run unless
 * dist/client was built from the sources as they are (the content hash `npm start` uses too).
 */
export default async function setup(): Promise<void> {
  try {
    process.env.CHROME_PATH = ensureChromium();
  } catch (error) {
    // One line, no stack: the message says what to do.
    if (error instanceof ChromiumMissing) error.stack = `${error.name}: ${error.message}`;
    throw error;
  }
  await buildClientIfStale(ROOT);
}
