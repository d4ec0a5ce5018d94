/**
 * Finds the Chromium the browser tests (and Lighthouse) drive, installing Debian's package when the
 * machine allows it, so `npm test` passes on a fresh machine with no browser installed beforehand.
 *
 * Order: `CHROME_PATH` when set (it must exist: a wrong path is an error, never silently replaced), then
 * the usual system locations. When none exists and the process is root on Debian/Ubuntu, it runs
 * `apt-get update && apt-get install -y chromium`. Otherwise it fails with one line saying what to do.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
];

/** What the locator may look at and do; the defaults are the real machine (tests pass fakes). */
export interface ChromiumHost {
  env: Record<string, string | undefined>;
  exists(path: string): boolean;
  isRoot(): boolean;
  isDebian(): boolean;
  /** Runs a command, inheriting output; throws when it fails. */
  run(command: string, args: string[]): void;
  log(line: string): void;
}

export const realHost: ChromiumHost = {
  env: process.env,
  exists: existsSync,
  isRoot: () => typeof process.getuid === 'function' && process.getuid() === 0,
  isDebian: () => existsSync('/etc/debian_version') && existsSync('/usr/bin/apt-get'),
  run: (command, args) => {
    execFileSync(command, args, {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  },
  log: (line) => console.log(line),
};

export class ChromiumMissing extends Error {
  override name = 'ChromiumMissing';
}

const HOW_TO =
  'install Chromium (Debian/Ubuntu: sudo apt-get install -y chromium; macOS: brew install --cask chromium) or set CHROME_PATH to a Chrome/Chromium binary';

/** The first Chromium already on the machine, or undefined; throws when CHROME_PATH names a missing file. */
export function findChromium(host: ChromiumHost = realHost): string | undefined {
  const wanted = host.env.CHROME_PATH;
  if (wanted) {
    if (!host.exists(wanted)) throw new ChromiumMissing(`CHROME_PATH=${wanted} does not exist: ${HOW_TO}`);
    return wanted;
  }
  return CANDIDATES.find((path) => host.exists(path));
}

/** A Chromium path, installing Debian's package first when it is missing and the process may. */
export function ensureChromium(host: ChromiumHost = realHost): string {
  const found = findChromium(host);
  if (found) return found;
  if (host.isRoot() && host.isDebian()) {
    host.log('Browser tests need Chromium: installing Debian\'s "chromium" package (apt-get install -y chromium)');
    try {
      host.run('apt-get', ['update', '-qq']);
      host.run('apt-get', ['install', '-y', '-qq', 'chromium']);
    } catch (error) {
      throw new ChromiumMissing(
        `apt-get install chromium failed (${(error as Error).message.split('\n')[0]}): ${HOW_TO}`,
      );
    }
    const installed = findChromium(host);
    if (installed) return installed;
  }
  throw new ChromiumMissing(`Browser tests need Chromium and none was found: ${HOW_TO}`);
}
