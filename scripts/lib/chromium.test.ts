import { describe, expect, it } from 'vitest';
import { type ChromiumHost, ChromiumMissing, ensureChromium, findChromium } from './chromium';

/** A machine with these files, this user and this system; records what it was asked to run. */
function host(options: { files?: string[]; env?: Record<string, string>; root?: boolean; debian?: boolean }) {
  const files = new Set(options.files ?? []);
  const ran: string[] = [];
  const fake: ChromiumHost = {
    env: options.env ?? {},
    exists: (path) => files.has(path),
    isRoot: () => options.root ?? false,
    isDebian: () => options.debian ?? false,
    run: (command, args) => {
      ran.push([command, ...args].join(' '));
      if (args.includes('install')) files.add('/usr/bin/chromium');
    },
    log: () => {},
  };
  return { fake, ran };
}

describe('locating Chromium for the browser tests', () => {
  it('honours CHROME_PATH over the system locations', () => {
    const { fake } = host({ files: ['/opt/chrome', '/usr/bin/chromium'], env: { CHROME_PATH: '/opt/chrome' } });
    expect(findChromium(fake)).toBe('/opt/chrome');
  });

  it('refuses a CHROME_PATH that does not exist, naming it', () => {
    const { fake } = host({ files: ['/usr/bin/chromium'], env: { CHROME_PATH: '/nope/chrome' } });
    expect(() => findChromium(fake)).toThrow(/CHROME_PATH=\/nope\/chrome does not exist/);
  });

  it("finds Debian's or Chrome's usual locations", () => {
    expect(findChromium(host({ files: ['/usr/bin/google-chrome'] }).fake)).toBe('/usr/bin/google-chrome');
    expect(findChromium(host({}).fake)).toBeUndefined();
  });

  it('installs chromium with apt-get when root on Debian and it is missing', () => {
    const { fake, ran } = host({ root: true, debian: true });
    expect(ensureChromium(fake)).toBe('/usr/bin/chromium');
    expect(ran).toEqual(['apt-get update -qq', 'apt-get install -y -qq chromium']);
  });

  it('installs nothing when one is already there', () => {
    const { fake, ran } = host({ files: ['/usr/bin/chromium'], root: true, debian: true });
    expect(ensureChromium(fake)).toBe('/usr/bin/chromium');
    expect(ran).toEqual([]);
  });

  it('fails with one line saying what to do when it may not install', () => {
    for (const machine of [host({ root: false, debian: true }), host({ root: true, debian: false })]) {
      let error: unknown;
      try {
        ensureChromium(machine.fake);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ChromiumMissing);
      const message = (error as Error).message;
      expect(message).not.toContain('\n');
      expect(message).toMatch(/apt-get install -y chromium.*CHROME_PATH/);
      expect(machine.ran).toEqual([]);
    }
  });
});
