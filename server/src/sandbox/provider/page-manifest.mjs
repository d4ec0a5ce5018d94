// The one walk over the game pages' build manifest (dist/games/.vite/manifest.json): what loading a page
// loads. The server writes a page's tags from it (page-assets.ts) and `npm run size` weighs the same files
// (scripts/lib/game-page-budgets.mjs, run by plain node: so this is JavaScript, typed by page-manifest.d.mts).

/**
 * The entry chunk of a page (an engine family's, or `verify`), by its name; undefined for any other name.
 * @param {import('./page-manifest.d.mts').Manifest} manifest
 * @param {string} name
 */
export function entryChunk(manifest, name) {
  return Object.values(manifest).find((chunk) => chunk.isEntry && chunk.name === name);
}

/**
 * The files these chunks load, each once: their static imports' recursively, then their own, so a chunk's
 * imports come before it (the kit's stylesheet before the family's). Files already in `seen` are left out,
 * and every file walked is added to it: a second call with the same set gives what is new.
 * @param {import('./page-manifest.d.mts').Manifest} manifest
 * @param {import('./page-manifest.d.mts').ManifestChunk[]} chunks
 * @param {Set<string>} [seen]
 * @returns {{ scripts: string[], styles: string[] }}
 */
export function chunkFiles(manifest, chunks, seen = new Set()) {
  /** @type {string[]} */
  const scripts = [];
  /** @type {string[]} */
  const styles = [];
  /** @param {import('./page-manifest.d.mts').ManifestChunk} chunk */
  const visit = (chunk) => {
    if (seen.has(chunk.file)) return;
    seen.add(chunk.file);
    for (const key of chunk.imports ?? []) {
      const child = manifest[key];
      if (child) visit(child);
    }
    scripts.push(chunk.file);
    for (const sheet of chunk.css ?? []) {
      if (seen.has(sheet)) continue;
      seen.add(sheet);
      styles.push(sheet);
    }
  };
  for (const chunk of chunks) visit(chunk);
  return { scripts, styles };
}

/**
 * The chunks these scripts import dynamically (loaded once the page is on screen: fishing's PixiJS pond).
 * @param {import('./page-manifest.d.mts').Manifest} manifest
 * @param {string[]} scripts
 */
export function dynamicChunks(manifest, scripts) {
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  return scripts.flatMap((file) => byFile.get(file)?.dynamicImports ?? []).flatMap((key) => manifest[key] ?? []);
}
