/**
 * npm run bench [-- --duration 10 --connections 50 --warmup 1 --sockets 5000 --claim POST:/api/... --request-log]
 *                 [-- --only balance,withdraw --cpu-prof]   (rows whose label has one of the words, with
 *                 hello-world and the naive peer's rows they are divided by; the app server's CPU profile in
 *                 dist/reports/bench-prof, for development, not for the figures)
 *
 * Measures the real server against a bare Fastify hello-world started in the same run, and writes the
 * figures to docs/performance.md. Its authenticated reads and money writes are also set against a naive
 * peer of the store in use, measured in the same run (scripts/lib/bench-peers.ts): a bare Fastify + zod app
 * with a primary-key balance read (`GET /balance/:id`) and an idempotent bet in one plain transaction
 * (`POST /bet`: idempotency read, conditional UPDATE ... RETURNING, two INSERTs), on better-sqlite3 (its
 * own temporary file) or on a `pg` Pool of 10 per process; the reads are divided by the peer's read, the
 * money writes by the peer's bet. Each server runs in its own child process (this file, started again
 * with --serve), so the load generator (autocannon, in this process) does not share their event loop.
 * The hello-world is measured first and again last; the mean of the two is the baseline. Players, funds
 * and captchas are prepared inside the server's process through app.inject on the real routes (a
 * different client address per player, so per-address limits stay apart).
 * Exit code: 0 even when a target is missed (it is a report), 1 when any request failed.
 *
 * --store postgres [--processes N]: the same measures against PostgreSQL instead of the SQLite file: a
 * throw-away PostgreSQL server with durable settings (fsync, synchronous commit and full-page writes on, as
 * production runs it), one database migrated and seeded once, N server processes on it (and a throw-away
 * Redis for their broker when N > 1), one autocannon per process with the connections split between them
 * and the figures summed (as many peer processes, their tables in a schema of their own). Writes its own
 * section of docs/performance.md, beside the SQLite figures.
 */
import { type ChildProcess, fork, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { param, prepareQuery } from '../server/src/db/builder';
import { ROOT_DIR } from '../server/src/db/database';
import { migrateDb } from '../server/src/db/migrate';
import { openPostgres } from '../server/src/db/postgres/open';
import { seedDomains } from '../server/src/domains';
import { CLAIMS_PER_PLAYER } from '../server/src/plugins/rate-limit';
import { Code } from '../shared/codes';
import { describePeer, PEER_STAKE, type PeerStore, peerApp, seedPeer } from './lib/bench-peers';
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
import { startPostgres } from './lib/postgres.mjs';
import { startRedis } from './lib/redis.mjs';
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
    store: { type: 'string', default: 'sqlite' },
    processes: { type: 'string', default: '1' },
  },
});

const STORE = args.store === 'postgres' ? 'postgres' : 'sqlite';
if (args.store !== STORE) throw new Error(`--store is sqlite or postgres, not ${args.store}`);
/** Server processes sharing the database (PostgreSQL only: one process holds SQLite's file). */
const PROCESSES = Number(args.processes);
if (!Number.isInteger(PROCESSES) || PROCESSES < 1) throw new Error('--processes is a whole number from 1');
if (STORE === 'sqlite' && PROCESSES > 1)
  throw new Error(
    '--processes above 1 needs --store postgres: one process holds the SQLite file (locking_mode EXCLUSIVE)',
  );

const TARGETS = { read: 0.5, write: 0.25, sockets: 5000, bytesPerSocket: 25 * 1024, pushP99: 100 };
// The parent makes it; its server child reads it from the environment the parent gives it.
const PROVIDER_SECRET = process.env.BENCH_PROVIDER_SECRET ?? randomBytes(32).toString('hex');
/**
 * On PostgreSQL each player takes about a second to prepare (every write a durable commit) and the rates
 * are far lower, so fewer players are made: still enough that no captcha is used twice and no player hits
 * the claims limit at those rates (either would show as failures).
 */
const POSTGRES = STORE === 'postgres';
/** Withdrawing players, each with a session, and captchas each (one per request, used in turn). */
const WITHDRAWERS = POSTGRES ? 100 : 500;
const CAPTCHAS_EACH = 80;
/** Players depositing through the sandbox checkout, one round trip at a time each. */
const DEPOSITORS = 20;
/** Players betting, each in its own game session at the demo provider, in turn. */
const BETTORS = POSTGRES ? 100 : 200;
/**
 * Claiming players: the claims limit allows 120 a minute each, and a run (warm-up and measure) may make
 * up to 20,000 claims a second (2,000 on PostgreSQL); enough players that none of them hits the limit.
 */
