/**
 * npm run test:chaos [-- --outage 45 --keep]
 *
 * The cluster under the faults of issue 26, for real: a durable PostgreSQL and a Redis of its own, two
 * server processes on them (as `npm run stack` runs them, TRUST_PROXY so each player has an address of
 * their own), called over HTTP. Seven phases, each printing one line with its figures:
 *
 *  1. setup: PostgreSQL, Redis, the two processes, the players (funded through the operator API);
 *  2. PostgreSQL stopped `--outage` seconds (45) under a steady mixed load (balance reads, provider bets
 *     and wins, deposits and their signed gateway callbacks) spread over both processes, then started
 *     again: meanwhile every answer is a success, a business refusal or HTTP 503 + Retry-After + code
 *     10010, /health stays 200 and /ready says 503; within 30 s of the restart both /ready are 200 and
 *     every kind of load succeeds again;
 *  3. Redis stopped 4 s under the same load and started again on its port, empty: /ready says 503
 *     meanwhile (broker down), both are ready again afterwards and the load succeeds again;
 *  4. a logout on process A while Redis is down (its pub/sub message cannot travel), then the same with
 *     an operator's "end every session" and a suspension: process B refuses the old session within
 *     CLUSTER_SESSION_TRUST_MS + 1 s of the answer (measured and printed);
 *  5. 25 parallel wrong passwords for one account, from 25 addresses, split over both processes: exactly
 *     5 are checked (LOGIN_FAILED), the rest refused ACCOUNT_LOCKED, and the right password is then
 *     refused on both;
 *  6. 200 concurrent withdrawals of one account split over both processes, amounts such that only some
 *     fit: every answer a success or INSUFFICIENT_BALANCE, the balance exactly the start minus the
 *     successes, every refused amount more than what is left, the orders stored exactly the successes;
 *  7. both processes still running and ready; stopped; the database opened directly: every operation
 *     answered success stored exactly once, the ledger whole.
 *
 * At any time: no HTTP 5xx but 503 (and a 503 only during an outage, with code 10010 and Retry-After),
 * no request left without an answer (a refused connection means a process is down), /health 200 on both
 * every second. Exits 1 on any violation. `--keep` leaves the folder (the servers' error logs, the
 * PostgreSQL cluster) and prints where.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { md5 } from 'js-md5';
import { adHoc, sql } from '../server/src/db/builder';
import { openPostgres } from '../server/src/db/postgres/open';
import { ledgerProblems, ledgerTotals } from '../server/src/domains/ledger/whole';
import { signFields } from '../server/src/lib/signature';
import { CLUSTER_SESSION_TRUST_MS } from '../server/src/plugins/session.service';
import { CLIENT_HEADERS, nextIp } from '../server/src/test/world';
import { Code } from '../shared/codes';
import { type AnsweredOps, noAnswers, storedOnceProblems } from './lib/answered';
import {
  type Answer,
  type Caller,
  type CallOptions,
  fund,
  makeWithdrawReady,
  must,
  newPlayer,
  type Player,
  providerSession,
  signed,
  solvedCaptcha,
  TRADE_PASSWORD,
} from './lib/caller';
import { type LocalPostgres, startPostgres } from './lib/postgres.mjs';
import { type LocalRedis, startRedis } from './lib/redis.mjs';
import { freePort, type ServerProcess, serverProcess, sleep } from './lib/server-process';

const { values: args } = parseArgs({
  options: {
    outage: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});

const OUTAGE_MS = Number(args.outage ?? 45) * 1000;
/** After an outage ends, both processes ready again and every kind of load succeeding within this. */
const RECOVERY_MS = 30_000;
/** How long Redis stays away in phase 3. */
const REDIS_DOWN_MS = 4_000;
/** A session ended on one process is refused on every other within this of the answer (issue 26). */
const SESSION_BOUND_MS = CLUSTER_SESSION_TRUST_MS + 1_000;
/** Wrong passwords per account before the lock-out (LOGIN_FAILURES_PER_ACCOUNT, domains/user/service.ts). */
const LOCKOUT = 5;
const GUESSES = 25;
const WITHDRAWALS = 200;
/** A request still without an answer after this is a violation (the process hangs). */
const ANSWER_WITHIN_MS = 30_000;
/** A 503 sent up to this long after an outage ended (in flight when the engine came back) is allowed. */
const OUTAGE_SLACK_MS = 1_000;

const dir = mkdtempSync(join(os.tmpdir(), 'casino-chaos-'));
// As root the PostgreSQL server runs as the postgres user, who must reach the cluster folder inside.
chmodSync(dir, 0o755);
const secrets = {
  ADMIN_TOKEN: randomBytes(24).toString('hex'),
  PAYMENT_SECRET: randomBytes(32).toString('hex'),
  PROVIDER_SECRET: randomBytes(32).toString('hex'),
};

let pg: LocalPostgres | undefined;
let pgRunning = false;
let redis: LocalRedis | undefined;
/** A Redis being started again in the background (phase 4), stopped at the end if the run fails meanwhile. */
let redisStarting: Promise<LocalRedis> | undefined;
let redisPort = 0;
let databaseUrl = '';
const servers: ServerProcess[] = [];
const logFiles: string[] = [];

