/**
 * npm run test:crash [-- --kills 20 --seed N --claim POST:/api/... --cluster]
 *
 * A real server process on a file database under mixed load (deposits and their signed gateway
 * callbacks, provider bets and wins, withdrawals, reward claims when the build has a claim route), killed
 * with SIGKILL at random moments and started again, at least `--kills` times. Afterwards, with the server
 * stopped, the database is opened directly and checked: every operation answered success is there
 * exactly once, replays moved nothing, the ledger is whole (ledger/whole.ts: every account sums to its
 * journal, every counterparty to its transfers, all accounts to zero), and PRAGMA integrity_check is
 * ok. Prints a summary; exits 1 on any violation.
 *
 * `--cluster` (npm run test:crash:cluster; 10 kills unless told): the same load and checks on the cluster
 * of issue 18: a PostgreSQL of its own with durable settings (fsync on), a Redis, and TWO server
 * processes on them; the load's calls go to the two in turn, each kill takes one of the two at random
 * while the other keeps answering (checked: the survivor answered calls during every kill window).
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { adHoc, sql } from '../server/src/db/builder';
import type { Db } from '../server/src/db/database';
import { openPostgres } from '../server/src/db/postgres/open';
import { serialize } from '../server/src/db/serial';
import { ledgerProblems, ledgerTotals } from '../server/src/domains/ledger/whole';
import { signFields } from '../server/src/lib/signature';
import { Code } from '../shared/codes';
import { noAnswers, storedOnceProblems } from './lib/answered';
import {
  type Caller,
  CLAIM_CANDIDATES,
  fund,
  httpCaller,
  logIn,
  makeWithdrawReady,
  newPlayer,
  type Player,
  providerSession,
  signed,
  solvedCaptcha,
  TRADE_PASSWORD,
  withdrawCode,
} from './lib/caller';
import { startPostgres } from './lib/postgres.mjs';
import { startRedis } from './lib/redis.mjs';
import { freePort, type ServerProcess, serverProcess, sleep } from './lib/server-process';

const { values: args } = parseArgs({
  options: {
    kills: { type: 'string' },
    seed: { type: 'string' },
    claim: { type: 'string' },
    cluster: { type: 'boolean', default: false },
  },
});
const CLUSTER = args.cluster === true;

// A seeded generator, so a failing run can be replayed with --seed.
let seed = Number(args.seed ?? Date.now() % 1_000_000);
const firstSeed = seed;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};

const KILLS = Number(args.kills ?? (CLUSTER ? 10 : 20));
const dir = mkdtempSync(join(os.tmpdir(), 'casino-crash-'));
const secrets = {
  ADMIN_TOKEN: randomBytes(24).toString('hex'),
  PAYMENT_SECRET: randomBytes(32).toString('hex'),
  PROVIDER_SECRET: randomBytes(32).toString('hex'),
};

/** Where the data lives: a SQLite file, or (--cluster) a PostgreSQL database and a Redis of this run. */
interface Store {
  where: string;
  env: Record<string, string>;
  /** The database, opened directly once every server is stopped (the async port over the connection). */
  open(): Db;
  stop(): Promise<void>;
}

async function sqliteStore(): Promise<Store> {
  const dbFile = join(dir, 'crash.db');
  return {
    where: dbFile,
    env: { DB_FILE: dbFile },
    open: () => serialize(new Database(dbFile, { readonly: true })),
    stop: async () => undefined,
  };
}

async function clusterStore(): Promise<Store> {
  // As root the server runs as the postgres user, who must reach the cluster folder inside.
  chmodSync(dir, 0o755);
  // Durable settings (fsync, synchronous commit, full pages): what a SIGKILL must not get around.
  const pg = await startPostgres({ dir: join(dir, 'postgres'), port: await freePort(), fast: false });
  let redis: Awaited<ReturnType<typeof startRedis>> | undefined;
  try {
    pg.createDatabase('crash');
    redis = await startRedis();
  } catch (error) {
    await pg.stop();
    throw error;
  }
  const url: string = pg.urlOf('crash');
  return {
    where: `PostgreSQL (durable) in ${pg.dir}, Redis ${redis.url}`,
    env: { DATABASE_URL: url, REDIS_URL: redis.url },
    open: () => openPostgres(url),
    async stop() {
      await redis?.stop();
      await pg.stop();
    },
  };
}

let store: Store | undefined;
const servers: ServerProcess[] = [];

