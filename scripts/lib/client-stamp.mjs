// Whether dist/client was built from the sources as they are now: a hash of client/ and shared/ (tests
// left out: they are not in the bundle), the Vite configs, their plugins and the lockfile, written into
// dist/client/.build-stamp after a build. Content, not modification times: a checkout or a copy that
// touches every file does not force a rebuild, and an edit undone does not either. The one decision for
// `npm start` (scripts/build-client.mjs), the e2e global setup and `npm run lighthouse`: all three call
// buildClientIfStale().
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const STAMP = join('dist', 'client', '.build-stamp');
/** What the two builds read besides client/ and shared/. */
const CONFIG_FILES = ['vite.config.ts', 'vite.games.config.ts', 'package-lock.json'];
/** The demo provider's game pages, built by vite.games.config.ts into dist/games. */
const GAME_PAGES = join('server', 'src', 'sandbox', 'provider', 'pages');
const TEST_FILE = /\.test\.tsx?$/;

function listFiles(dir, into) {
  if (!existsSync(dir)) return into;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) listFiles(path, into);
    else if (!TEST_FILE.test(entry.name)) into.push(path);
  }
  return into;
}

/** The files a client build depends on, sorted (paths relative to root, with forward slashes). */
export function clientSources(root) {
  const files = [
    ...listFiles(join(root, 'client'), []),
    ...listFiles(join(root, 'shared'), []),
    ...listFiles(join(root, GAME_PAGES), []),
    ...CONFIG_FILES.map((file) => join(root, file)).filter(existsSync),
    ...listFiles(join(root, 'scripts', 'lib'), []).filter((file) => /vite-[^/\\]*\.mjs$/.test(file)),
  ];
  return files.map((file) => relative(root, file).split(sep).join('/')).sort();
}

/** One hash over the names and contents of clientSources(root). */
export function clientHash(root) {
  const hash = createHash('sha256');
  for (const file of clientSources(root))
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(root, file)))
      .update('\0');
  return hash.digest('hex');
}

/** True when both pages are built and the stamp holds the sources' hash as they are now. */
export function clientIsFresh(root) {
  const stamp = join(root, STAMP);
  if (!['index.html', 'backoffice.html'].every((page) => existsSync(join(root, 'dist', 'client', page)))) return false;
  if (!existsSync(join(root, 'dist', 'games', '.vite', 'manifest.json'))) return false;
  return existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === clientHash(root);
}

/** Records that dist/client matches the sources (after a successful build). */
export function writeClientStamp(root) {
  writeFileSync(join(root, STAMP), `${clientHash(root)}\n`);
}

/**
 * The three builds: the player app, then the back office (/ops), a separate build into the same folder, then
 * the demo provider's game pages into dist/games.
 */
const BUILDS = ['vite.config.ts', join('client', 'backoffice', 'vite.config.ts'), 'vite.games.config.ts'];

/**
 * Builds the client and the back office into dist/client unless clientIsFresh(root) (or `force`), then
 * writes the stamp. Returns whether it built. `build` is Vite's, loaded only when a build is due.
 */
export async function buildClientIfStale(root, { force = false, build } = {}) {
  if (!force && clientIsFresh(root)) return false;
  const viteBuild = build ?? (await import('vite')).build;
  // Under vitest NODE_ENV is `test`, which would make Vite bundle React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    for (const config of BUILDS)
      await viteBuild({ configFile: join(root, config), mode: 'production', logLevel: 'warn' });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  writeClientStamp(root);
  return true;
}