// ----------------------------------------------------------------------------------------------- every answer heard

interface Heard {
  sentAt: number;
  at: number;
  server: number;
  what: string;
  status: number;
  code: number;
  retryAfter: string | null;
}
/** Every answer of the run, in the order heard. */
const heard: Heard[] = [];
/** Requests that got no answer (refused connection, reset, time-out): a process down or hanging. */
const unanswered: { at: number; server: number; what: string; why: string }[] = [];

/** PostgreSQL or Redis away, from the stop until both processes were ready again. */
const outages: { kind: string; from: number; to: number }[] = [];
const inOutage = (h: Heard) => outages.some((o) => h.at >= o.from && h.sentAt <= o.to + OUTAGE_SLACK_MS);

const envelopeOf = (text: string): Answer['body'] => {
  try {
    const parsed = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && 'success' in parsed) return parsed;
  } catch {}
  return { success: false, code: -1, msg: text.slice(0, 200), data: null };
};
const sidOf = (lines: string[]) => lines.map((line) => /^sid=([^;]+)/.exec(line)?.[1]).find(Boolean);
const routeOf = (method: string, url: string) => `${method} ${(url.split('?')[0] ?? '').replace(/\d+/g, 'N')}`;
const whyNot = (error: unknown) => {
  const e = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  return e.cause?.code ?? e.cause?.message ?? (e.name === 'TimeoutError' ? 'no answer in 30 s' : (e.message ?? '?'));
};

/**
 * Calls server `index` over HTTP as the world's callers do (the client's headers, the session cookie, the
 * operator token), the player's address in X-Forwarded-For (TRUST_PROXY), and records the answer.
 */
