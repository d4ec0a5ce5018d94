/** A chunk of the game pages' build manifest (Vite's build.manifest). */
export interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The entry chunk of a page (an engine family's, or `verify`), by its name; undefined for any other name. */
export function entryChunk(manifest: Manifest, name: string): ManifestChunk | undefined;
/**
 * The files these chunks load, each once, a chunk's imports before it; files in `seen` left out, and every
 * file walked added to it.
 */
export function chunkFiles(
  manifest: Manifest,
  chunks: ManifestChunk[],
  seen?: Set<string>,
): { scripts: string[]; styles: string[] };
/** The chunks these scripts import dynamically. */
export function dynamicChunks(manifest: Manifest, scripts: string[]): ManifestChunk[];
