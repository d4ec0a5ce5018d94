// `npm run stack`: a local cluster on this machine. Debian's PostgreSQL and Redis, N server processes
// sharing them (DATABASE_URL, REDIS_URL) and Debian's nginx in front as the load balancer (WebSocket
// upgrade on the socket paths). Everything lives under data/stack/ (database, Redis, nginx config, pid
// files, logs/). Missing packages (postgresql, redis-server, nginx) are installed with apt-get (as root).
//
//   npm run stack                      start (2 server processes, nginx on port 8080)
//   npm run stack -- --processes 3 --port 4180
//   npm run stack -- status            what runs
//   npm run stack -- stop              stop everything it started
//
// Ports: nginx on --port P, Redis on P+1, PostgreSQL on P+2 (its unix socket only, no TCP), the server
// processes on P+3 .. P+2+N (127.0.0.1 only: players go through nginx).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { aptInstall } from './lib/apt.mjs';
import { ensurePostgresBin, startPostgres } from './lib/postgres.mjs';
import { findRedisServer } from './lib/redis.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const STACK = join(ROOT, 'data', 'stack');
const LOGS = join(STACK, 'logs');
const RUN = join(STACK, 'run');
const STATE = join(STACK, 'stack.json');
const SECRETS = join(STACK, 'secrets.json');
const DATABASE = 'casino';
const NGINX_CANDIDATES = ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx', '/usr/local/bin/nginx'];

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    processes: { type: 'string', default: '2' },
    port: { type: 'string', default: '8080' },
    'public-url': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const pidFile = (name) => join(RUN, `${name}.pid`);

function readPid(file) {
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0].trim());
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

function alive(pid) {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/**
 * The process of a pid file is still ours: alive and (where /proc tells) running `expect`. A pid file left
 * by a crash or a reboot may name an unrelated process by now; stop must not signal it.
 */
function ours(pid, expect) {
  if (!alive(pid)) return false;
  const cmdline = `/proc/${pid}/cmdline`;
  return !existsSync(cmdline) || readFileSync(cmdline, 'utf8').includes(expect);
}

/** Waits until `check()` is true, up to `ms`; answers whether it became true. */
async function until(check, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await sleep(100);
  }
  return check();
}

function nginxBinary() {
  let found = NGINX_CANDIDATES.find((path) => existsSync(path));
  if (found) return found;
  aptInstall('nginx');
  found = NGINX_CANDIDATES.find((path) => existsSync(path));
  if (!found) throw new Error('nginx was installed but no nginx binary was found');
  return found;
}

/** Secrets every process must share (the operator token; the payment and provider HMAC keys): kept once. */
function secrets() {
  if (existsSync(SECRETS)) return JSON.parse(readFileSync(SECRETS, 'utf8'));
  const made = {
    ADMIN_TOKEN: randomBytes(24).toString('base64url'),
    PAYMENT_SECRET: randomBytes(32).toString('hex'),
    PROVIDER_SECRET: randomBytes(32).toString('hex'),
  };
  writeFileSync(SECRETS, `${JSON.stringify(made, null, 2)}\n`, { mode: 0o600 });
  return made;
}

// ---------------------------------------------------------------------------------------------- PostgreSQL

async function startDatabase(port) {
  const dir = join(STACK, 'postgres');
  if (ours(readPid(join(dir, 'postmaster.pid')), 'postgres'))
    throw new Error(`PostgreSQL already runs on ${dir}: npm run stack -- stop first`);
  // Durable: a stack keeps its players between runs (fsync stays on).
  const pg = await startPostgres({ dir, port, fast: false });
  const exists = pg.psql(`SELECT 1 FROM pg_database WHERE datname = '${DATABASE}'`).trim() === '1';
  if (!exists) {
    // Byte order and ASCII-only lower(), as SQLite's BINARY collation (docs/deployment.md).
    pg.createDatabase(DATABASE);
    console.log(`  created database ${DATABASE} (UTF8, C collation)`);
  }
  return { dir, url: pg.urlOf(DATABASE), pid: readPid(join(dir, 'postmaster.pid')) };
}

// ------------------------------------------------------------------------------------------------- Redis

function redisAnswers(port) {
  const cli = spawnSync('redis-cli', ['-h', '127.0.0.1', '-p', String(port), 'ping'], { encoding: 'utf8' });
  return cli.status === 0 && cli.stdout.trim() === 'PONG';
}