function on(index: number): Caller {
  return async (method: string, url: string, options: CallOptions = {}) => {
    const server = servers[index] as ServerProcess;
    const form = typeof options.body === 'string';
    const headers: Record<string, string> = {
      ...CLIENT_HEADERS,
      ...(options.body !== undefined
        ? { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' }
        : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.ops ? { authorization: `Bearer ${secrets.ADMIN_TOKEN}` } : {}),
      ...(options.ip ? { 'x-forwarded-for': options.ip } : {}),
      ...options.headers,
    };
    const what = routeOf(method, url);
    const sentAt = Date.now();
    try {
      const response = await fetch(`${server.base}${url}`, {
        method,
        headers,
        signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
        ...(options.body !== undefined ? { body: form ? (options.body as string) : JSON.stringify(options.body) } : {}),
      });
      const body = envelopeOf(await response.text());
      heard.push({
        sentAt,
        at: Date.now(),
        server: index,
        what,
        status: response.status,
        code: body.code,
        retryAfter: response.headers.get('retry-after'),
      });
      return { status: response.status, body, sid: sidOf(response.headers.getSetCookie()) } as never;
    } catch (error) {
      unanswered.push({ at: Date.now(), server: index, what, why: whyNot(error) });
      throw error;
    }
  };
}
let turn = 0;
/** The load's calls: to the two processes in turn. */
const call: Caller = (method, url, options) => on(turn++ % servers.length)(method, url, options);

/** The answers of [from, to] that break "no 5xx but 503 during an outage, with 10010 and Retry-After". */
function tally(from: number, to: number) {
  const mine = heard.filter((h) => h.at >= from && h.at <= to);
  const bad = new Map<string, number>();
  const count = (what: string) => bad.set(what, (bad.get(what) ?? 0) + 1);
  let unavailable = 0;
  for (const h of mine) {
    if (h.status === 503) {
      unavailable += 1;
      if (h.code !== Code.SERVICE_UNAVAILABLE) count(`503 with code ${h.code} on ${h.what}`);
      else if (!h.retryAfter) count(`503 without Retry-After on ${h.what}`);
      else if (!inOutage(h)) count(`503 outside an outage on ${h.what}`);
    } else if (h.status >= 500) count(`HTTP ${h.status} code ${h.code} on ${h.what} (server ${h.server + 1})`);
  }
  for (const u of unanswered.filter((x) => x.at >= from && x.at <= to))
    count(`no answer (${u.why}) on ${u.what} (server ${u.server + 1})`);
  const problems = [...bad].map(([what, n]) => `${n} × ${what}`);
  const ok = mine.filter((h) => h.status === 200 && h.code === Code.OK).length;
  return { answers: mine.length, ok, unavailable, problems };
}

// ----------------------------------------------------------------------------------------------- probes

/** Both processes answer /ready 200: the moment they did, or undefined after `withinMs`. */
async function bothReady(withinMs: number): Promise<number | undefined> {
  const deadline = Date.now() + withinMs;
  const ready = servers.map(() => false);
  while (Date.now() < deadline) {
    await Promise.all(
      servers.map(async (_, i) => {
        if (ready[i]) return;
        const answer = await on(i)('GET', '/ready').catch(() => undefined);
        ready[i] = answer?.status === 200;
      }),
    );
    if (ready.every(Boolean)) return Date.now();
    await sleep(200);
  }
  return undefined;
}

/** /ready of each process now: its status and what it says of the database and the broker. */
async function readiness() {
  return Promise.all(
    servers.map(async (_, i) => {
      const answer = await on(i)<{ database?: string; broker?: string }>('GET', '/ready').catch(() => undefined);
      return { status: answer?.status ?? 0, data: answer?.body.data ?? {} };
    }),
  );
}

/** Every second, /health on both: the liveness of the whole run. */
const liveness = { probes: 0, failures: [] as string[] };
let watching = true;
let watcher: Promise<void> | undefined;
async function watchLiveness() {
  while (watching) {
    await Promise.all(
      servers.map(async (server, i) => {
        liveness.probes += 1;
        if (!server.running) {
          liveness.failures.push(`server ${i + 1} exited`);
          return;
        }
        const answer = await on(i)('GET', '/health').catch(() => undefined);
        if (answer?.status !== 200) liveness.failures.push(`server ${i + 1} /health ${answer?.status ?? 'no answer'}`);
      }),
    );
    await sleep(1000);
  }
}

// ----------------------------------------------------------------------------------------------- the load

const answered: AnsweredOps = noAnswers();
const loadCounts = {
  balance: { ok: 0, unavailable: 0, last: 0 },
  bet: { ok: 0, unavailable: 0, last: 0 },
  deposit: { ok: 0, unavailable: 0, last: 0 },
};
type Kind = keyof typeof loadCounts;
let loading = false;

/** One call of the load: its answer, or undefined when none came (recorded as a violation by `on`). */
async function attempt<T>(kind: Kind, work: () => Promise<Answer<T>>): Promise<Answer<T> | undefined> {
  try {
    const answer = await work();
    const counts = loadCounts[kind];
    if (answer.body.success) {
      counts.ok += 1;
      counts.last = Date.now();
    } else if (answer.status === 503) counts.unavailable += 1;
    return answer;
  } catch {
    await sleep(200);
    return undefined;
  }
}
/** After a failed call: a short wait (the Retry-After of 5 s would thin the load out too much). */
const pause = (answer: Answer | undefined) => sleep(answer?.body.success ? 25 : 200);

async function balanceReader(p: Player) {
  while (loading) {
    const read = await attempt('balance', () => call('GET', '/api/balance', { cookie: p.cookie, ip: p.ip }));
    await pause(read);
  }
}

async function depositor(p: Player) {
  while (loading) {
    const amount = 100 + Math.floor(Math.random() * 900);
    const built = await attempt('deposit', () =>
      call<{ orderNo: string }>('POST', '/api/recharge/build', {
        cookie: p.cookie,
        ip: p.ip,
        body: { channel: 'gcash', amount },
      }),
    );
    if (!built?.body.success) {
      await pause(built);
      continue;
    }
    const orderNo = built.body.data.orderNo;
    const fields = {
      orderNo,
      amount: amount.toFixed(2),
      status: 'SUCCESS',
      gatewayRef: `G${orderNo}`,
      timestamp: new Date().toISOString(),
    };
    const body = { ...fields, signature: signFields(fields, secrets.PAYMENT_SECRET) };
    // The gateway sends the callback again until it is answered success, as a real one does.
    while (loading) {
      const settled = await attempt('deposit', () => call('POST', '/api/payment/callback', { body }));
      if (settled?.body.success) {
        answered.depositsPaid.add(orderNo);
        break;
      }
      await pause(settled);
    }
    await sleep(25);
  }
}

/**
 * A player's provider bets and wins, each sent again with the same transaction id until answered (a
 * provider retries a call it got no answer or a 503 for): idempotency across the outage.
 */
async function bettor(p: Player, tag: string) {
  let session = '';
  let n = 0;
  while (loading) {
    if (!session) {
      session = await providerSession(call, p, secrets.PROVIDER_SECRET).catch(() => '');
      if (!session) {
        await sleep(200);
        continue;
      }
    }
    n += 1;
    const roundId = `xr${tag}-${n}`;
    const bet = { sessionToken: session, transactionId: `xb${tag}-${n}`, roundId, amount: '1.00' };
    let placed: Answer | undefined;
    while (loading) {
      placed = await attempt('bet', () =>
        call('POST', '/api/provider/wallet/bet', { body: signed(bet, secrets.PROVIDER_SECRET) }),
      );
      if (placed?.body.success || (placed && placed.status < 500)) break;
      await pause(placed);
    }
    if (!placed?.body.success) {
      if (placed?.body.code === Code.SESSION_INVALID || placed?.body.code === Code.GAME_TOKEN_EXPIRED) session = '';
      await pause(placed);
      continue;
    }
    answered.bets.set(bet.transactionId, { roundId, amount: 100 });
    const won = n % 3;
    const win = { transactionId: `xw${tag}-${n}`, roundId, amount: `${won}.00`, result: 'chaos test' };
    while (loading) {
      const paid = await attempt('bet', () =>
        call('POST', '/api/provider/wallet/win', { body: signed(win, secrets.PROVIDER_SECRET) }),
      );
      if (paid?.body.success) {
        answered.wins.set(win.transactionId, { roundId, amount: won * 100 });
        break;
      }
      if (paid && paid.status < 500) break;
      await pause(paid);
    }
    await sleep(25);
  }
}

/** Waits until every kind of load has succeeded after `since`: the moment it had, or undefined. */
async function loadSucceedsAfter(since: number, withinMs: number): Promise<number | undefined> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (Object.values(loadCounts).every((c) => c.last > since)) return Date.now();
    await sleep(100);
  }
  return undefined;
}

