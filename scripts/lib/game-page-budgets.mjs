// What each game page may weigh (gzip -9, JavaScript and CSS together, the shared kit included: a player
// opening one game from the lobby loads all of it). `npm run size` fails when a page is over.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

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
  /** @type {Record<string, { file: string, name?: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[], css?: string[] }>} */
  const manifest = JSON.parse(readFileSync(file, 'utf8'));
  // each file gzipped once: the kit's chunks are shared by every page
  const sizes = new Map();
  const gz = (path) => {
    if (!sizes.has(path)) sizes.set(path, gzipSync(readFileSync(join(dir, path)), { level: 9 }).length);
    return sizes.get(path);
  };
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  /** The files (JS, CSS) of these chunks and their static imports, recursively, not yet in `seen`. */
  const collect = (chunks, seen) => {
    const files = [];
    const visit = (chunk) => {
      if (seen.has(chunk.file)) return;
      seen.add(chunk.file);
      files.push(chunk.file);
      for (const sheet of chunk.css ?? []) if (!seen.has(sheet)) seen.add(sheet) && files.push(sheet);
      for (const key of chunk.imports ?? []) if (manifest[key]) visit(manifest[key]);
    };
    for (const chunk of chunks) visit(chunk);
    return files;
  };
  const bytes = (files, ext) => files.filter((f) => f.endsWith(ext)).reduce((sum, f) => sum + gz(f), 0);
  return Object.values(manifest)
    .filter((chunk) => chunk.isEntry && chunk.name)
    .map((entry) => {
      const seen = new Set();
      const first = collect([entry], seen);
      const dynamic = first.flatMap((f) => byFile.get(f)?.dynamicImports ?? []).flatMap((k) => manifest[k] ?? []);
      const later = collect(dynamic, seen).reduce((sum, f) => sum + gz(f), 0);
      const jsBytes = bytes(first, '.js');
      const cssBytes = bytes(first, '.css');
      const name = /** @type {string} */ (entry.name);
      return {
        entry: name,
        js: jsBytes,
        css: cssBytes,
        total: jsBytes + cssBytes,
        budget: (BUDGET_KB[name] ?? DEFAULT_BUDGET_KB) * 1024,
        later,
        laterBudget: (LATER_BUDGET_KB[name] ?? 0) * 1024,
      };
    })
    .sort((a, b) => a.entry.localeCompare(b.entry));
}
