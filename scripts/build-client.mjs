// Builds the React client and the back office into dist/client and the game pages into dist/games; `npm start` runs this first. Skipped when
// dist/client was built from the sources as they are (scripts/lib/client-stamp.mjs); `--force` builds anyway.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildClientIfStale } from './lib/client-stamp.mjs';

const root = join(import.meta.dirname, '..');
if (!existsSync(join(root, 'client', 'index.html'))) {
  console.log('No client yet (client/index.html missing): serving the API only.');
  process.exit(0);
}
if (await buildClientIfStale(root, { force: process.argv.includes('--force') }))
  console.log('Client and back office built into dist/client, the game pages into dist/games.');
else console.log('Client up to date in dist/client (no change in client/, shared/ or the build config): not rebuilt.');