const snapshot = () =>
  Object.fromEntries(Object.entries(loadCounts).map(([k, c]) => [k, { ...c }])) as typeof loadCounts;
const loadFigures = (before: typeof loadCounts) =>
  (Object.keys(loadCounts) as Kind[])
    .map((k) => `${k} ${loadCounts[k].ok - before[k].ok} ok/${loadCounts[k].unavailable - before[k].unavailable} × 503`)
    .join(', ');

// ----------------------------------------------------------------------------------------------- phases

interface PhaseResult {
  name: string;
  line: string;
  problems: string[];
}
const results: PhaseResult[] = [];
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Where the last phase's answers ended: each answer of the run is tallied by exactly one phase. */
let since = 0;

function report(name: string, line: string, problems: string[]) {
  const answers = tally(since, Date.now());
  since = Date.now();
  const all = [...answers.problems, ...problems];
  results.push({ name, line, problems: all });
  const verdict = all.length ? 'FAIL' : 'PASS';
  console.log(`${verdict} ${name}: ${line}; ${answers.answers} answers, ${answers.unavailable} × 503`);
  for (const problem of all.slice(0, 12)) console.log(`     ✗ ${problem}`);
  if (all.length > 12) console.log(`     ... and ${all.length - 12} more`);
}

interface Players {
  readers: Player[];
  depositor: Player;
  bettors: Player[];
}

async function setup(): Promise<Players> {
  const from = Date.now();
  // Durable settings (fsync, synchronous commit), as production and the stack run it.
  pg = await startPostgres({ dir: join(dir, 'postgres'), port: await freePort(), fast: false });
  pgRunning = true;
  pg.createDatabase('chaos');
  databaseUrl = pg.urlOf('chaos');
  redis = await startRedis();
  redisPort = redis.port;
  const env = {
    ...secrets,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url,
    NODE_ENV: 'production',
    TRUST_PROXY: '127.0.0.1',
    REQUEST_LOG: 'false',
    // The servers' errors (a 500's cause) land in their log files.
    LOG_LEVEL: 'error',
  };
  for (let i = 0; i < 2; i++) {
    logFiles.push(join(dir, `server-${i + 1}.log`));
    servers.push(
      serverProcess(await freePort(), { ...env, PROCESS_NAME: `server-${i + 1}` }, { logFile: logFiles[i] as string }),
    );
  }
  // One after the other: the first migrates and seeds the database alone (as `npm run stack` starts them).
  for (const server of servers) await server.start();
  const a = on(0);
  const b = on(1);
  const depositor = await newPlayer(a, 'xdep');
  const bettors = [await newPlayer(b, 'xbet'), await newPlayer(a, 'xbet')];
  for (const [i, bettor] of bettors.entries()) await fund(i % 2 ? a : b, bettor.uid, 100_000);
  const ready = await bothReady(5_000);
  report(
    'phase 1 setup',
    `PostgreSQL (durable) in ${pg.dir}, Redis ${redis.url}, servers ${servers.map((s) => s.port).join(' and ')}, ${bettors.length + 1} players funded in ${seconds(Date.now() - from)}`,
    ready ? [] : ['the processes were not ready after start'],
  );
  return { readers: [depositor, ...bettors], depositor, bettors };
}

async function postgresOutage(): Promise<void> {
  const before = snapshot();
  await sleep(3_000);
  const problems: string[] = [];
  if (!Object.values(loadCounts).every((c) => c.ok > 0)) problems.push('the load did not get going before the stop');

  const outage = { kind: 'PostgreSQL', from: Date.now(), to: Number.POSITIVE_INFINITY };
  outages.push(outage);
  const atStop = snapshot();
  await (pg as LocalPostgres).stop();
  pgRunning = false;
  const stoppedAt = Date.now();
  // During: liveness stays (watched every second), readiness says the database is away.
  await sleep(Math.min(5_000, OUTAGE_MS / 2));
  const during = await readiness();
  for (const [i, r] of during.entries())
    if (r.status !== 503 || r.data.database !== 'down')
      problems.push(`server ${i + 1} /ready during the outage: ${r.status} ${JSON.stringify(r.data)}`);
  await sleep(Math.max(0, OUTAGE_MS - (Date.now() - stoppedAt)));
  const down = Date.now() - stoppedAt;
  const unavailableDuring = (Object.keys(loadCounts) as Kind[]).reduce(
    (n, k) => n + loadCounts[k].unavailable - atStop[k].unavailable,
    0,
  );
  if (unavailableDuring === 0) problems.push('no call of the load was answered 503 during the outage');
  const okDuring = (Object.keys(loadCounts) as Kind[]).reduce((n, k) => n + loadCounts[k].ok - atStop[k].ok, 0);

  await (pg as LocalPostgres).start();
  pgRunning = true;
  const startedAt = Date.now();
  const readyAt = await bothReady(RECOVERY_MS);
  outage.to = readyAt ?? Date.now();
  if (!readyAt) problems.push(`/ready not 200 on both within ${seconds(RECOVERY_MS)} of the restart`);
  const servingAt = await loadSucceedsAfter(startedAt, RECOVERY_MS);
  if (!servingAt)
    problems.push(
      `not every kind of load succeeded within ${seconds(RECOVERY_MS)} of the restart: ${JSON.stringify(loadCounts)}`,
    );
  await sleep(2_000);
  report(
    'phase 2 PostgreSQL stopped under load',
    `down ${seconds(down)}; during it ${unavailableDuring} load calls answered 503 and ${okDuring} success, /ready ${during.map((r) => r.status).join('/')}; ready on both ${readyAt ? seconds(readyAt - startedAt) : 'never'} and all load succeeding ${servingAt ? seconds(servingAt - startedAt) : 'never'} after the restart; load: ${loadFigures(before)}`,
    problems,
  );
}

