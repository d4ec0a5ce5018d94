/**
 * npm run bench [-- --duration 10 --connections 50 --warmup 1 --sockets 5000 --claim POST:/api/... --request-log]
 *                 [-- --only balance,withdraw --cpu-prof]   (rows whose label has one of the words; the app
 *                 server's CPU profile in dist/reports/bench-prof, for development, not for the figures)
 *
 * Measures the real server against a bare Fastify hello-world started in the same run, and writes the
 * figures to docs/performance.md. Each server runs in its own child process (this file, started again
 * with --serve), so the load generator (autocannon, in this process) does not share their event loop.
 * The hello-world is measured first and again last; the mean of the two is the baseline. Players, funds
 * and captchas are prepared inside the server's process through app.inject on the real routes (a
 * different client address per player, so per-address limits stay apart).
 * Exit code: 0 even when a target is missed (it is a report), 1 when any request failed.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { ROOT_DIR } from '../server/src/db/database';
import { CLAIMS_PER_PLAYER } from '../server/src/plugins/rate-limit';
import { Code } from '../shared/codes';
import {
  CLAIM_CANDIDATES,
  fund,
  injectCaller,
  makeWithdrawReady,
  newPlayer,
  type Player,
  providerSession,
  signed,
  solvedCaptcha,
  TRADE_PASSWORD,
} from './lib/caller';
import { measureSockets, type SocketFigures } from './lib/socket-load';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '1' },
    sockets: { type: 'string', default: '5000' },
    claim: { type: 'string' },
    'request-log': { type: 'boolean', default: false },
    only: { type: 'string' },
    'cpu-prof': { type: 'boolean', default: false },
    serve: { type: 'string' },
    db: { type: 'string' },
  },
});

const TARGETS = { read: 0.5, write: 0.25, sockets: 5000, bytesPerSocket: 25 * 1024, pushP99: 100 };
// The parent makes it; its server child reads it from the environment the parent gives it.
const PROVIDER_SECRET = process.env.BENCH_PROVIDER_SECRET ?? randomBytes(32).toString('hex');
/** Withdrawing players, each with a session, and captchas each (one per request, used in turn). */
const WITHDRAWERS = 500;
const CAPTCHAS_EACH = 80;
/** Players depositing through the sandbox checkout, one round trip at a time each. */
const DEPOSITORS = 20;
/** Players betting, each in its own game session at the demo provider, in turn. */
const BETTORS = 200;
/**
 * Claiming players: the claims limit allows 120 a minute each, and a run (warm-up and measure) may make
 * up to 20,000 claims a second; enough players that none of them hits the limit.
 */
const CLAIMERS = Math.max(
  500,
  Math.ceil(((Number(args.warmup) + Number(args.duration)) * 20_000) / CLAIMS_PER_PLAYER.limit),
);

// ------------------------------------------------------------------------------------------ child side

export interface Prepared {
  reader: Player;
  withdrawers: { player: Player; captchas: { token: string; answer: string }[] }[];
  bettors: { sessionToken: string }[];
  claim?: { method: string; path: string; players: Player[] };
  depositors: Player[];
  socketPlayers: Player[];
}

/** `make` called `count` times, a few at a time (argon2 runs on libuv's threads: both cores work). */
async function many<T>(count: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const made: T[] = [];
  for (let i = 0; i < count; i += 8) {
    made.push(...(await Promise.all(Array.from({ length: Math.min(8, count - i) }, (_, k) => make(i + k)))));
  }
  return made;
}

