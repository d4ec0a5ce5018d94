/**
 * npm run bench [-- --duration 10 --connections 50 --warmup 1]
 *
 * Measures the real server against a bare Fastify hello-world started in the same run, and writes the
 * figures to docs/performance.md. Each server runs in its own child process (this file, started again
 * with --serve), so the load generator (autocannon, in this process) does not share their event loop.
 * The hello-world is measured first and again last; the mean of the two is the baseline.
 * Exit code: 0 even when a target is missed (it is a report), 1 when any request failed.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { md5 } from 'js-md5';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { ROOT_DIR } from '../server/src/db/database';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '1' },
    serve: { type: 'string' },
    db: { type: 'string' },
  },
});

const AUTH_TARGET = 0.5;

// ------------------------------------------------------------------------------------------ child side

/** Child process: start one server, tell the parent its port, close it when told (or orphaned). */
async function serve(kind: string, dbFile: string | undefined): Promise<void> {
  let app: FastifyInstance;
  if (kind === 'hello') {
    app = Fastify({ logger: false });
    app.get('/', async () => ({ hello: 'world' }));
  } else {
    if (!dbFile) throw new Error('--db is required with --serve app');
    const config = loadConfig({
      NODE_ENV: 'production',
      DB_FILE: dbFile,
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PORT: '0',
      ADMIN_TOKEN: randomBytes(24).toString('hex'),
    });
    app = await buildApp({ config, logger: false });
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await app.close();
    process.exit(0);
  };
  process.on('message', (message) => {
    if (message === 'stop') void stop();
    // CPU time used so far, so the parent can tell the server's cost per request whatever the load.
    if (message === 'cpu') process.send?.({ cpu: process.cpuUsage() });
  });
  process.on('disconnect', () => void stop());
  process.send?.({ port: (app.server.address() as AddressInfo).port });
}

// ----------------------------------------------------------------------------------------- parent side

interface Server {
  name: string;
  url: string;
  child: ChildProcess;
}

