import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vite';
import { precompress } from './scripts/lib/vite-precompress.mjs';

/**
 * The demo provider's game pages: one entry per engine family (server/src/sandbox/provider/pages/<family>.ts
 * or .js) and the public verify page, built into dist/games and served by the provider at /provider/pages/.
 * A separate build from the casino's client: nothing of a game page is in the lobby's bundle, and the page
 * kit (pages/kit) is one shared chunk the browser caches across games. page.ts writes each page's tags
 * from the manifest (.vite/manifest.json).
 */
export const PAGES_DIR = join(import.meta.dirname, 'server', 'src', 'sandbox', 'provider', 'pages');

const entries = Object.fromEntries(
  readdirSync(PAGES_DIR)
    .filter((file) => /\.(ts|js)$/.test(file) && !/\.test\.ts$/.test(file) && !file.endsWith('.d.ts'))
    .map((file) => [file.replace(/\.(ts|js)$/, ''), join(PAGES_DIR, file)]),
);

export default defineConfig({
  root: PAGES_DIR,
  base: '/provider/pages/',
  publicDir: false,
  plugins: [precompress()],
  build: {
    outDir: join(import.meta.dirname, 'dist', 'games'),
    emptyOutDir: true,
    manifest: true,
    target: 'es2020',
    // module scripts only: every browser that runs the pages supports modulepreload
    modulePreload: { polyfill: false },
    rollupOptions: { input: entries },
  },
});