const CLAIMERS = Math.max(
  POSTGRES ? 100 : 500,
  Math.ceil(((Number(args.warmup) + Number(args.duration)) * (POSTGRES ? 2_000 : 20_000)) / CLAIMS_PER_PLAYER.limit),
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
async function prepare(
  app: FastifyInstance,
  socketPlayers: number,
  claimerCount: number,
  captchasEach: number,
): Promise<Prepared> {
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
  await app.db.prepare('UPDATE withdraw_limits SET daily_amount = 1000000000000, daily_count = 1000000000').run();
  // The bench measures the withdrawal's money write, many at once per player; a code confirms one
  // withdrawal (sent and read once per withdrawal it would time the tester's outbox read, not the write), so
  // the operator setting turns it off here. Its check, on, is one indexed read and one conditional UPDATE.
  await app.services.withdrawals.setSettings({ smsCode: false });
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
  // Last, as captchas live 5 minutes (a slower store takes longer to prepare the rest).
  const captchas = await captchasFor(
    app,
    withdrawers.map((w) => w.player),
    runs('withdraw') ? captchasEach : 0,
  );
  for (const [i, w] of withdrawers.entries()) w.captchas = captchas[i] ?? [];
  return { reader, withdrawers, bettors, claim, depositors, socketPlayers: players };
}

/**
 * `count` answered captchas for each player, issued by this process: a captcha's seal key is made when the
 * process starts, so another process of the cluster cannot open it.
 */
async function captchasFor(app: FastifyInstance, players: Player[], count: number) {
  const call = injectCaller(app);
  const captchas: { token: string; answer: string }[][] = players.map(() => []);
  for (let i = 0; i < count; i++) {
    for (const [k, player] of players.entries()) captchas[k]?.push(await solvedCaptcha(call, player));
  }
  return captchas;
}

/**
 * The cost of single statements through this process's store (the async port, as the server's code calls
 * it: each call awaited), timed in a loop (wall time and the whole process's CPU time per call): a
 * constant, a primary-key read, an empty transaction and a transaction with one UPDATE (its commit waits
 * for the WAL flush on a durable PostgreSQL).
 */
async function statementCosts(app: FastifyInstance, userId: number) {
  const db = app.db;
  const constant = db.prepare('SELECT 1 AS one');
  const byId = prepareQuery(db, (b) =>
    b.selectFrom('users').select(['id', 'uid']).where('id', '=', param<number>('id')),
  );
  const touch = db.prepare(
    'UPDATE withdraw_limits SET daily_count = daily_count WHERE vip_level = (SELECT MIN(vip_level) FROM withdraw_limits)',
  );
  const time = async (label: string, count: number, fn: () => Promise<unknown>) => {
    for (let i = 0; i < Math.min(100, count); i++) await fn();
    const cpu = process.cpuUsage();
    const start = performance.now();
    for (let i = 0; i < count; i++) await fn();
    const wall = ((performance.now() - start) * 1000) / count;
    const used = process.cpuUsage(cpu);
    return { label, count, wallMicros: wall, cpuMicros: (used.user + used.system) / count };
  };
  return [
    await time('SELECT 1 (autocommit)', 5000, () => constant.get()),
    await time('SELECT id, uid FROM users WHERE id = ? (autocommit)', 5000, () => byId.get({ id: userId })),
    await time('empty transaction (BEGIN SERIALIZABLE, COMMIT)', 1000, () => db.transaction(() => undefined)()),
    await time('transaction with one UPDATE (BEGIN SERIALIZABLE, UPDATE, COMMIT)', 500, () =>
      db.transaction(() => touch.run())(),
    ),
  ];
}

/** The naive peer's store: its own SQLite file (--db), or the bench's PostgreSQL database. */
function peerStore(dbFile: string | undefined, url = process.env.BENCH_DATABASE_URL): PeerStore {
  if (POSTGRES) return { kind: 'postgres', url: url ?? '' };
  if (!dbFile) throw new Error('--db is required with --serve peer');
  return { kind: 'sqlite', file: dbFile };
}

/** Child process: start one server, tell the parent its port, answer its requests, close when told. */
async function serve(kind: string, dbFile: string | undefined): Promise<void> {
  let app: FastifyInstance;
  if (kind === 'hello') {
    app = Fastify({ logger: false });
    app.get('/', async () => ({ hello: 'world' }));
  } else if (kind === 'peer') {
    app = peerApp(peerStore(dbFile));
  } else {
    if (!dbFile) throw new Error('--db is required with --serve app');
    const config = loadConfig({
      NODE_ENV: 'production',
      DB_FILE: dbFile,
      // --store postgres: the shared database, and the cluster's Redis when there are several processes.
      DATABASE_URL: process.env.BENCH_DATABASE_URL || undefined,
      REDIS_URL: process.env.BENCH_REDIS_URL || undefined,
      PAYMENT_SECRET: process.env.BENCH_PAYMENT_SECRET,
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
      count?: number;
      captchaPlayers?: Player[];
    }) => {
      if (message === ('stop' as never)) return void stop();
      // CPU time used so far, so the parent can tell the server's cost per request whatever the load.
      if (message === ('cpu' as never)) return process.send?.({ cpu: process.cpuUsage() });
      if (message.op === 'prepare') {
        try {
          process.send?.({
            prepared: await prepare(app, message.players ?? 0, message.claimers ?? CLAIMERS, message.count ?? 0),
          });
        } catch (error) {
          process.send?.({ error: String(error) });
        }
      }
      if (message.op === 'captchas') {
        try {
          process.send?.({ captchas: await captchasFor(app, message.captchaPlayers ?? [], message.count ?? 0) });
        } catch (error) {
          process.send?.({ error: String(error) });
        }
      }
      if (message.op === 'statements') {
        try {
          const userId = (await app.db.prepare('SELECT MIN(id) FROM users').pluck().get()) as number;
          process.send?.({ statements: await statementCosts(app, userId) });
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
        const idOf = prepareQuery(app.db, (b) =>
          b.selectFrom('users').select('id').where('uid', '=', param<number>('uid')),
        );
        const users: number[] = [];
        for (const uid of message.uids ?? []) users.push((await idOf.get({ uid }))?.id as number);
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

async function start(
  kind: 'hello' | 'app' | 'peer',
  dbFile?: string,
  store: Record<string, string> = {},
): Promise<Server> {
  // The child's constants (how many players of each kind) depend on the store too.
  const argv = ['--serve', kind, '--store', STORE, ...(dbFile ? ['--db', dbFile] : [])];
  const child = fork(fileURLToPath(import.meta.url), argv, {
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
      ...store,
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

/** The server processes' CPU time so far, in microseconds, summed. */
async function cpuTime(servers: Server[]): Promise<number> {
  const times = await Promise.all(servers.map((server) => ask<NodeJS.CpuUsage>(server, 'cpu', 'cpu')));
  return times.reduce((sum, cpu) => sum + cpu.user + cpu.system, 0);
}

const CLIENT_HEADERS = { requestfrom: 'H5', language: 'en-US', deviceid: 'bench' };

/**
 * Waits until the server is idle: answers still in flight when autocannon stops (an argon2 check takes
 * tens of milliseconds) would otherwise be counted in the next route's CPU time.
 */
async function settle(servers: Server[]): Promise<void> {
  for (let i = 0; i < 40; i++) {
    const before = await cpuTime(servers);
    await new Promise((resolve) => setTimeout(resolve, 250));
    if ((await cpuTime(servers)) - before < 25_000 * servers.length) return;
  }
}

interface Row {
  label: string;
  rps: number;
  p99: number;
  failed: number;
  /** Server CPU time per request, microseconds (all the server processes). */
  cpu: number;
  ratio?: number;
  /** Requests/s divided by the naive peer's for the same job (its balance read, or its bet). */
  peerRatio?: number;
  target?: number;
  note?: string;
  /** --store postgres: what PostgreSQL did per request. */
  db?: DbCost;
}

interface DbCost {
  /** CPU time of the PostgreSQL server's processes per request, microseconds. */
  cpu: number;
  commits: number;
  rollbacks: number;
  /** WAL flushes to disk (fsync or fdatasync) per request. */
  syncs: number;
}

interface Load {
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** A fresh body per request (idempotent calls need new ids); `at` is the server process it goes to. */
  body?: (at: number) => unknown;
  /** A fresh body and the headers to send it with (a different player per request). */
  signedIn?: (at: number) => { body: unknown; headers: Record<string, string> };
  /** Whether an answer counts as success (default: the envelope's success). */
  accept?: (envelope: { success: boolean; code: number }) => boolean;
  /** A fresh path per request (the peer's balance read goes over its accounts). */
  pathOf?: (at: number) => string;
  /** Measured whatever --only says (a peer row that a row --only asks for is divided by). */
  always?: boolean;
}

/** Whether --only asks for this row (hello-world rows always run: they are the baseline). */
const only = args.only ?? process.env.BENCH_ONLY ?? '';
const runs = (label: string) =>
  !only || label.startsWith('hello-world') || only.split(',').some((word) => label.includes(word));
const skipped = (label: string): Row => ({ label, rps: 0, p99: 0, failed: 0, cpu: 0, note: 'not run (--only)' });

/** --store postgres: reads what the PostgreSQL server spent (its processes' CPU, its commits and WAL flushes). */
interface DbWatch {
  /** CPU time of each of the server's processes so far, microseconds, by process id. */
  cpu(): Map<number, number>;
  /** The database's commits and rollbacks and the server's WAL flushes so far (once the statistics are in). */
  counters(): Promise<{ commits: number; rollbacks: number; syncs: number }>;
}
let dbWatch: DbWatch | undefined;

/**
 * CPU time spent between two readings by the processes alive at the second (a process gone meanwhile, such
 * as psql's own backend, is left out rather than counted negative).
 */
function cpuSince(before: Map<number, number>, after: Map<number, number>): number {
  let used = 0;
  for (const [pid, micros] of after) used += micros - (before.get(pid) ?? 0);
  return used;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function measure(servers: Server[], label: string, load: Load, target?: number): Promise<Row> {
  if (!load.always && !runs(label)) return skipped(label);
  // The connections split between the processes, one autocannon each (all in this process).
  const connections = Math.max(1, Math.round(Number(args.connections) / servers.length));
  const warmup = Number(args.warmup);
  let refused = 0;
  let firstRefusal = '';
  const accept = load.accept ?? ((e) => e.success);
  const options = (server: Server, at: number) => ({
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
              setupRequest: (request: Record<string, unknown>) => ({
                ...request,
                body: JSON.stringify(load.body?.(at)),
              }),
            }
          : {}),
        ...(load.pathOf
          ? { setupRequest: (request: Record<string, unknown>) => ({ ...request, path: load.pathOf?.(at) }) }
          : {}),
        ...(load.signedIn
          ? {
              setupRequest: (request: { headers: Record<string, string> }) => {
                const next = load.signedIn?.(at) as { body: unknown; headers: Record<string, string> };
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
  const drive = (duration: number) =>
    Promise.all(servers.map((server, at) => autocannon({ ...options(server, at), duration })));
  process.stdout.write(`  ${label} ... `);
  if (warmup > 0) await drive(warmup);
  refused = 0;
  // PostgreSQL's backends report their statistics at most once a second.
  if (dbWatch) await sleep(1100);
  const countersBefore = await dbWatch?.counters();
  const dbCpuBefore = dbWatch?.cpu();
  const cpuBefore = await cpuTime(servers);
  const results = await drive(Number(args.duration));
  const cpuUsed = (await cpuTime(servers)) - cpuBefore;
  const dbCpuUsed = dbCpuBefore && dbWatch ? cpuSince(dbCpuBefore, dbWatch.cpu()) : 0;
  await settle(servers);
  const sum = (pick: (r: Awaited<ReturnType<typeof autocannon>>) => number) =>
    results.reduce((total, r) => total + pick(r), 0);
  const total = Math.max(
    1,
    sum((r) => r.requests.total),
  );
  const row: Row = {
    label,
    rps: sum((r) => r.requests.average),
    // With several processes: the highest of their p99s.
    p99: Math.max(...results.map((r) => r.latency.p99)),
    failed: sum((r) => r.errors + r.timeouts + r.non2xx) + refused,
    cpu: cpuUsed / total,
    target,
  };
  if (dbWatch && countersBefore) {
    await sleep(1100);
    const after = await dbWatch.counters();
    row.db = {
      cpu: dbCpuUsed / total,
      commits: (after.commits - countersBefore.commits) / total,
      rollbacks: (after.rollbacks - countersBefore.rollbacks) / total,
      syncs: (after.syncs - countersBefore.syncs) / total,
    };
  }
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
  const db = STORE === 'postgres';
  return table(
    [
      'measure',
      'requests/s',
      'p99 ms',
      'failed',
      'ratio to hello-world',
      'ratio to naive peer',
      'target',
      'server CPU µs/request',
      ...(db ? ['PostgreSQL CPU µs/request', 'transactions/request', 'rollbacks/request', 'WAL flushes/request'] : []),
    ],
    rows.map((r) => [
      r.label,
      String(Math.round(r.rps)),
      String(r.p99),
      String(r.failed),
      r.ratio === undefined ? '' : r.ratio.toFixed(2),
      r.peerRatio === undefined ? '' : r.peerRatio.toFixed(2),
      r.note ??
        (r.target === undefined ? '' : `>= ${r.target} ${verdict((r.ratio ?? 0) >= r.target && r.failed === 0)}`),
      r.cpu.toFixed(1),
      ...(db
        ? r.db
          ? [r.db.cpu.toFixed(1), r.db.commits.toFixed(2), r.db.rollbacks.toFixed(3), r.db.syncs.toFixed(2)]
          : ['', '', '', '']
        : []),
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
and a naive peer on the same store (see below), both started in the same run, then the socket hub, and rewrites the figures below. \`npm run size\` and
\`npm run lighthouse\` give the client's figures (see the end of this page).

    npm run bench                      # 10 s per route, 5,000 sockets
    npm run bench -- --duration 5      # shorter; also --connections N, --warmup S, --sockets N
    npm run bench -- --claim POST:/api/vip/card/daily/rewards/claim   # the claim to measure
    npm run bench -- --only balance,bet       # only these rows (and hello-world, and the peer's they are divided by); the page is not rewritten
    npm run bench -- --request-log           # with the tester's request log on
    npm run bench -- --only bet --cpu-prof   # the server's CPU profile in dist/reports/bench-prof
    npm run bench -- --store postgres --processes 2   # on PostgreSQL (see its section below)

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

${describePeer('sqlite')}

Targets: authenticated reads at least ${TARGETS.read} of hello-world, money writes at least
${TARGETS.write}, zero failures; ${TARGETS.sockets} sockets held at most 25 KB each; push latency p99 under
${TARGETS.pushP99} ms. The script exits 1 when any request failed, else 0 whatever the ratios.

## Latest figures

Machine: ${machine}. ${settings}.

${sections}
`;
  mkdirSync(join(ROOT_DIR, 'docs'), { recursive: true });
  const previous = readIfExists(file);
  // The hand-written analysis below the marker survives a new run.
  // So do the PostgreSQL figures (`--store postgres`), between the two.
  const kept = [POSTGRES_HEADING, '\n## Analysis'].map((m) => previous.indexOf(m)).filter((at) => at >= 0);
  const tail = kept.length ? previous.slice(Math.min(...kept)) : '';
  writeFileSync(file, text + tail);
  return file;
}

const POSTGRES_HEADING = '\n## PostgreSQL';
const POSTGRES_END = '<!-- bench: postgres, end -->';

/**
 * --store postgres: writes (or replaces) this number of processes' block in the PostgreSQL section of
 * docs/performance.md, which sits between the SQLite figures and the analysis; the rest of the page stays.
 */
function writePostgresReport(sections: string, describe: string, loadAtEnd: string): string {
  const file = join(ROOT_DIR, 'docs', 'performance.md');
  let page = readIfExists(file);
  const begin = `<!-- bench: postgres, ${PROCESSES} -->`;
  const end = `<!-- /bench: postgres, ${PROCESSES} -->`;
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const block = `${begin}
### PostgreSQL, ${PROCESSES} server process${PROCESSES > 1 ? 'es' : ''}

\`npm run bench -- --store postgres --processes ${PROCESSES}\`. Machine: ${cpu}, ${os.cpus().length} cores, Node ${process.version}, ${new Date().toISOString()}, load average ${loadAtStart} at the start and ${loadAtEnd} at the end. ${args.duration} s per route after a ${args.warmup} s warm-up, ${args.connections} connections in all${PROCESSES > 1 ? `, split between the ${PROCESSES} processes (one autocannon each; requests/s summed, p99 the highest of the processes', CPU summed over the processes)` : ''}, pipelining 1. ${describe} ${describePeer('postgres')}

${sections}
${end}`;
  if (page.includes(begin) && page.includes(end)) {
    page = page.slice(0, page.indexOf(begin)) + block + page.slice(page.indexOf(end) + end.length);
  } else {
    if (!page.includes(POSTGRES_END)) {
      const section = `${POSTGRES_HEADING}\n\nThe same measures on PostgreSQL (\`--store postgres\`), written by the runs below.\n\n${POSTGRES_END}\n`;
      const at = page.indexOf('\n## Analysis');
      page = at >= 0 ? `${page.slice(0, at)}${section}${page.slice(at)}` : `${page}${section}`;
    }
    page = page.replace(POSTGRES_END, `${block}\n\n${POSTGRES_END}`);
  }
  writeFileSync(file, page);
  return file;
}

interface StatementCost {
  label: string;
  count: number;
  wallMicros: number;
  cpuMicros: number;
}

function statementTable(costs: StatementCost[]): string {
  return table(
    ['one statement through the async port (first process, idle)', 'calls', 'wall µs/call', 'process CPU µs/call'],
    costs.map((c) => [c.label, String(c.count), c.wallMicros.toFixed(1), c.cpuMicros.toFixed(1)]),
  );
}

interface Store {
  /** The environment of the server processes (the database and the broker they share). */
  env: Record<string, string>;
  watch?: DbWatch;
  describe: string;
  stop(): Promise<void>;
}

const BENCH_DATABASE = 'casino_bench';

/**
 * SQLite: nothing to start (each server opens its file). PostgreSQL: a throw-away server with durable
 * settings (fsync, synchronous_commit and full_page_writes left on, as production runs it; the tests' server
 * turns them off), one database created as docs/deployment.md says, migrated and seeded once here, and a
 * throw-away Redis for the broker when there are several processes.
 */
async function openStore(dir: string): Promise<Store> {
  if (STORE === 'sqlite') return { env: {}, describe: '', stop: async () => undefined };
  // As root the PostgreSQL server runs as the postgres user, who must reach its folder inside.
  chmodSync(dir, 0o755);
  console.log('Starting PostgreSQL (durable settings) ...');
  const pg = await startPostgres({ dir: join(dir, 'pg'), port: 5432, fast: false });
  let redis: { url: string; stop(): Promise<void> } | undefined;
  try {
    pg.createDatabase(BENCH_DATABASE);
    const url: string = pg.urlOf(BENCH_DATABASE);
    const db = openPostgres(url);
    try {
      await migrateDb(db);
      await seedDomains(db);
    } finally {
      await db.close();
    }
    if (PROCESSES > 1) redis = await startRedis();
    const version = String(pg.psql('SHOW server_version')).trim();
    const postmaster = Number(readFileSync(join(pg.dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const ticks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
    return {
      env: {
        BENCH_DATABASE_URL: url,
        BENCH_REDIS_URL: redis?.url ?? '',
        // What a cluster shares: the payment gateway's secret (the provider's is shared already).
        BENCH_PAYMENT_SECRET: randomBytes(32).toString('hex'),
      },
      describe: `PostgreSQL ${version.split(' ')[0]} from Debian on its unix socket, durable (fsync, synchronous_commit and full_page_writes on; the other settings as initdb leaves them), on the same machine${PROCESSES > 1 ? `; the processes' broker on a Redis on the same machine` : ''}. The PostgreSQL columns, per request: the CPU time of its server processes (backends included), the database's committed transactions (each statement outside a transaction is one) and rolled-back ones (serialization failures run again, refusals), and the server's WAL flushes to disk (pg_stat_database, pg_stat_wal).`,
      watch: {
        cpu: () => postgresCpu(postmaster, ticks),
        counters: async () => {
          const [commits, rollbacks, syncs] = String(
            pg.psql(
              `SELECT d.xact_commit, d.xact_rollback, w.wal_sync FROM pg_stat_database d CROSS JOIN pg_stat_wal w WHERE d.datname = '${BENCH_DATABASE}'`,
            ),
          )
            .trim()
            .split('|')
            .map(Number);
          return { commits: commits ?? 0, rollbacks: rollbacks ?? 0, syncs: syncs ?? 0 };
        },
      },
      stop: async () => {
        await redis?.stop();
        await pg.stop();
      },
    };
  } catch (error) {
    await redis?.stop();
    await pg.stop();
    throw error;
  }
}

/** CPU time (user + system) of the PostgreSQL server and its children (backends, writers), microseconds. */
function postgresCpu(postmaster: number, ticksPerSecond: number): Map<number, number> {
  const used = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // After "pid (comm) ": state, ppid, ... utime (14th field) and stime (15th).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(name) === postmaster || Number(fields[1]) === postmaster)
      used.set(Number(name), ((Number(fields[11]) + Number(fields[12])) * 1e6) / ticksPerSecond);
  }
  return used;
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
async function measureDeposits(servers: Server[], depositors: Player[]): Promise<Row> {
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
  // Each depositor stays on one server process (the sandbox's checkout answers on the process it runs in).
  const urlOf = (p: Player) => (servers[depositors.indexOf(p) % servers.length] as Server).url;
  const post = (path: string, p: Player, body: string, type: string) =>
    fetch(`${urlOf(p)}${path}`, {
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
      await fetch(`${urlOf(p)}/api/balance`, { headers: { ...CLIENT_HEADERS, cookie: p.cookie } })
    ).json()) as { data: { userAccountVO: { balance: string } } };
    if (Number(balance.data.userAccountVO.balance) < credited) return fail('the balance does not show the credit');
  };
  const until = Date.now() + Number(args.duration) * 1000;
  const cpuBefore = await cpuTime(servers);
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
  const cpuUsed = (await cpuTime(servers)) - cpuBefore;
  await settle(servers);
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
  let store: Store | undefined;
  // Interrupted (Ctrl-C): the throw-away PostgreSQL and Redis are stopped too, not left running.
  const interrupted = () => {
    void Promise.all(servers.map(stop))
      .then(() => store?.stop())
      .finally(() => {
        rmSync(dir, { recursive: true, force: true });
        process.exit(130);
      });
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    store = await openStore(dir);
    dbWatch = store.watch;
    // As many hello-world processes as server processes: the baseline is the same shape as what is measured.
    const hello: Server[] = [];
    for (let i = 0; i < PROCESSES; i++) hello.push(await start('hello'));
    const apps: Server[] = [];
    for (let i = 0; i < PROCESSES; i++) apps.push(await start('app', join(dir, 'bench.db'), store.env));
    // The naive peer of this store, seeded here, in as many processes as the app.
    const peerFile = join(dir, 'peer.db');
    await seedPeer(peerStore(peerFile, store.env.BENCH_DATABASE_URL), BETTORS);
    const peers: Server[] = [];
    for (let i = 0; i < PROCESSES; i++) peers.push(await start('peer', peerFile, store.env));
    servers.push(...hello, ...apps, ...peers);
    const app = apps[0] as Server;
    const socketCount = Number(args.sockets);
    const socketPlayers = Math.min(100, Math.max(1, Math.ceil(socketCount / 50)));
    console.log('Preparing players, funds and captchas through the real routes ...');
    // Every player is made through the first process; the database (and its sessions) is shared, so each
    // works on every process. Captchas are the exception: each process seals its own, so each process
    // issues its share of every withdrawing player's captchas.
    const captchasEach = Math.ceil(CAPTCHAS_EACH / PROCESSES);
    const prepared = await ask<Prepared>(
      app,
      { op: 'prepare', players: socketPlayers, claimers: CLAIMERS, count: captchasEach },
      'prepared',
    );
    const captchasBy: Prepared['withdrawers'][number]['captchas'][][] = [prepared.withdrawers.map((w) => w.captchas)];
    for (const other of apps.slice(1)) {
      const captchaPlayers = prepared.withdrawers.map((w) => w.player);
      const count = captchaPlayers.length ? captchasEach : 0;
      captchasBy.push(await ask(other, { op: 'captchas', captchaPlayers, count }, 'captchas'));
    }
    const statements =
      STORE === 'postgres' ? await ask<StatementCost[]>(app, { op: 'statements' }, 'statements') : undefined;

    console.log(`Measuring (${args.duration} s each, ${args.connections} connections; load average ${loadAtStart}):`);
    const as = (p: Player) => ({ ...CLIENT_HEADERS, cookie: p.cookie });
    const first = await measure(hello, 'hello-world GET / (first)', { path: '/', accept: () => true });
    const rows: Row[] = [first];
    const run = `${Date.now().toString(36)}`;
    const claimLabel = prepared.claim
      ? `${prepared.claim.method} ${prepared.claim.path} (${prepared.claim.players.length} players)`
      : 'reward claim';
    // The peer's rows, each measured just before the first app row divided by it: its balance read over
    // its accounts in turn, and its bet with a fresh txId over the same accounts in turn (as the app's bet).
    let peerRead = 0;
    const peerBalance = await measure(peers, `naive peer GET /balance/:id (${BETTORS} accounts)`, {
      path: '/balance/1',
      pathOf: () => `/balance/${(++peerRead % BETTORS) + 1}`,
      accept: (e) => 'balance' in e,
      always: ['GET /api/balance (player)', 'GET /api/user/info (player)'].some(runs),
    });
    rows.push(
      await measure(
        apps,
        'GET /api/balance (player)',
        { path: '/api/balance', headers: as(prepared.reader) },
        TARGETS.read,
      ),
    );
    rows.push(
      await measure(
        apps,
        'GET /api/user/info (player)',
        { path: '/api/user/info', headers: as(prepared.reader) },
        TARGETS.read,
      ),
    );
    rows.push(
      await measure(apps, 'GET /api/open/game/fetch (visitor)', {
        path: '/api/open/game/fetch?type=default&page=1&size=20',
        headers: CLIENT_HEADERS,
      }),
    );
    // Player after player, each request with the next unused captcha of its player (sealed by the process
    // it goes to). Each process starts at its own place in the list, so two processes rarely hit one
    // player's account at the same instant.
    const withdrawals = apps.map(() => 0);
    const withdrawers = prepared.withdrawers.length;
    let peerTx = 0;
    const peerBet = await measure(peers, `naive peer POST /bet (${BETTORS} accounts)`, {
      method: 'POST',
      path: '/bet',
      body: () => {
        peerTx += 1;
        return { userId: (peerTx % BETTORS) + 1, txId: `p${run}-${peerTx}`, amount: PEER_STAKE };
      },
      accept: (e) => 'balance' in e,
      always: [
        `POST /api/withdraw/create (${WITHDRAWERS} players)`,
        `POST /api/provider/wallet/bet (${BETTORS} players)`,
        claimLabel,
      ].some(runs),
    });
    rows.push(
      await measure(
        apps,
        `POST /api/withdraw/create (${WITHDRAWERS} players)`,
        {
          method: 'POST',
          path: '/api/withdraw/create',
          signedIn: (at) => {
            const n = (withdrawals[at] as number) + 1;
            withdrawals[at] = n;
            const k = (n + Math.floor((at * withdrawers) / PROCESSES)) % withdrawers;
            const w = prepared.withdrawers[k] as Prepared['withdrawers'][number];
            const captcha = captchasBy[at]?.[k]?.[Math.floor(n / withdrawers) % captchasEach];
            return { headers: as(w.player), body: { amount: 100, password: TRADE_PASSWORD, captcha } };
          },
        },
        TARGETS.write,
      ),
    );
    let tx = 0;
    rows.push(
      await measure(
        apps,
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
          apps,
          claimLabel,
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
        label: claimLabel,
        rps: 0,
        p99: 0,
        failed: 0,
        cpu: 0,
        note: `n/a: none of ${CLAIM_CANDIDATES.length} claim routes is in this build`,
      });
    }
    rows.push(await measureDeposits(apps, prepared.depositors));
    const last = await measure(hello, 'hello-world GET / (last)', { path: '/', accept: () => true });
    rows.push(last);

    const baseline = (first.rps + last.rps) / 2;
    const references = [peerBalance, peerBet];
    // The deposit round trip (three requests, a note instead of a target) has no ratio.
    for (const row of [...rows, ...references])
      if (row.rps > 0 && row.note === undefined) row.ratio = row.rps / baseline;
    // Against the peer: the authenticated reads (a read target) by its read, the money writes by its bet.
    for (const row of [...rows, ...references]) {
      const peer =
        row.target === TARGETS.read || row === peerBalance
          ? peerBalance
          : row.target === TARGETS.write || row === peerBet
            ? peerBet
            : undefined;
      if (peer && peer.rps > 0 && row.rps > 0) row.peerRatio = row.rps / peer.rps;
    }
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
      ...references,
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

    const loadAtEnd = os.loadavg()[0]?.toFixed(2) ?? '?';
    const sections =
      STORE === 'postgres'
        ? [
            httpTable(ordered),
            statementTable(statements ?? []),
            `Sockets, on the first process: ${socketTable(sockets, socketError)}`,
          ].join('\n\n')
        : [httpTable(ordered), socketTable(sockets, socketError), clientFigures()].join('\n\n');
    console.log(`\n${sections}\n\nLoad average ${loadAtStart} at the start, ${loadAtEnd} at the end.`);
    // A partial run is for development: the page keeps the last full run.
    if (!args.only)
      console.log(
        `Written to ${STORE === 'postgres' ? writePostgresReport(sections, store.describe, loadAtEnd) : writeReport(sections)}`,
      );
    const failed =
      [...rows, ...references].reduce((sum, r) => sum + r.failed, 0) +
      (sockets ? sockets.failed + sockets.lost : runs('sockets') ? 1 : 0);
    if (failed > 0) {
      console.error(`${failed} requests, connections or pushes failed`);
      return 1;
    }
    return 0;
  } finally {
    await Promise.all(servers.map(stop));
    await store?.stop();
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
