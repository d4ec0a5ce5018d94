// Builds the React client into dist/client when it exists; `npm start` runs this first.
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
if (!existsSync(join(root, 'client', 'index.html'))) {
  console.log('No client yet (client/index.html missing): serving the API only.');
  process.exit(0);
}
const { build } = await import('vite');
await build({ configFile: join(root, 'vite.config.ts'), logLevel: 'warn' });
// The back office (/ops) is a second, separate build, so it never touches the player's bundle.
await build({ configFile: join(root, 'client', 'backoffice', 'vite.config.ts'), logLevel: 'warn' });
console.log('Client and back office built into dist/client.');
