/**
 * A throw-away Redis for tests and scripts: finds Debian's `redis-server` (installing the package with
 * apt-get when it is missing and the process is root on Debian/Ubuntu), starts one on a free port of
 * 127.0.0.1 with its files in a temporary folder (no persistence), and stops it.
 *
 *   const redis = await startRedis();   // { url: 'redis://127.0.0.1:PORT', port, dir, stop() }
 *   ...
 *   await redis.stop();
 *   const again = await startRedis({ port: redis.port });   // a Redis on the same port again: empty
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { aptInstall, canAptInstall } from './apt.mjs';

const CANDIDATES = [
  '/usr/bin/redis-server',
  '/usr/sbin/redis-server',
  '/usr/local/bin/redis-server',
  '/opt/homebrew/bin/redis-server',
];
const HOW_TO =
  'install Redis (Debian/Ubuntu: sudo apt-get install -y redis-server; macOS: brew install redis) or set REDIS_SERVER to its redis-server binary';

/** The redis-server binary: REDIS_SERVER, the usual places, else Debian's package installed when allowed. */
export function findRedisServer(env = process.env) {
  if (env.REDIS_SERVER) {
    if (!existsSync(env.REDIS_SERVER)) throw new Error(`REDIS_SERVER=${env.REDIS_SERVER} does not exist: ${HOW_TO}`);
    return env.REDIS_SERVER;
  }
  const found = CANDIDATES.find((path) => existsSync(path));
  if (found) return found;
  if (canAptInstall()) {
    aptInstall('redis-server');
    const installed = CANDIDATES.find((path) => existsSync(path));
    if (installed) return installed;
  }
  throw new Error(`redis-server not found: ${HOW_TO}`);
}

/** A port nothing listens on right now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const answers = (port) =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(String(data).startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
  });

/**
 * Starts a Redis on a free port (or on `port`: a Redis stopped there started again, as a restart; it
 * keeps nothing, so it comes back empty) in a temporary folder; resolves once it answers PING.
 */
export async function startRedis({ port: wanted } = {}) {
  const binary = findRedisServer();
  const dir = mkdtempSync(join(tmpdir(), 'casino-redis-'));
  const port = wanted ?? (await freePort());
  const child = spawn(
    binary,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--save',
      '',
      '--appendonly',
      'no',
      '--daemonize',
      'no',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  let exited = false;
  const gone = new Promise((resolve) => child.once('exit', () => resolve(undefined)));
  void gone.then(() => {
    exited = true;
  });
  for (let tries = 0; !(await answers(port)); tries++) {
    if (exited || tries > 200) {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`redis-server did not start on port ${port}: ${stderr.trim() || 'no output'}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    dir,
    async stop() {
      if (!exited) {
        child.kill('SIGTERM');
        await gone;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