/** Inside the server process: players made through the real routes, ready for each measured call. */
async function prepare(app: FastifyInstance, socketPlayers: number, claimerCount: number): Promise<Prepared> {
  const call = injectCaller(app);
  const reader = await newPlayer(call, 'read');
  // Each withdrawing player logs in (registers), sets the transaction password, binds a wallet (the
  // first argon2 check of the session), is verified and funded, then answers its captchas.
  const withdrawers: Prepared['withdrawers'] = await many(runs('withdraw') ? WITHDRAWERS : 0, async () => {
    const player = await newPlayer(call, 'wd');
    await makeWithdrawReady(call, player);
    await fund(call, player.uid, 10_000_000);
    return { player, captchas: [] };
  });
  // The seeded daily limits allow a few withdrawals a day; a benchmark makes thousands. Its own
  // throw-away database lifts them, as the test fixture setVipLimits does.
  app.db.prepare('UPDATE withdraw_limits SET daily_amount = 1000000000000, daily_count = 1000000000').run();
  for (let i = 0; i < (runs('withdraw') ? CAPTCHAS_EACH : 0); i++) {
    for (const w of withdrawers) w.captchas.push(await solvedCaptcha(call, w.player));
  }
  const bettors: Prepared['bettors'] = await many(runs('bet') ? BETTORS : 0, async () => {
    const player = await newPlayer(call, 'bet');
    await fund(call, player.uid, 10_000_000);
    return { sessionToken: await providerSession(call, player, PROVIDER_SECRET) };
  });
  const wanted = args.claim ? [args.claim] : CLAIM_CANDIDATES;
  const found = wanted
    .map((c) => c.split(':'))
    .find(([method, path]) => app.hasRoute({ method: method as 'POST', url: path as string }));
  const claimers = found && runs(found[1] as string) ? await many(claimerCount, () => newPlayer(call, 'claim')) : [];
  const claim = found ? { method: found[0] as string, path: found[1] as string, players: claimers } : undefined;
  const depositors = await many(runs('deposit') ? DEPOSITORS : 0, () => newPlayer(call, 'dep'));
  const players: Player[] = [];
  for (let i = 0; i < socketPlayers; i++) players.push(await newPlayer(call, 'ws'));
  return { reader, withdrawers, bettors, claim, depositors, socketPlayers: players };
}

/** Child process: start one server, tell the parent its port, answer its requests, close when told. */
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
      PROVIDER_SECRET: process.env.BENCH_PROVIDER_SECRET,
      // As a live deployment runs: /ops for the operators, no tester's request log (--request-log keeps it).
      REQUEST_LOG: process.env.BENCH_REQUEST_LOG ?? 'false',
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
  process.on(
    'message',
    async (message: {
      op?: string;
      players?: number;
      claimers?: number;
      rounds?: number;
      gapMs?: number;
      uids?: number[];
    }) => {
      if (message === ('stop' as never)) return void stop();
      // CPU time used so far, so the parent can tell the server's cost per request whatever the load.
      if (message === ('cpu' as never)) return process.send?.({ cpu: process.cpuUsage() });
      if (message.op === 'prepare') {
        try {
          process.send?.({ prepared: await prepare(app, message.players ?? 0, message.claimers ?? CLAIMERS) });
        } catch (error) {
          process.send?.({ error: String(error) });
        }
      }
      if (message.op === 'memory') {
        globalThis.gc?.();
        globalThis.gc?.();
        process.send?.({ memory: process.memoryUsage(), sockets: app.socket.stats().connections });
      }
      if (message.op === 'push') {
        // Paced rounds: each pushes one frame to every player, stamped with the time it was sent.
        const users = (message.uids ?? []).map(
          (uid) => app.db.prepare('SELECT id FROM users WHERE uid = ?').pluck().get(uid) as number,
        );
        for (let round = 0; round < (message.rounds ?? 1); round++) {
          for (const id of users) app.socket.pushAny(id, 'bench.push', { sentAt: Date.now() });
          await new Promise((resolve) => setTimeout(resolve, message.gapMs ?? 20));
        }
        process.send?.({ pushed: true });
      }
    },
  );
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
    execArgv: [
      ...process.execArgv,
      '--expose-gc',
      // As `npm start` runs the server: a young generation of 64 MB per semi-space. Each request leaves
      // short-lived garbage; with the default (16 MB) the scavenges come four times as often and copy the
      // same surviving objects each time (about 4 µs of every authenticated read in this bench).
      '--max-semi-space-size=64',
      ...(args['cpu-prof'] && kind === 'app'
        ? ['--cpu-prof', `--cpu-prof-dir=${join(ROOT_DIR, 'dist', 'reports', 'bench-prof')}`]
        : []),
    ],
    env: {
      ...process.env,
      BENCH_PROVIDER_SECRET: PROVIDER_SECRET,
      BENCH_REQUEST_LOG: args['request-log'] ? 'true' : 'false',
      BENCH_ONLY: args.only ?? '',
    },
  });
  const port = await ask<number>({ child } as Server, undefined, 'port', 60_000);
  return { name: kind, url: `http://127.0.0.1:${port}`, child };
}