async function redisRestart(): Promise<void> {
  const before = snapshot();
  const problems: string[] = [];
  await sleep(1_000);
  const outage = { kind: 'Redis', from: Date.now(), to: Number.POSITIVE_INFINITY };
  outages.push(outage);
  const atStop = snapshot();
  await (redis as LocalRedis).stop();
  redis = undefined;
  const stoppedAt = Date.now();
  await sleep(REDIS_DOWN_MS / 2);
  const during = await readiness();
  for (const [i, r] of during.entries())
    if (r.status !== 503 || r.data.broker !== 'down')
      problems.push(`server ${i + 1} /ready while Redis was down: ${r.status} ${JSON.stringify(r.data)}`);
  await sleep(Math.max(0, REDIS_DOWN_MS - (Date.now() - stoppedAt)));
  const okDuring = (Object.keys(loadCounts) as Kind[]).reduce((n, k) => n + loadCounts[k].ok - atStop[k].ok, 0);
  redis = await startRedis({ port: redisPort });
  const startedAt = Date.now();
  const down = startedAt - stoppedAt;
  const readyAt = await bothReady(RECOVERY_MS);
  outage.to = readyAt ?? Date.now();
  if (!readyAt) problems.push(`/ready not 200 on both within ${seconds(RECOVERY_MS)} of Redis's restart`);
  const servingAt = await loadSucceedsAfter(startedAt, RECOVERY_MS);
  if (!servingAt) problems.push(`not every kind of load succeeded within ${seconds(RECOVERY_MS)} of the restart`);
  await sleep(1_000);
  report(
    'phase 3 Redis restarted under load',
    `down ${seconds(down)} (restarted empty on port ${redisPort}); ${okDuring} load calls answered success meanwhile, /ready ${during.map((r) => r.status).join('/')}; ready on both ${readyAt ? seconds(readyAt - startedAt) : 'never'} after; load: ${loadFigures(before)}`,
    problems,
  );
}

/**
 * A session ended on process A while Redis is down, B polled with the old cookie every 50 ms from the
 * moment A answered (Redis started again half a second in): the time until B refuses it.
 */
async function endDuringBlip(
  label: string,
  end: (p: Player) => Promise<Answer>,
  refusals: number[],
): Promise<{ label: string; ms?: number; problems: string[] }> {
  const [a, b] = [on(0), on(1)];
  const problems: string[] = [];
  const p = await newPlayer(a, 'xses');
  // Warm the session on both: each now trusts its cached copy for up to CLUSTER_SESSION_TRUST_MS.
  await must(a('GET', '/api/user/info', { cookie: p.cookie, ip: p.ip }), 'user info on A');
  await must(b('GET', '/api/user/info', { cookie: p.cookie, ip: p.ip }), 'user info on B');
  const outage = { kind: 'Redis', from: Date.now(), to: Number.POSITIVE_INFINITY };
  outages.push(outage);
  await (redis as LocalRedis).stop();
  redis = undefined;
  await must(b('GET', '/api/user/info', { cookie: p.cookie, ip: p.ip }), 'user info on B, Redis down');
  const ended = await end(p);
  const endedAt = Date.now();
  if (!ended.body.success) problems.push(`${label} on A answered ${ended.status} ${ended.body.code}`);
  redisStarting = sleep(500).then(() => startRedis({ port: redisPort }));
  let ms: number | undefined;
  while (Date.now() - endedAt < SESSION_BOUND_MS + 3_000) {
    const seen = await b('GET', '/api/user/info', { cookie: p.cookie, ip: p.ip });
    if (refusals.includes(seen.body.code)) {
      ms = Date.now() - endedAt;
      break;
    }
    if (!seen.body.success) {
      problems.push(`B answered ${seen.status} ${seen.body.code} to the old session`);
      break;
    }
    await sleep(50);
  }
  redis = await redisStarting;
  redisStarting = undefined;
  if (ms === undefined)
    problems.push(`B still served the session ${seconds(SESSION_BOUND_MS + 3_000)} after the ${label}`);
  else if (ms > SESSION_BOUND_MS) problems.push(`B refused the session only ${ms} ms after the ${label}`);
  // Refused everywhere, and for good.
  for (const [name, caller] of [
    ['A', a],
    ['B', b],
  ] as const) {
    const again = await caller('GET', '/api/balance', { cookie: p.cookie, ip: p.ip });
    if (!refusals.includes(again.body.code)) problems.push(`${name} answered ${again.body.code} to the ended session`);
  }
  outage.to = (await bothReady(RECOVERY_MS)) ?? Date.now();
  return { label, ms, problems };
}

