// A throw-away PostgreSQL server from Debian's packages, for tests and the local stack: find the server
// binaries (installing `postgresql` with apt-get when missing), initdb a cluster in a folder, start it on
// a port with its unix socket in that folder, wait until it answers, stop it.
//
//   import { startPostgres } from './scripts/lib/postgres.mjs';
//   const pg = await startPostgres({ dir: '/tmp/x', port: 55432 });  // pg.url: postgres://...
//   await pg.stop();
//   await pg.start();   // the same cluster again, with its data, on the same port and settings
//
// startPostgres on a folder that already holds a cluster (PG_VERSION) starts that cluster with its data.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { aptInstall } from './apt.mjs';

const DEBIAN_ROOT = '/usr/lib/postgresql';

/** The bin folder of the newest Debian PostgreSQL installed, or undefined. */
export function findPostgresBin() {
  if (!existsSync(DEBIAN_ROOT)) return undefined;
  const versions = readdirSync(DEBIAN_ROOT)
    .filter((v) => existsSync(join(DEBIAN_ROOT, v, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(DEBIAN_ROOT, versions[0], 'bin') : undefined;
}

/** The bin folder, installing Debian's `postgresql` first when none is there (needs root). */
export function ensurePostgresBin() {
  let bin = findPostgresBin();
  if (bin) return bin;
  aptInstall('postgresql');
  bin = findPostgresBin();
  if (!bin) throw new Error(`postgresql was installed but no server was found under ${DEBIAN_ROOT}`);
  return bin;
}

/** initdb and the server refuse to run as root: as root, they run as the `postgres` user Debian creates. */
function serverUser() {
  if (process.getuid?.() !== 0) return undefined;
  const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  if (id.status !== 0) throw new Error('running as root, but there is no postgres user to run the server as');
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  return { name: 'postgres', uid: Number(id.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

function run(bin, program, args, user, options = {}) {
  const command = join(bin, program);
  const [file, argv] = user ? ['runuser', ['-u', user.name, '--', command, ...args]] : [command, args];
  const result = spawnSync(file, argv, { encoding: 'utf8', ...options });
  if (result.status !== 0)
    throw new Error(`${program} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** As run(), without blocking the caller's event loop meanwhile (a load it drives keeps going). */
function runAsync(bin, program, args, user) {
  const command = join(bin, program);
  const [file, argv] = user ? ['runuser', ['-u', user.name, '--', command, ...args]] : [command, args];
  return new Promise((resolvePromise, reject) => {
    const child = spawn(file, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.once('error', reject);
    child.once('exit', (status) => {
      if (status === 0) resolvePromise(output);
      else reject(new Error(`${program} ${args.join(' ')} failed (${status}):\n${output}`));
    });
  });
}

/**
 * Starts a PostgreSQL server whose cluster lives in `dir` (created with initdb when empty), listening on
 * `port` on its unix socket in `dir` only (no TCP), with trust authentication for the local user. Answers
 * once the server accepts connections, with the url of its `postgres` database and `stop()`.
 */
export async function startPostgres({ dir, port, fast = true }) {
  const bin = ensurePostgresBin();
  const user = serverUser();
  const data = resolve(dir);
  mkdirSync(data, { recursive: true });
  if (user) {
    chownSync(data, user.uid, user.gid);
    chmodSync(data, 0o700);
  }
  if (!existsSync(join(data, 'PG_VERSION'))) {
    run(bin, 'initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8'], user);
  }
  const settings = [
    `-p ${port}`,
    `-k ${data}`,
    "-c listen_addresses=''",
    '-c max_connections=200',
    // A test cluster holds nothing worth a sync: commits stay in memory (the data folder is thrown away).
    ...(fast ? ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off'] : []),
  ].join(' ');
  const startArgs = ['-D', data, '-l', join(data, 'server.log'), '-o', settings, '-w', '-t', '60', 'start'];
  run(bin, 'pg_ctl', startArgs, user);
  const url = `postgres://postgres@localhost/postgres?host=${encodeURIComponent(data)}&port=${port}`;
  const psql = (sql, name = 'postgres') =>
    run(
      bin,
      'psql',
      ['-h', data, '-p', String(port), '-U', 'postgres', '-d', name, '-v', 'ON_ERROR_STOP=1', '-qAtc', sql],
      user,
    );
  return {
    url,
    dir: data,
    port,
    bin,
    /** A url of database `name` on this server. */
    urlOf: (name) => url.replace('/postgres?', `/${name}?`),
    /** Runs psql on database `name` (default postgres) with `sql`. */
    psql,
    /**
     * Creates database `name` as production needs it (docs/deployment.md, "The database's collation"):
     * UTF8, C collation and ctype, from template0.
     */
    createDatabase: (name) =>
      psql(`CREATE DATABASE ${name} ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0`),
    /** Stops the server (fast shutdown: open sessions are ended, nothing committed is lost). */
    async stop() {
      await runAsync(bin, 'pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop'], user);
    },
    /** Starts the stopped server again: the same cluster and data, port and settings; resolves once it answers. */
    async start() {
      await runAsync(bin, 'pg_ctl', startArgs, user);
    },
  };
}