async function startRedisServer(port) {
  const binary = findRedisServer();
  const dir = join(STACK, 'redis');
  mkdirSync(dir, { recursive: true });
  const pid = pidFile('redis');
  if (ours(readPid(pid), 'redis-server'))
    throw new Error('Redis of the stack already runs: npm run stack -- stop first');
  // The broker's keys are short-lived (leases, the clock, faults): no persistence needed, none kept.
  execFileSync(binary, [
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
    'yes',
    '--pidfile',
    pid,
    '--logfile',
    join(LOGS, 'redis.log'),
  ]);
  if (!(await until(() => redisAnswers(port), 10_000)))
    throw new Error(`Redis did not answer on port ${port}: see ${join(LOGS, 'redis.log')}`);
  await until(() => alive(readPid(pid)), 2_000);
  return { url: `redis://127.0.0.1:${port}`, pid: readPid(pid) };
}

// ----------------------------------------------------------------------------------------------- servers

/** The process's readiness probe (GET /ready: its database and Redis answer): what start waits for. */
async function serverAnswers(port) {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/ready`, { signal: AbortSignal.timeout(2_000) });
    return response.ok;
  } catch {
    return false;
  }
}

/** One server process, detached, its output in logs/server-N.log; the same as `npm start` runs. */
function spawnServer(index, port, env) {
  const log = openSync(join(LOGS, `server-${index}.log`), 'a');
  const child = spawn(
    process.execPath,
    ['--max-semi-space-size=64', '--import', 'tsx', join(ROOT, 'server', 'src', 'main.ts')],
    {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', log, log],
      // DB_FILE names no database here (DATABASE_URL does), only the folder of the process's own tester
      // files (casino.tooling-state.json: faults, stubs; casino.request-log.json), so processes never write one file.
      env: {
        ...process.env,
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DB_FILE: join(STACK, `server-${index}`, 'casino.db'),
        // Its name in the cluster's request log (each entry's `process`), as its log file is named.
        PROCESS_NAME: `server-${index}`,
      },
    },
  );
  child.unref();
  writeFileSync(pidFile(`server-${index}`), `${child.pid}\n`);
  return child.pid;
}

async function waitForServer(index, port, pid) {
  const up = await until(async () => !alive(pid) || (await serverAnswers(port)), 120_000);
  if (!up || !alive(pid))
    throw new Error(`server ${index} (port ${port}) did not start: see ${join(LOGS, `server-${index}.log`)}`);
}

// ------------------------------------------------------------------------------------------------- nginx

function nginxConfig(port, serverPorts) {
  const temp = join(STACK, 'nginx', 'temp');
  const proxied = `proxy_pass http://casino;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Real-IP $remote_addr;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;`;
  return `# Written by scripts/stack.mjs (npm run stack); rewritten at each start.
worker_processes 1;
daemon on;
pid ${pidFile('nginx')};
error_log ${join(LOGS, 'nginx-error.log')} warn;

events {
  worker_connections 4096;
}

http {
  log_format upstream '$remote_addr [$time_local] "$request" $status $body_bytes_sent '
                      'upstream=$upstream_addr $request_time';
  access_log ${join(LOGS, 'nginx-access.log')} upstream;
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
  # Snapshot uploads (SNAPSHOT_MAX_MB, 256 by default) pass through.
  client_max_body_size 300m;

  upstream casino {
${serverPorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 32;
  }

  server {
    listen ${port};

    # The player socket (/webSocket/{uid}) and the back office's (/ops/socket): upgraded, long-lived.
    location ~ ^/(webSocket/|ops/socket$) {
      ${proxied}
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection "upgrade";
      proxy_read_timeout 1h;
      proxy_send_timeout 1h;
    }

    location / {
      ${proxied}
      proxy_set_header Connection "";
      # A process that refuses the connection (stopped, killed) or answers 503 (not ready: its database or
      # Redis away, GET /ready) is skipped: the request goes to another, and the process is left out for
      # fail_timeout. A 503 changed nothing, so the envelope's Retry-After is honest when all are out.
      proxy_next_upstream error timeout http_502 http_503;
    }
  }
}
`;
}