async function sessionsDuringBlips(): Promise<void> {
  const a = on(0);
  const ended = [
    await endDuringBlip('logout', (p) => a('POST', '/api/user/logout', { cookie: p.cookie, ip: p.ip, body: {} }), [
      Code.SESSION_INVALID,
    ]),
    await endDuringBlip(
      "operator's end-all",
      (p) => a('POST', `/ops/users/${p.uid}/sessions/revoke`, { ops: true, body: {} }),
      [Code.SESSION_INVALID],
    ),
    await endDuringBlip(
      'suspension',
      (p) => a('POST', `/ops/users/${p.uid}/status`, { ops: true, body: { status: 'suspended', reason: 'chaos' } }),
      [Code.SESSION_INVALID, Code.ACCOUNT_SUSPENDED],
    ),
  ];
  report(
    'phase 4 sessions ended during a Redis blip',
    `refused on the other process ${ended.map((e) => `${e.ms ?? '—'} ms after the ${e.label}`).join(', ')} (bound ${SESSION_BOUND_MS} ms: CLUSTER_SESSION_TRUST_MS ${CLUSTER_SESSION_TRUST_MS} + 1 s)`,
    ended.flatMap((e) => e.problems.map((p) => `${e.label}: ${p}`)),
  );
}

async function passwordGuesses(): Promise<void> {
  const target = await newPlayer(on(1), 'xgss');
  const wrong = md5('not-the-password');
  const answers = await Promise.all(
    Array.from({ length: GUESSES }, (_, i) =>
      on(i % 2)('POST', '/api/user/login', { ip: nextIp(), body: { username: target.username, password: wrong } }),
    ),
  );
  /** Per code, how many each process answered. */
  const byCode = new Map<number, [number, number]>();
  answers.forEach((x, i) => {
    const [first, second] = byCode.get(x.body.code) ?? [0, 0];
    byCode.set(x.body.code, i % 2 === 0 ? [first + 1, second] : [first, second + 1]);
  });
  const n = (code: number) => (byCode.get(code) ?? [0, 0]).reduce((s, x) => s + x, 0);
  const problems: string[] = [];
  if (n(Code.LOGIN_FAILED) !== LOCKOUT)
    problems.push(`${n(Code.LOGIN_FAILED)} guesses checked (LOGIN_FAILED), not ${LOCKOUT}`);
  if (n(Code.ACCOUNT_LOCKED) !== GUESSES - LOCKOUT)
    problems.push(`${n(Code.ACCOUNT_LOCKED)} ACCOUNT_LOCKED, not ${GUESSES - LOCKOUT}`);
  const other = [...byCode.keys()].filter((c) => c !== Code.LOGIN_FAILED && c !== Code.ACCOUNT_LOCKED);
  for (const code of other) problems.push(`${n(code)} answered code ${code}`);
  // Locked everywhere: the right password is refused on both processes now.
  const right = await Promise.all(
    [0, 1].map((i) =>
      on(i)('POST', '/api/user/login', {
        ip: nextIp(),
        body: { username: target.username, password: md5(target.password) },
      }),
    ),
  );
  right.forEach((x, i) => {
    if (x.body.code !== Code.ACCOUNT_LOCKED)
      problems.push(`the right password on server ${i + 1} answered ${x.body.code}, not ACCOUNT_LOCKED`);
  });
  const split = (code: number) => (byCode.get(code) ?? [0, 0]).join(' + ');
  report(
    'phase 5 parallel password guesses',
    `${GUESSES} wrong passwords from ${GUESSES} addresses over both processes: ${n(Code.LOGIN_FAILED)} checked (LOGIN_FAILED, ${split(Code.LOGIN_FAILED)} per process), ${n(Code.ACCOUNT_LOCKED)} ACCOUNT_LOCKED (${split(Code.ACCOUNT_LOCKED)})${other.length ? `, other codes ${other.join(', ')}` : ''}; the right password then ${right.map((x) => x.body.code).join('/')}`,
    problems,
  );
}

const centavos = (pesos: number) => Math.round(pesos * 100);
type BalanceData = { userAccountVO: { balance: number; allAmount: number } };

/** Phase 6: the withdrawer's uid and the orders and amount the phase expects stored. */
const withdrawCheck = { uid: 0, orders: 0, frozen: 0 };

