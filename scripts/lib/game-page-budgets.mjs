// What each game page may weigh (gzip -9, JavaScript and CSS together, the shared kit included: a player
// opening one game from the lobby loads all of it). `npm run size` fails when a page is over.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chunkFiles, dynamicChunks } from '../../server/src/sandbox/provider/page-manifest.mjs';

/** KB. The kit alone (header, sheets, fairness, live table) is about 20 KB of it. */
export const DEFAULT_BUDGET_KB = 40;
/** Pages that draw more: the slot's vector art for every theme; crash's scene; baccarat's felt and roads. */
export const BUDGET_KB = { slot: 60, crash: 50, baccarat: 45 };
/**
 * What a page may load after it is on screen (its dynamic imports, recursively, less what its first load
 * already has): fishing's PixiJS pond, drawn over the HTML pond once loaded. Every other page: nothing.
 */
export const LATER_BUDGET_KB = { fishing: 160 };

/**
 * Per entry of dist/games/.vite/manifest.json: gzipped JS (the entry and every chunk it imports,
 * recursively) and CSS (theirs), and the budget, in bytes; sorted by name.
 * @param {string} dir dist/games
 * Also `later`: the gzipped JS and CSS of its dynamic imports, and `laterBudget`.
 * @returns {{ entry: string, js: number, css: number, total: number, budget: number, later: number, laterBudget: number }[]}
 */
export function gamePageSizes(dir) {
  const file = join(dir, '.vite', 'manifest.json');
  if (!existsSync(file)) throw new Error('dist/games is not built: run npm run build');
  /** @type {import('../../server/src/sandbox/provider/page-manifest.d.mts').Manifest} */
  const manifest = JSON.parse(readFileSync(file, 'utf8'));
  // each file gzipped once: the kit's chunks are shared by every page
  const sizes = new Map();
  /** @param {string} path */
  const gz = (path) => {
    if (!sizes.has(path)) sizes.set(path, gzipSync(readFileSync(join(dir, path)), { level: 9 }).length);
    return sizes.get(path);
  };
  /** @param {string[]} files */
  const bytes = (files) => files.reduce((sum, f) => sum + gz(f), 0);
  return Object.values(manifest)
    .filter((chunk) => chunk.isEntry && chunk.name)
    .map((entry) => {
      // the files the server's tags load for this page (page-assets.ts walks the same way), then what its
      // dynamic imports load on top of them
      const seen = new Set();
      const first = chunkFiles(manifest, [entry], seen);
      const dynamic = chunkFiles(manifest, dynamicChunks(manifest, first.scripts), seen);
      const jsBytes = bytes(first.scripts);
      const cssBytes = bytes(first.styles);
      const name = /** @type {string} */ (entry.name);
      return {
        entry: name,
        js: jsBytes,
        css: cssBytes,
        total: jsBytes + cssBytes,
        budget: (BUDGET_KB[name] ?? DEFAULT_BUDGET_KB) * 1024,
        later: bytes([...dynamic.scripts, ...dynamic.styles]),
        laterBudget: (LATER_BUDGET_KB[name] ?? 0) * 1024,
      };
    })
    .sort((a, b) => a.entry.localeCompare(b.entry));
}
