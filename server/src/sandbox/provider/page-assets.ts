import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT_DIR } from '../../db/database';

/** Where `vite.games.config.ts` builds the game pages; served at /provider/pages/. */
export const GAMES_DIR = join(ROOT_DIR, 'dist', 'games');
const MANIFEST = join(GAMES_DIR, '.vite', 'manifest.json');
const BASE = '/provider/pages/';

interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

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

/** pageTags over a given manifest. */
export function tagsFrom(chunks: Manifest, entry: string): PageTags | null {
  const key = Object.keys(chunks).find((k) => chunks[k]?.isEntry && chunks[k]?.name === entry);
  const root = key ? chunks[key] : undefined;
  if (!root) return null;
  const styles: string[] = [];
  const preloads: string[] = [];
  const seen = new Set<string>();
  const visit = (chunk: ManifestChunk) => {
    for (const imported of chunk.imports ?? []) {
      if (seen.has(imported)) continue;
      seen.add(imported);
      const child = chunks[imported];
      if (!child) continue;
      visit(child);
      preloads.push(`${BASE}${child.file}`);
    }
    for (const css of chunk.css ?? []) if (!styles.includes(`${BASE}${css}`)) styles.push(`${BASE}${css}`);
  };
  visit(root);
  return { styles, preloads, script: `${BASE}${root.file}` };
}