async function concurrentWithdrawals(): Promise<void> {
  const [a, b] = [on(0), on(1)];
  const either = (i: number) => (i % 2 === 0 ? a : b);
  const problems: string[] = [];
  const p = await newPlayer(a, 'xwd');
  await makeWithdrawReady(a, p);
  // High limits, so that the balance is what binds (VIP 0 by default: 3 a day).
  await must(
    b('POST', '/ops/withdraw-limits/0', { ops: true, body: { dailyAmount: 10_000_000, dailyCount: 1_000 } }),
    'withdraw limits',
  );
  // 200 withdrawals of one player at once: the balance decides, not the SMS code (a code confirms one
  // withdrawal; its races are in server/src/domains/withdraw/sms-code.test.ts): turned off, as an operator can.
  await must(b('POST', '/ops/withdraw-settings', { ops: true, body: { smsCode: false } }), 'sms code off');
  await fund(b, p.uid, 10_000.5);
  // One withdrawal on each process first: each then remembers the session's argon2 check, so the 200 below
  // meet in the group commits of both processes at once rather than behind 200 argon2 checks.
  for (const caller of [a, b]) {
    const first = await must(
      caller<{ orderNo: string }>('POST', '/api/withdraw/create', {
        cookie: p.cookie,
        ip: p.ip,
        body: { amount: 100, password: TRADE_PASSWORD, captcha: await solvedCaptcha(caller, p) },
      }),
      'first withdrawal',
    );
    answered.withdrawals.add(first.body.data.orderNo);
  }
  const start = (await must(a<BalanceData>('GET', '/api/balance', { cookie: p.cookie, ip: p.ip }), 'balance')).body.data
    .userAccountVO;
  // Each captcha issued by the other process than the one its withdrawal goes to (one cluster key).
  const captchas = await Promise.all(Array.from({ length: WITHDRAWALS }, (_, i) => solvedCaptcha(either(i + 1), p)));
  // 100 to 300 pesos with centavos: about 50 of the 200 fit the 9,800.50 left.
  const amounts = Array.from({ length: WITHDRAWALS }, (_, i) => 100 + (i % 5) * 50 + (i % 4) * 0.25);
  const sent = Date.now();
  const answers = await Promise.all(
    captchas.map((captcha, i) =>
      either(i)<{ orderNo: string }>('POST', '/api/withdraw/create', {
        cookie: p.cookie,
        ip: p.ip,
        body: { amount: amounts[i], password: TRADE_PASSWORD, captcha },
      }).catch(() => undefined),
    ),
  );
  const tookMs = Date.now() - sent;
  const after = (await must(a<BalanceData>('GET', '/api/balance', { cookie: p.cookie, ip: p.ip }), 'balance')).body.data
    .userAccountVO;
  let succeeded = 0;
  let taken = 0;
  const refusedAmounts: number[] = [];
  const codes = new Map<string, number>();
  answers.forEach((x, i) => {
    const amount = centavos(amounts[i] as number);
    if (x?.body.success) {
      succeeded += 1;
      taken += amount;
      answered.withdrawals.add(x.body.data.orderNo);
      return;
    }
    const what = x ? `${x.status} ${x.body.code}` : 'no answer';
    codes.set(what, (codes.get(what) ?? 0) + 1);
    if (x?.body.code === Code.INSUFFICIENT_BALANCE) refusedAmounts.push(amount);
  });
  for (const [what, n] of codes)
    if (what !== `200 ${Code.INSUFFICIENT_BALANCE}`) problems.push(`${n} withdrawals answered ${what}`);
  if (succeeded === 0) problems.push('no withdrawal succeeded');
  if (centavos(after.balance) !== centavos(start.balance) - taken)
    problems.push(
      `balance ${after.balance} after, not ${start.balance} - ${(taken / 100).toFixed(2)} = ${((centavos(start.balance) - taken) / 100).toFixed(2)}`,
    );
  if (centavos(after.allAmount) !== centavos(start.allAmount))
    problems.push(`total cash moved from ${start.allAmount} to ${after.allAmount} (only frozen, pending orders)`);
  const fitting = refusedAmounts.filter((x) => x <= centavos(after.balance));
  if (fitting.length)
    problems.push(`${fitting.length} refused INSUFFICIENT_BALANCE although the balance left covers them`);
  // The orders stored: the successes and the two first ones, no more.
  const db = openPostgres(databaseUrl);
  let stored: { n: number; total: number };
  try {
    const orders = sql<{ n: number; total: number }>`SELECT COUNT(*) AS n, COALESCE(SUM(w.amount), 0) AS total
      FROM withdrawals w JOIN users u ON u.id = w.user_id WHERE u.uid = ${p.uid}`;
    stored = (await adHoc(db, orders).get()) ?? { n: 0, total: 0 };
  } finally {
    await db.close();
  }
  if (stored.n !== succeeded + 2) problems.push(`${stored.n} orders stored, ${succeeded + 2} answered`);
  if (stored.total !== taken + 2 * 100_00)
    problems.push(`${stored.total} centavos of orders stored, ${taken + 2 * 100_00} answered`);
  Object.assign(withdrawCheck, { uid: p.uid, orders: succeeded + 2, frozen: taken + 2 * 100_00 });
  report(
    'phase 6 concurrent withdrawals',
    `${WITHDRAWALS} withdrawals of one account over both processes in ${seconds(tookMs)}: ${succeeded} succeeded (${(taken / 100).toFixed(2)} pesos), refused ${[...codes].map(([what, n]) => `${n} × ${what}`).join(', ') || 'none'}; balance ${start.balance} -> ${after.balance}; ${stored.n} orders stored (2 before the burst)`,
    problems,
  );
}

