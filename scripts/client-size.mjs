// Builds the client and prints the gzipped JavaScript the /game route (the lobby, first screen) loads
// first: the entry script of index.html and every chunk it imports statically, recursively. Chunks
// loaded later through import() (other pages, overlays, the socket, vi-VN) are listed apart.
// Usage: node scripts/client-size.mjs [--no-build]   (target: at most 150 KB)
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = join(import.meta.dirname, '..');
const dist = join(root, 'dist', 'client');
const TARGET_KB = 150;

if (!process.argv.includes('--no-build')) {
  const { build } = await import('vite');
  await build({ configFile: join(root, 'vite.config.ts'), logLevel: 'warn' });
  // Rebuilt too so dist/client stays whole; the back office is a separate build the player never loads.
  await build({ configFile: join(root, 'client', 'backoffice', 'vite.config.ts'), logLevel: 'warn' });
}
if (!existsSync(join(dist, 'index.html'))) {
  console.error('dist/client/index.html is missing: build the client first.');
  process.exit(1);
}

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entries = [...html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+)"/g)].map((m) => m[1]);
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const staticImports = (file) => {
  const code = readFileSync(join(dist, file), 'utf8');
  const found = new Set();
  // import x from"./a.js" · import"./a.js" · export{...}from"./a.js" (minified, no dynamic import())
  for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g)) found.add(`assets/${m[1]}`);
  return [...found];
};

const first = new Set();
const queue = [...entries];
while (queue.length) {
  const file = queue.shift();
  if (first.has(file)) continue;
  first.add(file);
  queue.push(...staticImports(file));
}

const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(7);
let total = 0;
console.log('First load of /game (entry + static imports), gzip -9:');
for (const file of [...first].sort((a, b) => gz(b) - gz(a))) {
  const size = gz(file);
  total += size;
  console.log(`${kb(size)} KB  ${file}`);
}
console.log(`${kb(total)} KB  total (target <= ${TARGET_KB} KB) ${total / 1024 <= TARGET_KB ? 'OK' : 'OVER'}`);

const later = readdirSync(join(dist, 'assets'))
  .filter((name) => name.endsWith('.js') && !first.has(`assets/${name}`))
  .map((name) => ({ name, size: gz(`assets/${name}`) }))
  .sort((a, b) => b.size - a.size);
console.log(`\nLoaded on demand (${later.length} chunks), largest first:`);
for (const { name, size } of later.slice(0, 12)) console.log(`${kb(size)} KB  assets/${name}`);
// The bench prints this beside its own figures.
mkdirSync(join(root, 'dist', 'reports'), { recursive: true });
writeFileSync(
  join(root, 'dist', 'reports', 'client-size.txt'),
  `First load of /game (entry + static imports), gzip -9: ${(total / 1024).toFixed(1)} KB (target <= ${TARGET_KB} KB)\n`,
);
process.exit(total / 1024 <= TARGET_KB ? 0 : 1);
