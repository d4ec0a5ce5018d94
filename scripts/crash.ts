/**
 * npm run test:crash [-- --kills 20 --seed N --claim POST:/api/...]
 *
 * A real server process on a file database under mixed load (deposits and their signed gateway
 * callbacks, provider bets and wins, withdrawals, reward claims when the build has a claim route), killed
 * with SIGKILL at random moments and started again, at least `--kills` times. Afterwards, with the server
 * stopped, the database is opened directly and checked: every operation answered success is there
 * exactly once, replays moved nothing, the ledger is whole (ledger/whole.ts: every account sums to its
 * journal, every counterparty to its transfers, all accounts to zero), and PRAGMA integrity_check is
 * ok. Prints a summary; exits 1 on any violation.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { ROOT_DIR } from '../server/src/db/database';
import { ledgerProblems, ledgerTotals } from '../server/src/domains/ledger/whole';
import { signFields } from '../server/src/lib/signature';
import { Code } from '../shared/codes';
import {
  type Caller,
  CLAIM_CANDIDATES,
  fund,
  httpCaller,
  makeWithdrawReady,
  newPlayer,
  type Player,
  providerSession,
  signed,
  solvedCaptcha,
  TRADE_PASSWORD,
} from './lib/caller';

const { values: args } = parseArgs({
  options: {
    kills: { type: 'string', default: '20' },
    seed: { type: 'string' },
    claim: { type: 'string' },
  },
});

// A seeded generator, so a failing run can be replayed with --seed.
let seed = Number(args.seed ?? Date.now() % 1_000_000);
const firstSeed = seed;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};

const KILLS = Number(args.kills);
const dir = mkdtempSync(join(os.tmpdir(), 'casino-crash-'));
const dbFile = join(dir, 'crash.db');
const secrets = {
  ADMIN_TOKEN: randomBytes(24).toString('hex'),
  PAYMENT_SECRET: randomBytes(32).toString('hex'),
  PROVIDER_SECRET: randomBytes(32).toString('hex'),
};

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as { port: number }).port;
  server.close();
  return port;
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const call: Caller = httpCaller(base, secrets.ADMIN_TOKEN);

let server: ChildProcess | undefined;

async function startServer(): Promise<void> {
  server = spawn(process.execPath, ['--import', 'tsx', join(ROOT_DIR, 'server/src/main.ts')], {
    cwd: ROOT_DIR,
    env: {
      ...process.env,
      ...secrets,
      NODE_ENV: 'production',
      DB_FILE: dbFile,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    try {
      const answer = await fetch(`${base}/api/app/version`);
      if (answer.ok) {
        return;
      }
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  throw new Error('the server did not start in 30 s');
}

async function killServer(): Promise<void> {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const exited = once(server, 'exit');
  server.kill('SIGKILL');
  await exited;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ----------------------------------------------------------------------------------------------- the ledger of answers

const answered = {
  depositsPaid: new Set<string>(),
  withdrawals: new Set<string>(),
  bets: new Map<string, { roundId: string; amount: number }>(),
  wins: new Map<string, { roundId: string; amount: number }>(),
  claims: 0,
  replays: 0,
  refusedOrLost: 0,
};

/** Runs a call; a refused connection (the server is down) is not an answer. */
async function attempt<T>(work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch {
    answered.refusedOrLost += 1;
    await sleep(25);
    return undefined;
  }
}

let running = true;

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
      await sleep(20);
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