async function theEnd(): Promise<void> {
  const problems: string[] = [];
  watching = false;
  await watcher;
  servers.forEach((s, i) => {
    if (!s.running) problems.push(`server ${i + 1} is not running`);
  });
  const ready = await readiness();
  ready.forEach((r, i) => {
    if (r.status !== 200) problems.push(`server ${i + 1} /ready ${r.status} at the end`);
  });
  problems.push(...liveness.failures.slice(0, 10));
  const endTally = tally(since, Date.now());
  problems.push(...endTally.problems);
  await Promise.all(servers.map((s) => s.stop()));
  const db = openPostgres(databaseUrl);
  let accounts = 0;
  let totals = { money: 0, points: 0 };
  try {
    problems.push(...(await storedOnceProblems(db, answered)));
    problems.push(...(await ledgerProblems(db)));
    totals = await ledgerTotals(db);
    accounts = (await adHoc(db, sql<{ n: number }>`SELECT COUNT(*) AS n FROM accounts`).get())?.n ?? 0;
    const withdrawer = sql<{ frozen: number }>`SELECT a.frozen FROM accounts a
      JOIN users u ON u.id = a.user_id WHERE u.uid = ${withdrawCheck.uid}`;
    const frozen = (await adHoc(db, withdrawer).get())?.frozen;
    if (withdrawCheck.uid && frozen !== withdrawCheck.frozen)
      problems.push(`the withdrawer's frozen ${frozen}, not the ${withdrawCheck.frozen} of the answered orders`);
  } finally {
    await db.close();
  }
  // Every 5xx of the run, once more, over the whole run.
  const whole = tally(0, Number.POSITIVE_INFINITY);
  results.push({ name: 'phase 7 end', line: '', problems });
  const verdict = problems.length ? 'FAIL' : 'PASS';
  console.log(
    `${verdict} phase 7 end: both processes running and /ready ${ready.map((r) => r.status).join('/')} (${endTally.answers} answers); /health probed ${liveness.probes} times over the run, ${liveness.failures.length} failed; stopped; stored once: ${answered.depositsPaid.size} deposits paid, ${answered.bets.size} bets, ${answered.wins.size} wins, ${answered.withdrawals.size} withdrawals; ledger of ${accounts} accounts whole (sum ${totals.money}, points ${totals.points}); whole run: ${whole.answers} answers, ${whole.ok} success, ${whole.unavailable} × 503, ${whole.problems.length} kinds of violation`,
  );
  for (const problem of problems.slice(0, 12)) console.log(`     ✗ ${problem}`);
}

/** The servers' logged errors (a 5xx's cause), each distinct message once with its count. */
function serverErrors(): string[] {
  const seen = new Map<string, number>();
  for (const file of logFiles) {
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!line.startsWith('{')) continue;
      try {
        const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string; code?: string } };
        if ((entry.level ?? 0) < 50) continue;
        const what = `${entry.msg}: ${entry.err?.code ?? ''} ${(entry.err?.message ?? '').slice(0, 140)}`;
        seen.set(what, (seen.get(what) ?? 0) + 1);
      } catch {}
    }
  }
  return [...seen].sort((x, y) => y[1] - x[1]).map(([what, n]) => `${n} × ${what}`);
}

async function main(): Promise<number> {
  const started = Date.now();
  console.log(`Chaos test: PostgreSQL stopped ${seconds(OUTAGE_MS)}, Redis restarted, sessions, guesses, withdrawals`);
  const players = await setup();
  watcher = watchLiveness();
  loading = true;
  const workers = [
    ...players.readers.map((p) => balanceReader(p)),
    depositor(players.depositor),
    depositor(players.depositor),
    ...players.bettors.map((p, i) => bettor(p, `${i}${started % 100_000}`)),
  ];
  try {
    await postgresOutage();
    await redisRestart();
  } finally {
    loading = false;
    await Promise.all(workers);
  }
  await sessionsDuringBlips();
  await passwordGuesses();
  await concurrentWithdrawals();
  await theEnd();

  const failed = results.filter((r) => r.problems.length);
  const errors = serverErrors();
  if (errors.length) console.log(`  the servers logged:\n    ${errors.slice(0, 10).join('\n    ')}`);
  console.log(
    `${failed.length ? 'FAIL' : 'PASS'}: ${results.length - failed.length} of ${results.length} phases passed in ${seconds(Date.now() - started)}${failed.length ? ` (failed: ${failed.map((r) => r.name).join('; ')})` : ''}`,
  );
  return failed.length ? 1 : 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error('FAIL: the chaos test could not go on:', error);
  const errors = serverErrors();
  if (errors.length) console.error(`  the servers logged:\n    ${errors.slice(0, 10).join('\n    ')}`);
  process.exitCode = 1;
} finally {
  loading = false;
  watching = false;
  await Promise.all(servers.map((s) => s.kill()));
  if (redisStarting) redis = await redisStarting.catch(() => undefined);
  await redis?.stop().catch(() => undefined);
  if (pgRunning) await pg?.stop().catch(() => undefined);
  if (args.keep) console.log(`kept: ${dir} (server-N.log, postgres/)`);
  else rmSync(dir, { recursive: true, force: true });
}
