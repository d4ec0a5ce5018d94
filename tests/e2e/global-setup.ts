import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { ChromiumMissing, ensureChromium } from '../../scripts/lib/chromium';

const ROOT = resolve(import.meta.dirname, '..', '..');
const INDEX = join(ROOT, 'dist', 'client', 'index.html');
const BACKOFFICE = join(ROOT, 'dist', 'client', 'backoffice.html');
const SOURCES = [join(ROOT, 'client'), join(ROOT, 'shared')];

/** The newest modification time under a folder (tests excluded: they are not in the bundle). */
function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(path));
    else if (!/\.test\.tsx?$/.test(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * Finds (or, as root on Debian, installs) Chromium, then builds the client once per run when dist/client
 * is missing or older than its sources.
 */
export default async function setup(): Promise<void> {
  try {
    process.env.CHROME_PATH = ensureChromium();
  } catch (error) {
    // One line, no stack: the message says what to do.
    if (error instanceof ChromiumMissing) error.stack = `${error.name}: ${error.message}`;
    throw error;
  }
  const sourcesAt = Math.max(
    ...SOURCES.filter(existsSync).map(newestMtime),
    statSync(join(ROOT, 'vite.config.ts')).mtimeMs,
  );
  const fresh = (file: string) => existsSync(file) && statSync(file).mtimeMs >= sourcesAt;
  if (fresh(INDEX) && fresh(BACKOFFICE)) return;
  // vitest sets NODE_ENV=test, which would make Vite bundle React's development build
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: join(ROOT, 'vite.config.ts'), mode: 'production', logLevel: 'warn' });
    await build({
      configFile: join(ROOT, 'client', 'backoffice', 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}