function startNginx(port, serverPorts) {
  const binary = nginxBinary();
  const dir = join(STACK, 'nginx');
  mkdirSync(join(dir, 'temp'), { recursive: true });
  const conf = join(dir, 'nginx.conf');
  writeFileSync(conf, nginxConfig(port, serverPorts));
  const args = ['-p', dir, '-e', join(LOGS, 'nginx-error.log'), '-c', conf];
  execFileSync(binary, [...args, '-t', '-q'], { stdio: 'inherit' });
  execFileSync(binary, args, { stdio: 'inherit' });
  return { conf, binary };
}

// ------------------------------------------------------------------------------------------------ status

function readState() {
  return existsSync(STATE) ? JSON.parse(readFileSync(STATE, 'utf8')) : undefined;
}

/** Every part the stack starts, with its pid file: what status shows and stop ends. */
function parts(state) {
  const list = [
    { name: 'nginx', expect: 'nginx', pid: readPid(pidFile('nginx')), where: `http://localhost:${state.port}` },
    ...state.servers.map((s) => ({
      name: `server-${s.index}`,
      expect: 'server/src/main.ts',
      pid: readPid(pidFile(`server-${s.index}`)),
      where: `127.0.0.1:${s.port}`,
      port: s.port,
    })),
    { name: 'redis', expect: 'redis-server', pid: readPid(pidFile('redis')), where: state.redisUrl },
    {
      name: 'postgres',
      expect: 'postgres',
      pid: readPid(join(STACK, 'postgres', 'postmaster.pid')),
      where: `${join(STACK, 'postgres')} port ${state.postgresPort}`,
    },
  ];
  return list;
}

async function status() {
  const state = readState();
  if (!state) {
    console.log('No stack here (data/stack/stack.json missing): npm run stack to start one.');
    return;
  }
  let running = 0;
  const rows = [];
  for (const part of parts(state)) {
    let state_ = ours(part.pid, part.expect) ? 'running' : 'stopped';
    if (state_ === 'running' && part.port && !(await serverAnswers(part.port))) state_ = 'running, not ready';
    if (state_.startsWith('running')) running++;
    rows.push(`  ${part.name.padEnd(10)} ${state_.padEnd(24)} pid ${String(part.pid ?? '-').padEnd(8)} ${part.where}`);
  }
  console.log(`Stack started ${state.startedAt}: ${running} of ${rows.length} parts running`);
  console.log(rows.join('\n'));
  if (ours(readPid(pidFile('nginx')), 'nginx')) console.log(`\n  Open http://localhost:${state.port}  (logs: ${LOGS})`);
}

// -------------------------------------------------------------------------------------------------- stop

async function stopPid({ name, pid, expect }, signal, graceMs = 15_000) {
  if (!ours(pid, expect)) return false;
  process.kill(pid, signal);
  if (!(await until(() => !alive(pid), graceMs))) {
    console.log(`  ${name} (pid ${pid}) did not stop within ${graceMs / 1000} s: killed`);
    process.kill(pid, 'SIGKILL');
    await until(() => !alive(pid), 5_000);
  }
  return true;
}

async function stop() {
  const state = readState();
  if (!state) {
    console.log('No stack here (data/stack/stack.json missing): nothing to stop.');
    return;
  }
  const all = parts(state);
  const by = (name) => all.find((p) => p.name === name);
  const report = (name, stopped) => console.log(`  ${name.padEnd(10)} ${stopped ? 'stopped' : 'was not running'}`);
  // Front first (no new requests), then the servers (they close their sockets and Redis), then the stores.
  report('nginx', await stopPid(by('nginx'), 'SIGQUIT'));
  const servers = all.filter((p) => p.name.startsWith('server-'));
  const stopped = await Promise.all(servers.map((p) => stopPid(p, 'SIGTERM')));
  servers.forEach((p, i) => {
    report(p.name, stopped[i]);
  });
  report('redis', await stopPid(by('redis'), 'SIGTERM'));
  // SIGINT is PostgreSQL's fast shutdown: open transactions roll back, the data is kept.
  report('postgres', await stopPid(by('postgres'), 'SIGINT', 60_000));
  for (const part of all) if (part.name !== 'postgres') rmSync(pidFile(part.name), { force: true });
  console.log('Stack stopped (data kept under data/stack/; delete the folder for a fresh one).');
}

