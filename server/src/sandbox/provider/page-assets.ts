import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT_DIR } from '../../db/database';
import { chunkFiles, entryChunk, type Manifest } from './page-manifest.mjs';

/** Where `vite.games.config.ts` builds the game pages; served at /provider/pages/. */
export const GAMES_DIR = join(ROOT_DIR, 'dist', 'games');
const MANIFEST = join(GAMES_DIR, '.vite', 'manifest.json');
const BASE = '/provider/pages/';

export type { Manifest };

export interface PageTags {
  /** <link rel="stylesheet">, the shared kit's first. */
  styles: string[];
  /** <link rel="modulepreload"> for the chunks the entry imports, so they load beside it. */
  preloads: string[];
  /** The entry's <script type="module">. */
  script: string;
}

let cached: { mtimeMs: number; manifest: Manifest } | null = null;

/** The build's manifest, read again when a rebuild replaced it (npm run dev rebuilds on change). */
function manifest(): Manifest | null {
  if (!existsSync(MANIFEST)) return null;
  const { mtimeMs } = statSync(MANIFEST);
  if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, manifest: JSON.parse(readFileSync(MANIFEST, 'utf8')) };
  return cached.manifest;
}

/**
 * The tags that load one page (an engine family's, or `verify`): the entry's module script, modulepreload
 * links for the chunks it imports, and every stylesheet of the entry and its imports, imports first (the
 * kit's games.css before the family's own). Null when the pages are not built.
 */
export function pageTags(entry: string): PageTags | null {
  const chunks = manifest();
  return chunks && tagsFrom(chunks, entry);
}

/** pageTags over a given manifest (the walk `npm run size` weighs too: page-manifest.mjs). */
export function tagsFrom(chunks: Manifest, entry: string): PageTags | null {
  const root = entryChunk(chunks, entry);
  if (!root) return null;
  const { scripts, styles } = chunkFiles(chunks, [root]);
  // the entry is the walk's last script: the others load beside it
  return {
    styles: styles.map((file) => `${BASE}${file}`),
    preloads: scripts.filter((file) => file !== root.file).map((file) => `${BASE}${file}`),
    script: `${BASE}${root.file}`,
  };
}
