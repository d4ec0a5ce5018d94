import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildClientIfStale, clientIsFresh, clientSources, writeClientStamp } from './client-stamp.mjs';

let root: string;
const write = (file: string, text: string) => {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), text);
};

/** A project as the build sees it, built once. */
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'client-stamp-'));
  write('client/index.html', '<div id="root"></div>');
  write('client/src/app.tsx', 'export const App = 1;');
  write('client/src/app.test.tsx', 'test');
  write('client/backoffice/vite.config.ts', 'export default {};');
  write('shared/codes.ts', 'export const OK = 0;');
  write('vite.config.ts', 'export default {};');
  write('vite.games.config.ts', 'export default {};');
  write('server/src/sandbox/provider/pages/dice.ts', 'export {};');
  write('server/src/sandbox/provider/pages/dice.test.ts', 'test');
  write('server/src/sandbox/provider/engine.ts', 'server code, not a page');
  write('package-lock.json', '{}');
  write('scripts/lib/vite-precompress.mjs', 'export {};');
  write('scripts/ops.ts', 'not part of the build');
  write('dist/client/index.html', 'built');
  write('dist/client/backoffice.html', 'built');
  write('dist/games/.vite/manifest.json', '{}');
  writeClientStamp(root);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the client build stamp (npm start skips the build when it matches)', () => {
  it('lists what the builds read: client/, shared/, the game pages, the Vite configs and plugins, the lockfile; no tests', () => {
    expect(clientSources(root)).toEqual([
      'client/backoffice/vite.config.ts',
      'client/index.html',
      'client/src/app.tsx',
      'package-lock.json',
      'scripts/lib/vite-precompress.mjs',
      'server/src/sandbox/provider/pages/dice.ts',
      'shared/codes.ts',
      'vite.config.ts',
      'vite.games.config.ts',
    ]);
  });

  it('is fresh right after a build, and still fresh when only modification times moved', () => {
    expect(clientIsFresh(root)).toBe(true);
    utimesSync(join(root, 'client/src/app.tsx'), new Date(), new Date(Date.now() + 60_000));
    expect(clientIsFresh(root)).toBe(true);
  });

  it('is stale when one byte of a source changes, even with its modification time put back', () => {
    const file = join(root, 'client/src/app.tsx');
    const { atime, mtime } = statSync(file);
    writeFileSync(file, readFileSync(file, 'utf8').replace('1', '7'));
    utimesSync(file, atime, mtime);
    expect(clientIsFresh(root)).toBe(false);
  });

  it.each([
    ['a client source changes', () => write('client/src/app.tsx', 'export const App = 2;')],
    ['a client file is added', () => write('client/src/new.ts', 'x')],
    ['shared/ changes', () => write('shared/codes.ts', 'export const OK = 1;')],
    ['the Vite config changes', () => write('vite.config.ts', 'export default { base: "/x/" };')],
    ['a game page changes', () => write('server/src/sandbox/provider/pages/dice.ts', 'export const x = 1;')],
    ['the game pages config changes', () => write('vite.games.config.ts', '// changed')],
    ['the game pages are not built', () => rmSync(join(root, 'dist/games'), { recursive: true })],
    ['the back office config changes', () => write('client/backoffice/vite.config.ts', '// changed')],
    ['the lockfile changes (a dependency moved)', () => write('package-lock.json', '{"v":2}')],
    ['a Vite plugin of scripts/lib changes', () => write('scripts/lib/vite-precompress.mjs', '// changed')],
    ['the back office page is missing', () => rmSync(join(root, 'dist/client/backoffice.html'))],
    ['the stamp is missing (a build from before stamps)', () => rmSync(join(root, 'dist/client/.build-stamp'))],
  ])('is stale when %s', (_what, change) => {
    change();
    expect(clientIsFresh(root)).toBe(false);
  });

  it('ignores tests and files outside the build', () => {
    write('client/src/app.test.tsx', 'changed test');
    write('scripts/ops.ts', 'changed');
    write('server/src/sandbox/provider/pages/dice.test.ts', 'changed test');
    write('server/src/sandbox/provider/engine.ts', 'changed');
    expect(clientIsFresh(root)).toBe(true);
  });

  it('is fresh again once rebuilt (stamp rewritten)', () => {
    write('client/src/app.tsx', 'export const App = 3;');
    writeClientStamp(root);
    expect(clientIsFresh(root)).toBe(true);
  });
});

describe('buildClientIfStale (npm start, the e2e global setup and npm run lighthouse)', () => {
  /** Stands in for Vite's build: records each config and the NODE_ENV it ran under. */
  const fakeVite = () => {
    const calls: { configFile: string; mode: string; nodeEnv: string | undefined }[] = [];
    const build = async (config: { configFile: string; mode: string }) => {
      calls.push({ configFile: config.configFile, mode: config.mode, nodeEnv: process.env.NODE_ENV });
    };
    return { calls, build };
  };

  it('does not build when the sources are as built, even after every file was touched', async () => {
    const vite = fakeVite();
    for (const file of clientSources(root)) utimesSync(join(root, file), new Date(), new Date(Date.now() + 60_000));
    expect(await buildClientIfStale(root, { build: vite.build })).toBe(false);
    expect(vite.calls).toEqual([]);
  });

  it('builds the client, the back office, then the game pages in production mode when a source changed, and stamps it', async () => {
    const vite = fakeVite();
    write('shared/codes.ts', 'export const OK = 2;');
    const before = process.env.NODE_ENV;
    expect(await buildClientIfStale(root, { build: vite.build })).toBe(true);
    expect(vite.calls).toEqual([
      { configFile: join(root, 'vite.config.ts'), mode: 'production', nodeEnv: 'production' },
      { configFile: join(root, 'client/backoffice/vite.config.ts'), mode: 'production', nodeEnv: 'production' },
      { configFile: join(root, 'vite.games.config.ts'), mode: 'production', nodeEnv: 'production' },
    ]);
    expect(process.env.NODE_ENV).toBe(before);
    expect(clientIsFresh(root)).toBe(true);
    expect(await buildClientIfStale(root, { build: vite.build })).toBe(false);
    expect(vite.calls).toHaveLength(3);
  });

  it('builds anyway with force, and leaves the stamp alone when the build fails', async () => {
    const vite = fakeVite();
    expect(await buildClientIfStale(root, { force: true, build: vite.build })).toBe(true);
    expect(vite.calls).toHaveLength(3);
    write('client/src/app.tsx', 'broken');
    const failing = async () => {
      throw new Error('syntax error');
    };
    await expect(buildClientIfStale(root, { build: failing })).rejects.toThrow('syntax error');
    expect(clientIsFresh(root)).toBe(false);
  });
});