async function betWorker(p: Player) {
  let n = 0;
  let session = '';
  while (running) {
    if (!session) {
      session = (await attempt(() => providerSession(call, p, secrets.PROVIDER_SECRET))) ?? '';
      if (!session) {
        await sleep(50);
        continue;
      }
    }
    n += 1;
    const roundId = `cr${firstSeed}-${n}`;
    const bet = { sessionToken: session, transactionId: `cb${firstSeed}-${n}`, roundId, amount: '1.00' };
    const placed = await attempt(() =>
      call('POST', '/api/provider/wallet/bet', { body: signed(bet, secrets.PROVIDER_SECRET) }),
    );
    if (placed?.body.success) answered.bets.set(bet.transactionId, { roundId, amount: 100 });
    else if (placed?.body.code === Code.SESSION_INVALID) session = '';
    if (!placed?.body.success) continue;
    // Replay the bet: the same answer, no second debit.
    if (random() < 0.3) {
      const again = await attempt(() =>
        call('POST', '/api/provider/wallet/bet', { body: signed(bet, secrets.PROVIDER_SECRET) }),
      );
      if (again?.body.success) answered.replays += 1;
    }
    const won = Math.floor(random() * 3);
    const win = { transactionId: `cw${firstSeed}-${n}`, roundId, amount: `${won}.00`, result: 'crash test' };
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

async function withdrawWorker(p: Player) {
  while (running) {
    const captcha = await attempt(() => solvedCaptcha(call, p));
    if (!captcha) {
      await sleep(50);
      continue;
    }
    const created = await attempt(() =>
      call<{ orderNo: string }>('POST', '/api/withdraw/create', {
        cookie: p.cookie,
        body: { amount: 100, password: TRADE_PASSWORD, captcha },
      }),
    );
    if (created?.body.success) answered.withdrawals.add(created.body.data.orderNo);
    // Three a day at VIP 0: a tester moves the clock on, as they would through /ops/clock.
    if (created?.body.code === Code.WITHDRAW_COUNT)
      await attempt(() => call('POST', '/ops/clock', { ops: true, body: { advance: '1d' } }));
  }
}

async function claimWorker(p: Player, method: string, path: string) {
  while (running) {
    const claimed = await attempt(() => call(method, path, { cookie: p.cookie, body: {} }));
    if (claimed?.body.success) answered.claims += 1;
    // Claims are once a day (or once): move the day on now and then to make new ones due.
    if (claimed && !claimed.body.success && random() < 0.2) {
      await attempt(() => call('POST', '/ops/clock', { ops: true, body: { advance: '1d' } }));
    }
    await sleep(20);
  }
}

// ----------------------------------------------------------------------------------------------- run

async function main(): Promise<number> {
  const started = Date.now();
  await startServer();
  const depositor = await newPlayer(call, 'cdep');
  const bettor = await newPlayer(call, 'cbet');
  await fund(call, bettor.uid, 100_000);
  const withdrawer = await newPlayer(call, 'cwd');
  await makeWithdrawReady(call, withdrawer);
  await fund(call, withdrawer.uid, 100_000);
  const routes = (await call<{ paths?: Record<string, unknown> }>('GET', '/api/docs/json')).body as unknown as {
    paths?: Record<string, Record<string, unknown>>;
  };
  const claim = (args.claim ? [args.claim] : CLAIM_CANDIDATES)
    .map((c) => c.split(':') as [string, string])
    .find(([method, path]) => routes.paths?.[path]?.[method.toLowerCase()] !== undefined);
  const claimer = claim ? await newPlayer(call, 'cclm') : undefined;

  const workers = [
    depositWorker(depositor),
    depositWorker(depositor),
    betWorker(bettor),
    withdrawWorker(withdrawer),
    ...(claim && claimer ? [claimWorker(claimer, claim[0], claim[1])] : []),
  ];

  for (let kill = 1; kill <= KILLS; kill++) {
    await sleep(200 + Math.floor(random() * 1000));
    await killServer();
    process.stdout.write(`\r  SIGKILL ${kill}/${KILLS} `);
    await sleep(Math.floor(random() * 200));
    await startServer();
  }
  await sleep(1000);
  running = false;
  await Promise.all(workers);
  await killServer();
  process.stdout.write('\n');

  // ------------------------------------------------------------------------------------- the checks
  const db = new Database(dbFile, { readonly: true });
  const problems: string[] = [];
  const integrity = db.pragma('integrity_check', { simple: true });
  if (integrity !== 'ok') problems.push(`integrity_check: ${integrity}`);

  const journalCount = db.prepare('SELECT COUNT(*) FROM balance_journal WHERE reference = ? AND type = ?').pluck();
  const deposit = db.prepare('SELECT status FROM deposits WHERE order_no = ?').pluck();
  for (const orderNo of answered.depositsPaid) {
    if (deposit.get(orderNo) !== 1) problems.push(`deposit ${orderNo} answered paid but is not Success`);
    const n = journalCount.get(orderNo, 'deposit');
    if (n !== 1) problems.push(`deposit ${orderNo}: ${n} journal rows`);
  }
  const withdrawal = db.prepare('SELECT COUNT(*) FROM withdrawals WHERE order_no = ?').pluck();
  const withdrawJournal = db
    .prepare("SELECT COUNT(*) FROM balance_journal WHERE reference = ? AND type = 'withdraw'")
    .pluck();
  for (const orderNo of answered.withdrawals) {
    if (withdrawal.get(orderNo) !== 1) problems.push(`withdrawal ${orderNo} answered but not stored once`);
    if (withdrawJournal.get(orderNo) !== 1)
      problems.push(`withdrawal ${orderNo}: frozen ${withdrawJournal.get(orderNo)} times`);
  }
  const transaction = db.prepare('SELECT COUNT(*) FROM wallet_transactions WHERE transaction_id = ?').pluck();
  for (const [id, bet] of answered.bets) {
    if (transaction.get(id) !== 1) problems.push(`bet ${id} answered but stored ${transaction.get(id)} times`);
    if (journalCount.get(bet.roundId, 'bet') !== 1)
      problems.push(`bet ${id}: ${journalCount.get(bet.roundId, 'bet')} debits`);
  }
  for (const [id, win] of answered.wins) {
    if (transaction.get(id) !== 1) problems.push(`win ${id} answered but stored ${transaction.get(id)} times`);
    const credits = journalCount.get(win.roundId, 'win') as number;
    if (credits !== (win.amount > 0 ? 1 : 0)) problems.push(`win ${id}: ${credits} credits`);
  }
  if (claim && claimer) {
    const uid = claimer.uid;
    const rows = db
      .prepare('SELECT COUNT(*) FROM reward_claims c JOIN users u ON u.id = c.user_id WHERE u.uid = ?')
      .pluck()
      .get(uid) as number;
    if (rows < answered.claims) problems.push(`${answered.claims} claims answered, ${rows} stored`);
  }
  // The ledger's invariants (every account sums to its journal, every counterparty to its transfers, zero sum).
  problems.push(...ledgerProblems(db));
  const totals = ledgerTotals(db);
  const accounts = db.prepare('SELECT COUNT(*) FROM accounts').pluck().get();
  db.close();

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`Crash test (seed ${firstSeed}): ${KILLS} SIGKILLs in ${seconds} s on ${dbFile}`);
  console.log(`  deposits paid (answered success):     ${answered.depositsPaid.size}`);
  console.log(`  bets / wins (answered success):        ${answered.bets.size} / ${answered.wins.size}`);
  console.log(`  withdrawals created (answered success): ${answered.withdrawals.size}`);
  console.log(
    `  claims (answered success):             ${claim ? `${answered.claims} on ${claim.join(' ')}` : 'none: no claim route in this build'}`,
  );
  console.log(`  replays answered success:              ${answered.replays}`);
  console.log(`  calls lost to the kills:               ${answered.refusedOrLost}`);
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
  await killServer();
  rmSync(dir, { recursive: true, force: true });
}