/** Sends a message to a server process (when given) and waits for the answer carrying `key`. */
function ask<T>(server: Pick<Server, 'child'>, message: unknown, key: string, timeoutMs = 600_000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${key} from the server in ${timeoutMs} ms`)), timeoutMs);
    const onMessage = (answer: Record<string, unknown>) => {
      if (answer.error) reject(new Error(String(answer.error)));
      else if (!(key in answer)) return;
      else resolve(answer[key] as T);
      clearTimeout(timer);
      server.child.off('message', onMessage);
      server.child.off('exit', onExit);
    };
    const onExit = (code: number) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) while waiting for ${key}`));
    };
    server.child.on('message', onMessage);
    server.child.once('exit', onExit);
    if (message !== undefined) server.child.send(message as never);
  });
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
  const cpu = await ask<NodeJS.CpuUsage>(server, 'cpu', 'cpu');
  return cpu.user + cpu.system;
}

const CLIENT_HEADERS = { requestfrom: 'H5', language: 'en-US', deviceid: 'bench' };

/**
 * Waits until the server is idle: answers still in flight when autocannon stops (an argon2 check takes
 * tens of milliseconds) would otherwise be counted in the next route's CPU time.
 */
async function settle(server: Server): Promise<void> {
  for (let i = 0; i < 40; i++) {
    const before = await cpuTime(server);
    await new Promise((resolve) => setTimeout(resolve, 250));
    if ((await cpuTime(server)) - before < 25_000) return;
  }
}

interface Row {
  label: string;
  rps: number;
  p99: number;
  failed: number;
  /** Server CPU time per request, microseconds. */
  cpu: number;
  ratio?: number;
  target?: number;
  note?: string;
}

interface Load {
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** A fresh body per request (idempotent calls need new ids). */
  body?: () => unknown;
  /** A fresh body and the headers to send it with (a different player per request). */
  signedIn?: () => { body: unknown; headers: Record<string, string> };
  /** Whether an answer counts as success (default: the envelope's success). */
  accept?: (envelope: { success: boolean; code: number }) => boolean;
}

/** Whether --only asks for this row (hello-world rows always run: they are the baseline). */
const only = args.only ?? process.env.BENCH_ONLY ?? '';
const runs = (label: string) =>
  !only || label.startsWith('hello-world') || only.split(',').some((word) => label.includes(word));
const skipped = (label: string): Row => ({ label, rps: 0, p99: 0, failed: 0, cpu: 0, note: 'not run (--only)' });

async function measure(server: Server, label: string, load: Load, target?: number): Promise<Row> {
  if (!runs(label)) return skipped(label);
  const connections = Number(args.connections);
  const warmup = Number(args.warmup);
  let refused = 0;
  let firstRefusal = '';
  const accept = load.accept ?? ((e) => e.success);
  const options = () => ({
    url: server.url,
    connections,
    pipelining: 1,
    requests: [
      {
        method: load.method ?? 'GET',
        path: load.path,
        headers: { ...(load.body || load.signedIn ? { 'content-type': 'application/json' } : {}), ...load.headers },
        ...(load.body
          ? {
              setupRequest: (request: Record<string, unknown>) => ({ ...request, body: JSON.stringify(load.body?.()) }),
            }
          : {}),
        ...(load.signedIn
          ? {
              setupRequest: (request: { headers: Record<string, string> }) => {
                const next = load.signedIn?.() as { body: unknown; headers: Record<string, string> };
                return {
                  ...request,
                  headers: { ...request.headers, ...next.headers },
                  body: JSON.stringify(next.body),
                };
              },
            }
          : {}),
        onResponse: (status: number, body: string) => {
          if (status !== 200) return;
          try {
            const envelope = JSON.parse(body);
            if (!accept(envelope)) {
              refused += 1;
              firstRefusal ||= body.slice(0, 200);
            }
          } catch {
            refused += 1;
          }
        },
      },
    ],
  });
  process.stdout.write(`  ${label} ... `);
  if (warmup > 0) await autocannon({ ...options(), duration: warmup });
  refused = 0;
  const cpuBefore = await cpuTime(server);
  const result = await autocannon({ ...options(), duration: Number(args.duration) });
  const cpuUsed = (await cpuTime(server)) - cpuBefore;
  await settle(server);
  const row: Row = {
    label,
    rps: result.requests.average,
    p99: result.latency.p99,
    failed: result.errors + result.timeouts + result.non2xx + refused,
    cpu: cpuUsed / Math.max(1, result.requests.total),
    target,
  };
  process.stdout.write(
    `${Math.round(row.rps)} requests/s${row.failed ? `, ${row.failed} failed ${firstRefusal}` : ''}\n`,
  );
  return row;
}