async function start(kind: 'hello' | 'app', dbFile?: string): Promise<Server> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve', kind, ...(dbFile ? ['--db', dbFile] : [])], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${kind} server did not start in 60 s`)), 60_000);
    child.once('message', (message: { port?: number }) => {
      clearTimeout(timer);
      if (message.port) resolve(message.port);
      else reject(new Error(`${kind} server sent ${JSON.stringify(message)}`));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${kind} server exited with code ${code} before listening`));
    });
  });
  return { name: kind, url: `http://127.0.0.1:${port}`, child };
}

async function stop(server: Server): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = once(server.child, 'exit');
  server.child.send('stop');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** The server process's CPU time so far, in microseconds. */
async function cpuTime(server: Server): Promise<number> {
  const reply = new Promise<number>((resolve) => {
    const onMessage = (message: { cpu?: NodeJS.CpuUsage }) => {
      if (!message.cpu) return;
      server.child.off('message', onMessage);
      resolve(message.cpu.user + message.cpu.system);
    };
    server.child.on('message', onMessage);
  });
  server.child.send('cpu');
  return reply;
}

const CLIENT_HEADERS = { requestfrom: 'H5', language: 'en-US', deviceid: 'bench' };

async function call(base: string, path: string, init: { body?: unknown; cookie?: string } = {}) {
  const response = await fetch(`${base}${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      ...CLIENT_HEADERS,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const body = (await response.json()) as { success: boolean; code: number; msg: string };
  return { response, body };
}

/** Registers a player and logs in over HTTP; returns the session cookie. */
async function logIn(base: string): Promise<string> {
  const username = `bench${randomInt(10_000_000)}`;
  const password = md5('bench123');
  const phone = `9${String(randomInt(1_000_000_000)).padStart(9, '0')}`;
  const registered = await call(base, '/api/user/custom/register', {
    body: { username, password, phone, agree: true },
  });
  if (!registered.body.success) throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
  const login = await call(base, '/api/user/login', { body: { username, password } });
  if (!login.body.success) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  const sid = login.response.headers
    .getSetCookie()
    .map((line) => /^sid=([^;]+)/.exec(line)?.[1])
    .find(Boolean);
  if (!sid) throw new Error('login set no session cookie');
  return `sid=${sid}`;
}

async function assertSession(base: string, cookie: string, when: string) {
  const info = await call(base, '/api/user/info', { cookie });
  if (!info.body.success) throw new Error(`the session is not valid ${when}: ${JSON.stringify(info.body)}`);
}

interface Row {
  label: string;
  rps: number;
  p99: number;
  failed: number;
  /** Server CPU time per request, microseconds. */
  cpu: number;
  ratio?: number;
}

async function measure(
  server: Server,
  label: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<Row> {
  const connections = Number(args.connections);
  const warmup = Number(args.warmup);
  const options = { url: `${server.url}${path}`, headers, connections, pipelining: 1 };
  process.stdout.write(`  ${label} ... `);
  if (warmup > 0) await autocannon({ ...options, duration: warmup });
  const cpuBefore = await cpuTime(server);
  const result = await autocannon({ ...options, duration: Number(args.duration) });
  const cpuUsed = (await cpuTime(server)) - cpuBefore;
  const row = {
    label,
    rps: result.requests.average,
    p99: result.latency.p99,
    failed: result.errors + result.timeouts + result.non2xx,
    cpu: cpuUsed / Math.max(1, result.requests.total),
  };
  process.stdout.write(`${Math.round(row.rps)} requests/s\n`);
  return row;
}

function table(rows: Row[]): string {
  const header = ['route', 'requests/s', 'p99 ms', 'errors+non2xx', 'ratio to hello-world', 'server CPU µs/request'];
  const lines = rows.map((r) => [
    r.label,
    String(Math.round(r.rps)),
    String(r.p99),
    String(r.failed),
    r.ratio === undefined ? '' : r.ratio.toFixed(2),
    r.cpu.toFixed(1),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const format = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [format(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...lines.map(format)].join('\n');
}

/** The 1-minute load average when the run began: a busy machine explains low figures. */
const loadAtStart = os.loadavg()[0]?.toFixed(2) ?? '?';

function writeReport(rows: Row[], verdict: string): string {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const machine = `${cpu}, ${os.cpus().length} cores, Node ${process.version}, ${new Date().toISOString()}, load average ${loadAtStart} at the start`;
  const settings = `${args.duration} s per route after a ${args.warmup} s warm-up, ${args.connections} connections, pipelining 1`;
  const text = `# Performance

\`npm run bench\` measures the real server (\`buildApp\` in production mode, a temporary SQLite file under the
OS temp folder, logging off) against a bare Fastify hello-world (\`GET /\` answering \`{"hello":"world"}\`)
started in the same run, and rewrites the figures below.

    npm run bench                      # 10 s per route
    npm run bench -- --duration 5      # shorter; also --connections N, --warmup S

Each server runs in its own child process on 127.0.0.1; autocannon drives them from the parent process,
one route at a time, so on a small machine the load generator takes one of the cores. A player is
registered and logged in over HTTP first; the authenticated route sends that session cookie. The
hello-world is measured first and again last, and the mean of the two is the baseline (the machine is
noisy); the ratio is requests/s divided by that baseline. The last column is the server process's CPU
time divided by the requests it answered: it moves much less than requests/s when other work shares
the machine, so it is the figure to compare between runs and commits. Target: authenticated reads at least
${AUTH_TARGET} of hello-world. The script exits 1 when any request failed (socket error, time-out or a
non-2xx status), else 0 whatever the ratio.

## Latest figures

Machine: ${machine}. ${settings}.

${table(rows)}

${verdict}
`;
  const file = join(ROOT_DIR, 'docs', 'performance.md');
  mkdirSync(join(ROOT_DIR, 'docs'), { recursive: true });
  writeFileSync(file, text);
  return file;
}

async function main(): Promise<number> {
  const dir = mkdtempSync(join(os.tmpdir(), 'casino-bench-'));
  const servers: Server[] = [];
  try {
    servers.push(await start('hello'));
    servers.push(await start('app', join(dir, 'bench.db')));
    const [hello, app] = servers as [Server, Server];
    const cookie = await logIn(app.url);
    await assertSession(app.url, cookie, 'before the run');

    console.log(
      `Measuring (${args.duration} s each, ${args.connections} connections, pipelining 1; load average ${loadAtStart}):`,
    );
    const first = await measure(hello, 'hello-world GET / (first)', '/');
    const info = await measure(app, 'GET /api/user/info (authenticated)', '/api/user/info', {
      ...CLIENT_HEADERS,
      cookie,
    });
    const version = await measure(app, 'GET /api/app/version (visitor)', '/api/app/version', CLIENT_HEADERS);
    const last = await measure(hello, 'hello-world GET / (last)', '/');
    await assertSession(app.url, cookie, 'after the run');

    const baseline = (first.rps + last.rps) / 2;
    const rows: Row[] = [
      first,
      last,
      {
        label: 'hello-world baseline (mean)',
        rps: baseline,
        p99: Math.max(first.p99, last.p99),
        failed: 0,
        cpu: (first.cpu + last.cpu) / 2,
        ratio: 1,
      },
      info,
      version,
    ];
    for (const row of [first, last, info, version]) row.ratio = row.rps / baseline;
    const authRatio = info.ratio ?? 0;
    const verdict = `authenticated read ratio >= ${AUTH_TARGET}: ${authRatio >= AUTH_TARGET ? 'PASS' : 'FAIL'} (${authRatio.toFixed(2)})`;

    console.log(`\n${table(rows)}\n\n${verdict}`);
    const failed = rows.reduce((sum, r) => sum + r.failed, 0);
    console.log(`Written to ${writeReport(rows, verdict)}`);
    if (failed > 0) {
      console.error(`${failed} requests failed (errors, time-outs or non-2xx answers)`);
      return 1;
    }
    return 0;
  } finally {
    await Promise.all(servers.map(stop));
    rmSync(dir, { recursive: true, force: true });
  }
}

// Last, so every declaration above is initialised before either side runs.
if (args.serve) await serve(args.serve, args.db);
else process.exitCode = await main();
