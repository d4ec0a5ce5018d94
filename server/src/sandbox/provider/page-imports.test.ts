import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The game pages run in the player's browser, bundled by vite.games.config.ts: they may read the engines'
 * and the contract's types, never their code (it would put server modules, node: imports and the rules'
 * private parts into the page). So every import from outside pages/ is type-only.
 */
const PAGES = join(import.meta.dirname, 'pages');

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(dir, entry.name))
      : /\.(ts|js)$/.test(entry.name) && !entry.name.endsWith('.test.ts')
        ? [join(dir, entry.name)]
        : [],
  );

const IMPORT = /^\s*(import|export)\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;

/** Each import of a page file that reaches outside pages/ (or a package) as a value. */
function valueImportsOutside(file: string, text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const typeOnly = Boolean(match[2]);
    const specifier = match[3] ?? match[4] ?? '';
    if (typeOnly || specifier.endsWith('.css')) continue;
    const inside =
      specifier.startsWith('.') && !relative(PAGES, normalize(join(dirname(file), specifier))).startsWith('..');
    // packages a page may bundle (a 2D library); anything node: or a server module is refused
    const allowedPackage = !specifier.startsWith('.') && !specifier.startsWith('node:') && specifier !== 'zod';
    if (!inside && !allowedPackage) found.push(`${relative(PAGES, file)}: ${match[0].trim()}`);
  }
  return found;
}

describe('game page imports', () => {
  it('reach outside pages/ for types only (no server code, no node:, no zod in a page)', () => {
    const files = sources(PAGES);
    expect(files.length).toBeGreaterThan(20);
    expect(files.flatMap((file) => valueImportsOutside(file, readFileSync(file, 'utf8')))).toEqual([]);
  });

  it('catches a value import of an engine and a node: import (the check itself)', () => {
    const file = join(PAGES, 'dice.ts');
    expect(valueImportsOutside(file, "import { DICE_CONFIGS } from '../games/dice';")).toHaveLength(1);
    expect(valueImportsOutside(file, "import { createHash } from 'node:crypto';")).toHaveLength(1);
    expect(valueImportsOutside(file, "import type { DiceConfig } from '../games/dice';")).toEqual([]);
    expect(valueImportsOutside(file, "import { Game } from './kit/game';")).toEqual([]);
    expect(valueImportsOutside(file, "import './styles/originals.css';")).toEqual([]);
  });
});
