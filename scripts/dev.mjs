// `npm run dev`: the server (restarting on change, development mode, readable logs) and Vite with hot
// reload in front of it, serving the player's app at / and the back office at /ops; the game pages are
// rebuilt into dist/games on every change.
//
// Windows-safe: no shell and no npx. Each tool's own JavaScript entry (its package.json "bin") runs on
// this Node (process.execPath), paths are joined with node:path, and the environment is passed as an
// object, never as `VAR=value` shell syntax.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');

/** The file a package's bin points to, e.g. node_modules/vite/bin/vite.js. */
function binOf(pkg) {
  const dir = join(root, 'node_modules', pkg);
  const { bin } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  return join(dir, typeof bin === 'string' ? bin : bin[pkg]);
}

const port = Number(process.env.PORT ?? 3000);
const vitePort = Number(process.env.VITE_PORT ?? 5173);
// One operator token for the whole session: the back office stays signed in across server restarts.
const adminToken = process.env.ADMIN_TOKEN ?? `dev-${randomBytes(18).toString('base64url')}`;
const env = { ...process.env, NODE_ENV: 'development', PORT: String(port), ADMIN_TOKEN: adminToken };

const children = [
  spawn(process.execPath, [binOf('tsx'), 'watch', '--clear-screen=false', join('server', 'src', 'main.ts')], {
    cwd: root,
    stdio: 'inherit',
    env,
  }),
  spawn(process.execPath, [binOf('vite')], { cwd: root, stdio: 'inherit', env }),
  // The provider's game pages are served built (dist/games): rebuilt on every change of their sources.
  spawn(
    process.execPath,
    [binOf('vite'), 'build', '--watch', '--config', 'vite.games.config.ts', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...env, NODE_ENV: 'production' },
    },
  ),
];

console.log(
  [
    '',
    `  Player app (hot reload): http://localhost:${vitePort}/`,
    `  Back office:             http://localhost:${vitePort}/ops  (token: ${adminToken})`,
    `  API server:              http://localhost:${port}  (restarts when server/ or shared/ changes)`,
    '',
  ].join('\n'),
);

let stopping = false;
const stop = (code = 0) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
};
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
// One of the two gone (Vite failed to start, say): stop the other rather than leave half a dev setup.
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