/** When each server answered calls (any answer, ms since the epoch): the survivors of each kill window. */
const answeredAt: number[][] = [];
let turn = 0;
/** Answers that were not a success, by route, status and code: what the load ran into. */
const refusals = new Map<string, number>();
/** A connection refused: the request reached no server (it is down), so nothing of it happened. */
const refused = (error: unknown) => (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED';
/**
 * The load's calls go to the servers in turn (one server: always to it); a call refused by a server that
 * is down goes to the next one, as the stack's nginx does (`proxy_next_upstream error`).
 */
const call: Caller = async (method, url, options) => {
  const first = turn++;
  for (let tries = 0; ; tries++) {
    const index = (first + tries) % servers.length;
    const server = servers[index] as ServerProcess;
    try {
      const answer = await httpCaller(server.base, secrets.ADMIN_TOKEN)(method, url, options);
      answeredAt[index]?.push(Date.now());
      if (!answer.body.success) {
        const what = `${method} ${url.split('?')[0]?.replace(/\d+/g, 'N')} ${answer.status} ${answer.body.code}`;
        refusals.set(what, (refusals.get(what) ?? 0) + 1);
      }
      return answer as never;
    } catch (error) {
      if (tries + 1 >= servers.length || !refused(error)) throw error;
    }
  }
};
const killAll = () => Promise.all(servers.map((s) => s.kill()));

// ----------------------------------------------------------------------------------------------- the ledger of answers

const answered = {
  ...noAnswers(),
  claims: 0,
  replays: 0,
  refusedOrLost: 0,
};

/** Runs a call; a refused connection (the server is down) is not an answer. */
async function attempt<T>(work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    answered.refusedOrLost += 1;
    const what = `lost: ${(error as Error).message.slice(0, 80)}`;
    refusals.set(what, (refusals.get(what) ?? 0) + 1);
    await sleep(25);
    return undefined;
  }
}

let running = true;

/**
 * The player's own session ended (idle across the clock's moves, which jump 23 hours at once): log in
 * again, as the player would, so the load goes on instead of being refused until the end.
 */
async function logInAgain(p: Player) {
  const again = await attempt(() => logIn(call, p.username, p.password));
  if (again) Object.assign(p, { cookie: again.cookie, ip: again.ip });
  await sleep(50);
}