function table(header: string[], lines: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const format = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [format(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...lines.map(format)].join('\n');
}

const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

function httpTable(rows: Row[]): string {
  return table(
    ['measure', 'requests/s', 'p99 ms', 'failed', 'ratio to hello-world', 'target', 'server CPU µs/request'],
    rows.map((r) => [
      r.label,
      String(Math.round(r.rps)),
      String(r.p99),
      String(r.failed),
      r.ratio === undefined ? '' : r.ratio.toFixed(2),
      r.note ??
        (r.target === undefined ? '' : `>= ${r.target} ${verdict((r.ratio ?? 0) >= r.target && r.failed === 0)}`),
      r.cpu.toFixed(1),
    ]),
  );
}

function socketTable(s: SocketFigures | undefined, error?: string): string {
  if (!s) return `Sockets: not measured (${error})`;
  return table(
    ['socket measure', 'value', 'target'],
    [
      ['connections held', String(s.held), `${TARGETS.sockets} ${verdict(s.held >= TARGETS.sockets)}`],
      ['failed connections', String(s.failed), `0 ${verdict(s.failed === 0)}`],
      ['server RSS growth per connection', `${(s.bytesPerConnection / 1024).toFixed(1)} KB`, ''],
      [
        'server heap + buffers per connection',
        `${(s.heapPerConnection / 1024).toFixed(1)} KB`,
        `<= 25 KB ${verdict(s.heapPerConnection <= TARGETS.bytesPerSocket)}`,
      ],
      ['push messages delivered/s', String(Math.round(s.deliveredPerSecond)), ''],
      ['push messages lost', String(s.lost), `0 ${verdict(s.lost === 0)}`],
      ['push latency p50', `${s.p50.toFixed(1)} ms`, ''],
      ['push latency p99', `${s.p99.toFixed(1)} ms`, `< ${TARGETS.pushP99} ms ${verdict(s.p99 < TARGETS.pushP99)}`],
    ],
  );
}

/** The 1-minute load average when the run began: a busy machine explains low figures. */
const loadAtStart = os.loadavg()[0]?.toFixed(2) ?? '?';

function writeReport(sections: string): string {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const machine = `${cpu}, ${os.cpus().length} cores (nproc ${os.availableParallelism()}), Node ${process.version}, ${new Date().toISOString()}, load average ${loadAtStart} at the start`;
  const settings = `${args.duration} s per route after a ${args.warmup} s warm-up, ${args.connections} connections, pipelining 1`;
  const file = join(ROOT_DIR, 'docs', 'performance.md');
  const text = `# Performance

\`npm run bench\` measures the real server as a live deployment runs it (\`buildApp\` in production mode, \`/ops\`
on, the tester's request log off as \`REQUEST_LOG=false\` sets it, Node with the 64 MB young generation
\`npm start\` gives it, a temporary SQLite file under the OS temp folder, logging off) against a bare Fastify hello-world (\`GET /\` answering \`{"hello":"world"}\`)
started in the same run, then the socket hub, and rewrites the figures below. \`npm run size\` and
\`npm run lighthouse\` give the client's figures (see the end of this page).

    npm run bench                      # 10 s per route, 5,000 sockets
    npm run bench -- --duration 5      # shorter; also --connections N, --warmup S, --sockets N
    npm run bench -- --claim POST:/api/vip/card/daily/rewards/claim   # the claim to measure
    npm run bench -- --only balance,bet       # only these rows (and hello-world); the page is not rewritten
    npm run bench -- --request-log           # with the tester's request log on
    npm run bench -- --only bet --cpu-prof   # the server's CPU profile in dist/reports/bench-prof

Each server runs in its own child process on 127.0.0.1; autocannon drives them from the parent process,
one route at a time, so on a small machine the load generator takes one of the cores. Players are made
through the real routes inside the server's process before the clock starts (\`app.inject\`, one client
address each): a reader; ${WITHDRAWERS} players ready to withdraw, each in its own session (transaction
password, a wallet bound with it, verified identity, funds, and ${CAPTCHAS_EACH} captchas each answered
through \`/ops/captcha\`; the benchmark's own database lifts the daily withdrawal limits), the requests
going player after player, each with its player's next unused captcha; ${BETTORS} funded players each in
its own demo-provider game session, betting in turn; ${CLAIMERS} claiming players in turn (the claims
limit allows 120 a minute each: enough players for 20,000 claims a second); ${DEPOSITORS} depositors, each
making deposit round trips one after the other (\`POST /api/recharge/build\`, the sandbox checkout's Pay,
whose signed webhook credits the order before the page answers, then \`GET /api/balance\` showing the credit);
and the socket players. A
failure is a socket error, a time-out, a non-2xx status or an envelope with \`success: false\`
(for the claim, the first claim of each player pays and the refusals of a reward already claimed,
\`REWARD_ALREADY_CLAIMED\`, \`NOTHING_TO_CLAIM\` or \`SIGN_IN_NOT_ARRIVED\`, count as answered). The
hello-world is measured first and again last, and the mean of the two is the baseline; the ratio is
requests/s divided by that baseline. The last column is the server process's CPU time divided by the
requests it answered: it moves much less than requests/s when other work shares the machine, so it is
the figure to compare between runs and commits.

Targets (issues 2 and 9): authenticated reads at least ${TARGETS.read} of hello-world, money writes at least
${TARGETS.write}, zero failures; ${TARGETS.sockets} sockets held at most 25 KB each; push latency p99 under
${TARGETS.pushP99} ms. The script exits 1 when any request failed, else 0 whatever the ratios.

## Latest figures

Machine: ${machine}. ${settings}.

${sections}
`;
  mkdirSync(join(ROOT_DIR, 'docs'), { recursive: true });
  const previous = readIfExists(file);
  // The hand-written analysis below the marker survives a new run.
  const marker = '\n## Analysis';
  const tail = previous.includes(marker) ? previous.slice(previous.indexOf(marker)) : '';
  writeFileSync(file, text + tail);
  return file;
}

function readIfExists(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/**
 * The deposit round trip as a player makes it: the order (`POST /api/recharge/build`), then the sandbox
 * checkout's Pay (the form post, whose signed webhook credits the balance before the page answers "paid"),
 * then `GET /api/balance` showing the credit. Each depositor runs round trips one after the other.
 */
async function measureDeposits(server: Server, depositors: Player[]): Promise<Row> {
  const label = `deposit round trips/s: build, sandbox Pay, balance (${depositors.length} players)`;
  if (!runs(label)) return skipped(label);
  process.stdout.write(`  ${label} ... `);
  const amount = 500;
  const latencies: number[] = [];
  let failed = 0;
  let firstFailure = '';
  const fail = (why: string) => {
    failed += 1;
    firstFailure ||= why;
  };
  const post = (path: string, p: Player, body: string, type: string) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { ...CLIENT_HEADERS, cookie: p.cookie, 'content-type': type },
      body,
    });
  const roundTrip = async (p: Player, credited: number) => {
    const built = (await (
      await post('/api/recharge/build', p, JSON.stringify({ channel: 'gcash', amount }), 'application/json')
    ).json()) as { success: boolean; data: { orderNo: string; payUrl: string } };
    if (!built.success) return fail(`build: ${JSON.stringify(built).slice(0, 160)}`);
    const token = new URL(built.data.payUrl).searchParams.get('token') ?? '';
    const form = new URLSearchParams({ token, action: 'pay', mobile: '9171234567', mpin: '1234' });
    const page = await (
      await post(`/sandbox/pay/${built.data.orderNo}`, p, form.toString(), 'application/x-www-form-urlencoded')
    ).text();
    if (!/paid/i.test(page)) return fail(`sandbox page for ${built.data.orderNo} does not say paid`);
    const balance = (await (
      await fetch(`${server.url}/api/balance`, { headers: { ...CLIENT_HEADERS, cookie: p.cookie } })
    ).json()) as { data: { userAccountVO: { balance: string } } };
    if (Number(balance.data.userAccountVO.balance) < credited) return fail('the balance does not show the credit');
  };
  const until = Date.now() + Number(args.duration) * 1000;
  const cpuBefore = await cpuTime(server);
  await Promise.all(
    depositors.map(async (p) => {
      let credited = 0;
      while (Date.now() < until) {
        const start = performance.now();
        const before = failed;
        await roundTrip(p, credited + amount).catch((error) => fail(String(error)));
        if (failed === before) {
          credited += amount;
          latencies.push(performance.now() - start);
        }
      }
    }),
  );
  const cpuUsed = (await cpuTime(server)) - cpuBefore;
  await settle(server);
  latencies.sort((a, b) => a - b);
  const done = latencies.length;
  const row: Row = {
    label,
    rps: done / Number(args.duration),
    p99: Math.round(latencies[Math.floor(done * 0.99)] ?? 0),
    failed,
    cpu: done ? cpuUsed / done : 0,
    note: `p50 ${Math.round(latencies[Math.floor(done * 0.5)] ?? 0)} ms`,
  };
  console.log(
    `${Math.round(row.rps)} round trips/s, p99 ${row.p99} ms, ${failed} failed${firstFailure ? ` (${firstFailure})` : ''}`,
  );
  return row;
}

