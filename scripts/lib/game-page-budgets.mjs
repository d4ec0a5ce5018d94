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
  const gz = (path) => gzipSync(readFileSync(join(dir, path)), { level: 9 }).length;
  return Object.values(manifest)
    .filter((chunk) => chunk.isEntry && chunk.name)
    .map((entry) => {
      const js = new Set();
      const css = new Set();
      const visit = (chunk) => {
        if (js.has(chunk.file)) return;
        js.add(chunk.file);
        for (const sheet of chunk.css ?? []) css.add(sheet);
        for (const key of chunk.imports ?? []) if (manifest[key]) visit(manifest[key]);
      };
      visit(entry);
      const firstJs = new Set(js);
      const firstCss = new Set(css);
      const laterRoots = [...js].flatMap((f) => {
        const chunk = Object.values(manifest).find((c) => c.file === f);
        return chunk?.dynamicImports ?? [];
      });
      for (const key of laterRoots) if (manifest[key]) visit(manifest[key]);
      const later =
        [...js].filter((f) => !firstJs.has(f)).reduce((sum, path) => sum + gz(path), 0) +
        [...css].filter((f) => !firstCss.has(f)).reduce((sum, path) => sum + gz(path), 0);
      for (const f of [...js]) if (!firstJs.has(f)) js.delete(f);
      for (const f of [...css]) if (!firstCss.has(f)) css.delete(f);
      const jsBytes = [...js].reduce((sum, path) => sum + gz(path), 0);
      const cssBytes = [...css].reduce((sum, path) => sum + gz(path), 0);
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
