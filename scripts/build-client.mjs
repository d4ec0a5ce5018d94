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
console.log('Client built into dist/client.');
