// Builds the client and prints the gzipped JavaScript per route: the first load of /game (the lobby,
// first screen: the entry script of index.html and every chunk it imports statically, recursively), then
// for each lazy route the chunks it needs on top of that first load (its page chunk and that chunk's
// static imports, from dist/client/route-chunks.json, written by scripts/lib/vite-route-chunks.mjs),
// then the other chunks loaded on demand (overlays, the socket, vi-VN, the back office); then each game
// page of the demo provider (dist/games, a separate build: its entry, the kit chunks it imports and their
// CSS) against its budget (scripts/lib/game-page-budgets.mjs).
// Usage: node scripts/client-size.mjs [--no-build]   (targets: first load at most 150 KB, every game page
// within its budget)
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { gamePageSizes } from './lib/game-page-budgets.mjs';

const root = join(import.meta.dirname, '..');
const dist = join(root, 'dist', 'client');
const TARGET_KB = 150;

if (!process.argv.includes('--no-build')) {
  const { build } = await import('vite');
  await build({ configFile: join(root, 'vite.config.ts'), logLevel: 'warn' });
  // Rebuilt too so dist/client stays whole; the back office is a separate build the player never loads.
  await build({ configFile: join(root, 'client', 'backoffice', 'vite.config.ts'), logLevel: 'warn' });
  await build({ configFile: join(root, 'vite.games.config.ts'), logLevel: 'warn' });
}
const manifestFile = join(dist, 'route-chunks.json');
if (!existsSync(join(dist, 'index.html')) || !existsSync(manifestFile)) {
  console.error('dist/client (index.html, route-chunks.json) is missing or old: build the client first.');
  process.exit(1);
}

/** @type {{ entry: string, firstLoad: string[], routes: Record<string, { js: string[], css: string[] }> }} */
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const sizes = new Map();
const gz = (file) => {
  if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return sizes.get(file);
};
const sum = (files) => files.reduce((total, file) => total + gz(file), 0);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function table(header, lines, right = []) {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const cell = (c, i) => (right.includes(i) ? c.padStart(widths[i]) : c.padEnd(widths[i]));
  const format = (cells) => `| ${cells.map(cell).join(' | ')} |`;
  return [format(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...lines.map(format)].join('\n');
}

const firstTotal = sum(manifest.firstLoad);
const ok = firstTotal / 1024 <= TARGET_KB;
const routeRows = Object.entries(manifest.routes)
  .map(([path, { js }]) => ({ path, js, size: sum(js) }))
  .sort((a, b) => b.size - a.size);
const name = (file) => file.replace(/^assets\//, '').replace(/-[\w-]{8}\.js$/, '');
const summary = table(
  ['route', 'gzip JS', 'chunks'],
  [
    [
      '/game first load',
      kb(firstTotal),
      `${manifest.firstLoad.length} (target <= ${TARGET_KB} KB: ${ok ? 'PASS' : 'FAIL'})`,
    ],
    ...routeRows.map((r) => [`${r.path} (on top)`, kb(r.size), r.js.map(name).join(', ')]),
  ],
  [1],
);

console.log('First load of /game (entry + static imports), gzip -9:');
for (const file of [...manifest.firstLoad].sort((a, b) => gz(b) - gz(a)))
  console.log(`${kb(gz(file)).padStart(9)}  ${file}`);
console.log(`\nGzipped JavaScript per route (each lazy route: what it loads on top of the first load):\n`);
console.log(summary);

const counted = new Set([...manifest.firstLoad, ...routeRows.flatMap((r) => r.js)]);
const later = readdirSync(join(dist, 'assets'))
  .filter((file) => file.endsWith('.js') && !counted.has(`assets/${file}`))
  .map((file) => ({ file, size: gz(`assets/${file}`) }))
  .sort((a, b) => b.size - a.size);
console.log(`\nOther chunks loaded on demand (${later.length}: overlays, socket, vi-VN, back office), largest first:`);
for (const { file, size } of later.slice(0, 12)) console.log(`${kb(size).padStart(9)}  assets/${file}`);

const games = gamePageSizes(join(root, 'dist', 'games'));
const gamesOk = games.every((g) => g.total <= g.budget && g.later <= g.laterBudget);
const gamesTable = table(
  ['game page', 'gzip JS', 'gzip CSS', 'first load', 'budget', 'loaded later', 'budget later'],
  games.map((g) => [
    g.entry,
    kb(g.js),
    kb(g.css),
    kb(g.total),
    `${kb(g.budget)} ${g.total <= g.budget ? 'PASS' : 'FAIL'}`,
    kb(g.later),
    `${kb(g.laterBudget)} ${g.later <= g.laterBudget ? 'PASS' : 'FAIL'}`,
  ]),
  [1, 2, 3, 5],
);
console.log('\nEach game page (dist/games: its entry, the kit chunks it imports, their CSS), gzip -9:\n');
console.log(gamesTable);

// The bench prints this beside its own figures.
mkdirSync(join(root, 'dist', 'reports'), { recursive: true });
writeFileSync(
  join(root, 'dist', 'reports', 'client-size.txt'),
  `gzip -9, ${new Date().toISOString()}:\n\n${summary}\n\n${gamesTable}\n`,
);
process.exit(ok && gamesOk ? 0 : 1);