async function depositWorker(p: Player) {
  while (running) {
    const amount = 100 + Math.floor(random() * 900);
    const built = await attempt(() =>
      call<{ orderNo: string }>('POST', '/api/recharge/build', {
        cookie: p.cookie,
        body: { channel: 'gcash', amount },
      }),
    );
    if (!built?.body.success) {
      if (built?.body.code === Code.SESSION_INVALID) await logInAgain(p);
      else await sleep(20);
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
    // The gateway retries until it gets an answer, as a real one does; every retry must move nothing more.
    for (let tries = 0; tries < 3 && running; tries++) {
      const settled = await attempt(() => call('POST', '/api/payment/callback', { body }));
      if (settled?.body.success) {
        if (answered.depositsPaid.has(orderNo)) answered.replays += 1;
        answered.depositsPaid.add(orderNo);
      }
      if (settled && random() < 0.7) break;
    }
  }
}

/** One player's bets and wins in turn; `tag` keeps two bettors' transaction and round ids apart. */
async function betWorker(p: Player, tag: string) {
  let n = 0;
  let session = '';
  while (running) {
    if (!session) {
      session = (await attempt(() => providerSession(call, p, secrets.PROVIDER_SECRET))) ?? '';
      if (!session) {
        // The player's own session may have gone idle (the clock moves on by 23 hours): log in again.
        await logInAgain(p);
        continue;
      }
    }
    n += 1;
    const roundId = `cr${tag}${firstSeed}-${n}`;
    const bet = { sessionToken: session, transactionId: `cb${tag}${firstSeed}-${n}`, roundId, amount: '1.00' };
    const placed = await attempt(() =>
      call('POST', '/api/provider/wallet/bet', { body: signed(bet, secrets.PROVIDER_SECRET) }),
    );
    if (placed?.body.success) answered.bets.set(bet.transactionId, { roundId, amount: 100 });
    // A clock moved on by the other workers ends game sessions: open a new one.
    else if (placed?.body.code === Code.SESSION_INVALID || placed?.body.code === Code.GAME_TOKEN_EXPIRED) session = '';
    if (!placed?.body.success) continue;
    // Replay the bet: the same answer, no second debit.
    if (random() < 0.3) {
      const again = await attempt(() =>
        call('POST', '/api/provider/wallet/bet', { body: signed(bet, secrets.PROVIDER_SECRET) }),
      );
      if (again?.body.success) answered.replays += 1;
    }
    const won = Math.floor(random() * 3);
    const win = { transactionId: `cw${tag}${firstSeed}-${n}`, roundId, amount: `${won}.00`, result: 'crash test' };
    for (let tries = 0; tries < 3 && running; tries++) {
      const paid = await attempt(() =>
        call('POST', '/api/provider/wallet/win', { body: signed(win, secrets.PROVIDER_SECRET) }),
      );
      if (paid?.body.success) {
        answered.wins.set(win.transactionId, { roundId, amount: won * 100 });
        break;
      }
    }
  }
}

/** The clock moved on to (almost always) the next Manila day, short of the sessions' 24-hour idle limit. */
const NEXT_DAY = { ops: true, body: { advance: '23h' } };

async function withdrawWorker(p: Player) {
  while (running) {
    const captcha = await attempt(() => solvedCaptcha(call, p));
    if (!captcha) {
      // Refused (the session ended: solvedCaptcha throws on any refusal) or lost to a kill.
      await logInAgain(p);
      continue;
    }
    // The withdrawal's SMS code, sent and read from the outbox as a tester would.
    const smsCode = await attempt(() => withdrawCode(call, p));
    if (!smsCode) {
      await logInAgain(p);
      continue;
    }
    const created = await attempt(() =>
      call<{ orderNo: string }>('POST', '/api/withdraw/create', {
        cookie: p.cookie,
        body: { amount: 100, password: TRADE_PASSWORD, captcha, smsCode },
      }),
    );
    if (created?.body.success) answered.withdrawals.add(created.body.data.orderNo);
    // Three a day at VIP 0: a tester moves the clock on, as they would through /ops/clock (23 hours, not a
    // day: a whole day would end every player's session as idle, and the load would stop there).
    if (created?.body.code === Code.WITHDRAW_COUNT) await attempt(() => call('POST', '/ops/clock', NEXT_DAY));
  }
}

async function claimWorker(p: Player, method: string, path: string) {
  while (running) {
    const claimed = await attempt(() => call(method, path, { cookie: p.cookie, body: {} }));
    if (claimed?.body.success) answered.claims += 1;
    if (claimed?.body.code === Code.SESSION_INVALID) {
      await logInAgain(p);
      continue;
    }
    // Claims are once a day (or once): move the day on now and then to make new ones due.
    if (claimed && !claimed.body.success && random() < 0.2) {
      await attempt(() => call('POST', '/ops/clock', NEXT_DAY));
    }
    await sleep(20);
  }
}

// ----------------------------------------------------------------------------------------------- run

async function main(): Promise<number> {
  const started = Date.now();
  store = CLUSTER ? await clusterStore() : await sqliteStore();
  const env = { ...secrets, ...store.env, NODE_ENV: 'production' };
  for (let i = 0; i < (CLUSTER ? 2 : 1); i++) {
    servers.push(serverProcess(await freePort(), env));
    answeredAt.push([]);
  }
  // One after the other: the first migrates and seeds the database alone (as `npm run stack` starts them).
  for (const server of servers) await server.start();
  const depositor = await newPlayer(call, 'cdep');
  // Two bettors: bets are the load's most frequent money movement at a casino, and each bettor waits for a
  // new game session whenever the clock moves on.
  const bettors = [await newPlayer(call, 'cbet'), await newPlayer(call, 'cbet')];
  for (const bettor of bettors) await fund(call, bettor.uid, 100_000);
  const withdrawer = await newPlayer(call, 'cwd');
  await makeWithdrawReady(call, withdrawer);
  await fund(call, withdrawer.uid, 100_000);
  // The OpenAPI document is not an envelope: read it as it is (the caller would make it a refusal).
  const routes = (await (await fetch(`${servers[0]?.base}/api/docs/json`)).json()) as {
    paths?: Record<string, Record<string, unknown>>;
  };
  const claim = (args.claim ? [args.claim] : CLAIM_CANDIDATES)
    .map((c) => c.split(':') as [string, string])
    .find(([method, path]) => routes.paths?.[path]?.[method.toLowerCase()] !== undefined);
  const claimer = claim ? await newPlayer(call, 'cclm') : undefined;

  const workers = [
    depositWorker(depositor),
    depositWorker(depositor),
    ...bettors.map((bettor, i) => betWorker(bettor, i === 0 ? 'a' : 'b')),
    withdrawWorker(withdrawer),
    ...(claim && claimer ? [claimWorker(claimer, claim[0], claim[1])] : []),
  ];

  /** Each kill: which server, from the SIGKILL until it answered again. */
  const windows: { victim: number; from: number; to: number }[] = [];
  for (let kill = 1; kill <= KILLS; kill++) {
    await sleep(200 + Math.floor(random() * 1000));
    const victim = Math.floor(random() * servers.length);
    const server = servers[victim] as ServerProcess;
    const from = Date.now();
    await server.kill();
    process.stdout.write(`\r  SIGKILL ${kill}/${KILLS} (server ${victim + 1}) `);
    await sleep(Math.floor(random() * 200));
    await server.start();
    windows.push({ victim, from, to: Date.now() });
  }
  await sleep(1000);
  running = false;
  await Promise.all(workers);
  await killAll();
  process.stdout.write('\n');

  // ------------------------------------------------------------------------------------- the checks
  const problems: string[] = [];
  // In a cluster, while one server was down the others answered: calls they answered inside each window.
  const survivorAnswers = windows.map(({ victim, from, to }) =>
    answeredAt.reduce((n, times, i) => (i === victim ? n : n + times.filter((t) => t >= from && t <= to).length), 0),
  );
  if (CLUSTER)
    survivorAnswers.forEach((n, i) => {
      if (n === 0)
        problems.push(`kill ${i + 1}: no other server answered while server ${(windows[i]?.victim ?? 0) + 1} was down`);
    });
  const db = store.open();
  const integrity = await db.pragma('integrity_check', { simple: true });
  if (integrity !== 'ok') problems.push(`integrity_check: ${integrity}`);

  problems.push(...(await storedOnceProblems(db, answered)));
  if (claim && claimer) {
    const uid = claimer.uid;
    const claims = sql<{ n: number }>`SELECT COUNT(*) AS n FROM reward_claims c
      JOIN users u ON u.id = c.user_id WHERE u.uid = ${uid}`;
    const rows = (await adHoc(db, claims).get())?.n ?? 0;
    if (rows < answered.claims) problems.push(`${answered.claims} claims answered, ${rows} stored`);
  }
  // The ledger's invariants (every account sums to its journal, every counterparty to its transfers, zero sum).
  problems.push(...(await ledgerProblems(db)));
  const totals = await ledgerTotals(db);
  const accounts = (await adHoc(db, sql<{ n: number }>`SELECT COUNT(*) AS n FROM accounts`).get())?.n;
  await db.close();

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`Crash test (seed ${firstSeed}): ${KILLS} SIGKILLs in ${seconds} s on ${store.where}`);
  if (CLUSTER) {
    const downMs = windows.map((w) => w.to - w.from);
    console.log(
      `  servers / kills per server:            ${servers.length} / ${servers.map((_, i) => windows.filter((w) => w.victim === i).length).join(' + ')}`,
    );
    console.log(
      `  down per kill (ms, min / max):         ${Math.min(...downMs)} / ${Math.max(...downMs)}; calls the survivor answered then: min ${Math.min(...survivorAnswers)}, total ${survivorAnswers.reduce((a, b) => a + b, 0)}`,
    );
  }
  console.log(`  deposits paid (answered success):     ${answered.depositsPaid.size}`);
  console.log(`  bets / wins (answered success):        ${answered.bets.size} / ${answered.wins.size}`);
  console.log(`  withdrawals created (answered success): ${answered.withdrawals.size}`);
  console.log(
    `  claims (answered success):             ${claim ? `${answered.claims} on ${claim.join(' ')}` : 'none: no claim route in this build'}`,
  );
  console.log(`  replays answered success:              ${answered.replays}`);
  console.log(`  calls lost to the kills:               ${answered.refusedOrLost}`);
  const often = [...refusals].sort((x, y) => y[1] - x[1]).slice(0, 6);
  const indent = `\n${' '.repeat(40)}`;
  console.log(`  most frequent refusals and losses:     ${often.map(([what, n]) => `${n} × ${what}`).join(indent)}`);
  console.log(
    `  accounts checked (ledger whole):        ${accounts}, sum over all accounts ${totals.money} (points ${totals.points})`,
  );
  console.log(`  integrity_check:                       ${integrity}`);
  const enough = answered.depositsPaid.size > 0 && answered.bets.size > 0 && answered.withdrawals.size > 0;
  if (!enough) problems.push('the load did too little to prove anything (no deposit, bet or withdrawal answered)');
  if (problems.length) {
    console.error(`FAIL: ${problems.length} problems\n  ${problems.slice(0, 30).join('\n  ')}`);
    return 1;
  }
  console.log('PASS: every answered operation is stored exactly once and the ledger balances');
  return 0;
}

try {
  process.exitCode = await main();
} finally {
  running = false;
  await killAll();
  await store?.stop();
  rmSync(dir, { recursive: true, force: true });
}