async function main(): Promise<number> {
  const dir = mkdtempSync(join(os.tmpdir(), 'casino-bench-'));
  const servers: Server[] = [];
  try {
    servers.push(await start('hello'));
    servers.push(await start('app', join(dir, 'bench.db')));
    const [hello, app] = servers as [Server, Server];
    const socketCount = Number(args.sockets);
    const socketPlayers = Math.min(100, Math.max(1, Math.ceil(socketCount / 50)));
    console.log('Preparing players, funds and captchas through the real routes ...');
    const prepared = await ask<Prepared>(
      app,
      { op: 'prepare', players: socketPlayers, claimers: CLAIMERS },
      'prepared',
    );

    console.log(`Measuring (${args.duration} s each, ${args.connections} connections; load average ${loadAtStart}):`);
    const as = (p: Player) => ({ ...CLIENT_HEADERS, cookie: p.cookie });
    const first = await measure(hello, 'hello-world GET / (first)', { path: '/', accept: () => true });
    const rows: Row[] = [first];
    rows.push(
      await measure(
        app,
        'GET /api/balance (player)',
        { path: '/api/balance', headers: as(prepared.reader) },
        TARGETS.read,
      ),
    );
    rows.push(
      await measure(
        app,
        'GET /api/user/info (player)',
        { path: '/api/user/info', headers: as(prepared.reader) },
        TARGETS.read,
      ),
    );
    rows.push(
      await measure(app, 'GET /api/open/game/fetch (visitor)', {
        path: '/api/open/game/fetch?type=default&page=1&size=20',
        headers: CLIENT_HEADERS,
      }),
    );
    // Player after player, each request with the next unused captcha of its player.
    let withdrawal = 0;
    rows.push(
      await measure(
        app,
        `POST /api/withdraw/create (${WITHDRAWERS} players)`,
        {
          method: 'POST',
          path: '/api/withdraw/create',
          signedIn: () => {
            const n = withdrawal++;
            const w = prepared.withdrawers[n % WITHDRAWERS] as Prepared['withdrawers'][number];
            const captcha = w.captchas[Math.floor(n / WITHDRAWERS) % CAPTCHAS_EACH];
            return { headers: as(w.player), body: { amount: 100, password: TRADE_PASSWORD, captcha } };
          },
        },
        TARGETS.write,
      ),
    );
    let tx = 0;
    const run = `${Date.now().toString(36)}`;
    rows.push(
      await measure(
        app,
        `POST /api/provider/wallet/bet (${BETTORS} players)`,
        {
          method: 'POST',
          path: '/api/provider/wallet/bet',
          headers: CLIENT_HEADERS,
          body: () => {
            tx += 1;
            return signed(
              {
                sessionToken: (prepared.bettors[tx % BETTORS] as Prepared['bettors'][number]).sessionToken,
                transactionId: `b${run}-${tx}`,
                roundId: `r${run}-${tx}`,
                amount: '1.00',
              },
              PROVIDER_SECRET,
            );
          },
        },
        TARGETS.write,
      ),
    );
    if (prepared.claim) {
      const { method, path, players } = prepared.claim;
      let claim = 0;
      rows.push(
        await measure(
          app,
          `${method} ${path} (${players.length} players)`,
          {
            method: method as 'POST',
            path,
            signedIn: () => ({ headers: as(players[claim++ % players.length] as Player), body: {} }),
            // The first claim of each player pays; the next ones are the expected refusals of a claimed
            // reward (a daily one answers that the next sign-in day has not come).
            accept: (e) =>
              e.success ||
              e.code === Code.REWARD_ALREADY_CLAIMED ||
              e.code === Code.NOTHING_TO_CLAIM ||
              e.code === Code.SIGN_IN_NOT_ARRIVED,
          },
          TARGETS.write,
        ),
      );
    } else {
      rows.push({
        label: 'reward claim',
        rps: 0,
        p99: 0,
        failed: 0,
        cpu: 0,
        note: `n/a: none of ${CLAIM_CANDIDATES.length} claim routes is in this build`,
      });
    }
    rows.push(await measureDeposits(app, prepared.depositors));
    const last = await measure(hello, 'hello-world GET / (last)', { path: '/', accept: () => true });
    rows.push(last);

    const baseline = (first.rps + last.rps) / 2;
    // The deposit round trip (three requests, a note instead of a target) has no ratio.
    for (const row of rows) if (row.rps > 0 && row.note === undefined) row.ratio = row.rps / baseline;
    const [, ...measured] = rows;
    const ordered: Row[] = [
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
      ...measured.slice(0, -1),
    ];

    console.log(`Sockets: ${socketCount} connections over ${socketPlayers} players ...`);
    let sockets: SocketFigures | undefined;
    let socketError: string | undefined;
    try {
      if (!runs('sockets')) throw new Error('not run (--only)');
      sockets = await measureSockets({
        url: app.url.replace('http', 'ws'),
        players: prepared.socketPlayers,
        connections: socketCount,
        memory: () => ask<{ rss: number; heapUsed: number; external: number }>(app, { op: 'memory' }, 'memory'),
        push: (rounds, gapMs) =>
          ask<boolean>(app, { op: 'push', rounds, gapMs, uids: prepared.socketPlayers.map((p) => p.uid) }, 'pushed'),
      });
    } catch (error) {
      socketError = String(error);
    }

    const sections = [httpTable(ordered), socketTable(sockets, socketError), clientFigures()].join('\n\n');
    console.log(`\n${sections}`);
    // A partial run is for development: the page keeps the last full run.
    if (!args.only) console.log(`Written to ${writeReport(sections)}`);
    const failed =
      rows.reduce((sum, r) => sum + r.failed, 0) + (sockets ? sockets.failed + sockets.lost : runs('sockets') ? 1 : 0);
    if (failed > 0) {
      console.error(`${failed} requests, connections or pushes failed`);
      return 1;
    }
    return 0;
  } finally {
    await Promise.all(servers.map(stop));
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The client's figures of the last `npm run size` and `npm run lighthouse`, when they have run. */
function clientFigures(): string {
  const parts: string[] = [];
  for (const [file, title] of [
    ['client-size.txt', 'Gzipped JavaScript per route (npm run size)'],
    ['lighthouse.txt', 'Lighthouse mobile performance (npm run lighthouse)'],
  ] as const) {
    const text = readIfExists(join(ROOT_DIR, 'dist', 'reports', file)).trim();
    parts.push(text ? `${title}:\n\n${text}` : `${title}: not run yet in this tree.`);
  }
  return parts.join('\n\n');
}

// Last, so every declaration above is initialised before either side runs.
if (args.serve) await serve(args.serve, args.db);
else process.exitCode = await main();