// ------------------------------------------------------------------------------------------------- start

/** This run started parts (a failure then stops them; a refused start leaves a running stack alone). */
let began = false;

async function start() {
  const processes = Number(values.processes);
  const port = Number(values.port);
  if (!Number.isInteger(processes) || processes < 1 || processes > 32)
    throw new Error('--processes must be a whole number from 1 to 32');
  if (!Number.isInteger(port) || port < 1 || port + 2 + processes > 65535) throw new Error('--port must be a port');
  const previous = readState();
  if (previous && parts(previous).some((p) => ours(p.pid, p.expect)))
    throw new Error('A stack already runs here (npm run stack -- status); npm run stack -- stop first');

  mkdirSync(LOGS, { recursive: true });
  mkdirSync(RUN, { recursive: true });
  const redisPort = port + 1;
  const postgresPort = port + 2;
  const serverPorts = Array.from({ length: processes }, (_, i) => port + 3 + i);
  const publicUrl = values['public-url'] ?? `http://localhost:${port}`;
  const state = {
    startedAt: new Date().toISOString(),
    port,
    postgresPort,
    redisUrl: `redis://127.0.0.1:${redisPort}`,
    publicUrl,
    servers: serverPorts.map((p, i) => ({ index: i + 1, port: p })),
  };
  // Written first, so `stop` finds whatever got started if a later step fails.
  writeFileSync(STATE, `${JSON.stringify(state, null, 2)}\n`);
  began = true;

  ensurePostgresBin();
  nginxBinary();
  console.log(`PostgreSQL (port ${postgresPort}, unix socket in data/stack/postgres)`);
  const database = await startDatabase(postgresPort);
  console.log(`Redis (port ${redisPort})`);
  const redis = await startRedisServer(redisPort);

  console.log('Client build (skipped when dist/client is up to date)');
  execFileSync(process.execPath, [join(ROOT, 'scripts', 'build-client.mjs')], { cwd: ROOT, stdio: 'inherit' });

  const env = {
    ...secrets(),
    NODE_ENV: 'production',
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    // nginx is the only client: its X-Forwarded-For names the player (the per-address limits).
    TRUST_PROXY: '127.0.0.1',
    PUBLIC_URL: publicUrl,
    SNAPSHOT_DIR: join(STACK, 'snapshots'),
  };
  // The first process migrates and seeds the database alone; the others start once it answers.
  const [first, ...rest] = state.servers;
  console.log(`Server 1 (port ${first.port}): migrating and seeding the database`);
  const firstPid = spawnServer(first.index, first.port, env);
  await waitForServer(first.index, first.port, firstPid);
  if (rest.length) console.log(`Servers ${rest.map((s) => `${s.index} (port ${s.port})`).join(', ')}`);
  const pids = rest.map((s) => spawnServer(s.index, s.port, env));
  await Promise.all(rest.map((s, i) => waitForServer(s.index, s.port, pids[i])));

  console.log(`nginx (port ${port})`);
  startNginx(port, serverPorts);
  if (!(await until(() => serverAnswers(port), 30_000)))
    throw new Error(`nginx does not answer on port ${port}: see ${join(LOGS, 'nginx-error.log')}`);

  console.log(`
  Casino PH cluster: ${publicUrl}
  ${processes} server process${processes === 1 ? '' : 'es'} (ports ${serverPorts.join(', ')}) behind nginx, PostgreSQL database ${DATABASE}, Redis ${redis.url}
  Operator API: ${publicUrl}/ops  (ADMIN_TOKEN in data/stack/secrets.json)
  Logs: data/stack/logs/   Status: npm run stack -- status   Stop: npm run stack -- stop`);
}

const command = positionals[0] ?? 'start';
if (values.help || !['start', 'stop', 'status'].includes(command)) {
  console.log('usage: npm run stack [-- start|stop|status] [--processes N (2)] [--port P (8080)] [--public-url URL]');
  process.exit(values.help ? 0 : 1);
}
try {
  if (command === 'start') await start();
  else if (command === 'stop') await stop();
  else await status();
} catch (error) {
  console.error(`\n${error.message}`);
  if (command === 'start' && began) {
    console.error('Stopping what was started:');
    await stop().catch((e) => console.error(e.message));
  }
  process.exit(1);
}
