import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import {
  type Caller,
  fund,
  httpCaller,
  logIn,
  makeWithdrawReady,
  must,
  newPlayer,
  type Player,
  providerSession,
  signed,
  solvedCaptcha,
  TRADE_PASSWORD,
} from '../../scripts/lib/caller';
import { startRedis } from '../../scripts/lib/redis.mjs';
import { freePort, type ServerProcess, serverProcess } from '../../scripts/lib/server-process';
import { Code } from '../../shared/codes';
import { CLOSE_SESSION_ENDED, type Frame } from '../../shared/socket';
import { openPostgres } from './db/postgres/open';
import type { PgPoolDb } from './db/postgres/pool';
import { ledgerProblems } from './domains/ledger/whole';
import { signFields } from './lib/signature';
import { CRASH_PAUSE_MS, flightMs, multiplierAt } from './sandbox/provider/crash-room';
import { inDb } from './test/in-db';

/**
 * The cluster of issue 18 for real: TWO server processes (node server/src/main.ts, as `npm run stack`
 * starts them) on one PostgreSQL database (a copy of the stores' template) and one Redis, called over
 * HTTP and WebSocket. Races spread over both processes end exactly as on one; what one process pushes or
 * revokes reaches the other.
 */
let db: PgPoolDb;
let redis: Awaited<ReturnType<typeof startRedis>>;
const servers: ServerProcess[] = [];
const server = (i: number) => servers[i] as ServerProcess;
const secrets = {
  ADMIN_TOKEN: randomBytes(24).toString('hex'),
  PAYMENT_SECRET: randomBytes(32).toString('hex'),
  PROVIDER_SECRET: randomBytes(32).toString('hex'),
};
let a: Caller;
let b: Caller;
/** The two processes in turn: request i goes to A when i is even, to B when odd. */
const either = (i: number) => (i % 2 === 0 ? a : b);

beforeAll(async () => {
  const url = process.env.TEST_DATABASE_URL;
  const template = process.env.TEST_DATABASE_TEMPLATE;
  if (!url || !template) throw new Error('run by `npm run test:stores` (vitest.stores.config.ts)');
  db = openPostgres(url, { template });
  redis = await startRedis();
  // TRUST_PROXY: each player registers from an address of its own (newPlayer), not all from 127.0.0.1,
  // which the per-address sign-up limit (10 an hour) would refuse from the eleventh player on.
  const env = {
    ...secrets,
    NODE_ENV: 'production',
    DATABASE_URL: db.url,
    REDIS_URL: redis.url,
    TRUST_PROXY: '127.0.0.1',
  };
  for (let i = 0; i < 2; i++)
    servers.push(serverProcess(await freePort(), { ...env, PROCESS_NAME: `server-${i + 1}` }));
  // One after the other, as the stack starts them (the first one's start-up work is done when the next starts).
  for (const s of servers) await s.start();
  a = httpCaller(server(0).base, secrets.ADMIN_TOKEN);
  b = httpCaller(server(1).base, secrets.ADMIN_TOKEN);
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await redis?.stop();
  await db?.close();
});

const pesos = (centavos: unknown) => Number(centavos) / 100;
type Balance = { balance: number; frozen: number };
const balanceOf = async (userId: number) =>
  (await inDb(db).get<Balance>`SELECT balance, frozen FROM accounts WHERE user_id = ${userId}`) as Balance;
const userIdOf = async (uid: number) =>
  (await inDb(db).value<number>`SELECT id FROM users WHERE uid = ${uid}`) as number;
const journalCount = async (userId: number, type: string) =>
  inDb(db).value`SELECT COUNT(*) FROM balance_journal WHERE user_id = ${userId} AND type = ${type}`;

/** Waits until `check` holds (what the other process publishes arrives a moment later); fails after 10 s. */
async function until(check: () => boolean | Promise<boolean>, what: string) {
  for (let tries = 0; tries < 1000; tries++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`never happened: ${what}`);
}

/** A player socket on `server`, recording its frames and close code; resolves once open. */
async function socketOn(server: ServerProcess, p: Player) {
  const ws = new WebSocket(`${server.base.replace('http', 'ws')}/webSocket/${p.uid}`, {
    headers: { cookie: p.cookie },
  });
  const frames: Frame[] = [];
  let closeCode = 0;
  ws.on('message', (data) => frames.push(JSON.parse(String(data)) as Frame));
  ws.on('close', (code) => {
    closeCode = code;
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return { ws, frames, closeCode: () => closeCode };
}

// 200 argon2 checks and 200 transactions on a loaded machine: more than the default time.
describe('two server processes on one PostgreSQL and one Redis', { timeout: 120_000 }, () => {
  it('200 concurrent withdrawals spread over both: exactly floor(B / A) succeed, the ledger is whole', async () => {
    const B = 10_000.5;
    const A = 150;
    const expected = Math.floor(B / A) - 2; // 64 of the 200, after the first 2
    const p = await newPlayer(a, 'clwd');
    await makeWithdrawReady(a, p);
    await fund(b, p.uid, B);
    const userId = await userIdOf(p.uid);
    // High limits, so that the balance is what binds (VIP 10 with 1,000,000 a day and 1,000 withdrawals).
    await inDb(db)
      .run`UPDATE withdraw_limits SET daily_amount = ${100_000_000}, daily_count = ${1_000} WHERE vip_level = 10`;
    await inDb(db).run`UPDATE users SET vip_level = 10 WHERE id = ${userId}`;
    // 200 withdrawals of one player at once: the balance decides, not the SMS code (one withdrawal per
    // code, its races are in withdraw/sms-code.test.ts); an operator turns it off, for both processes.
    await must(a('POST', '/ops/withdraw-settings', { ops: true, body: { smsCode: false } }), 'sms code off');

    // One withdrawal on each process first: each then remembers the session's argon2 check, so the 200
    // below meet in the group commits of both processes at once rather than behind 200 argon2 checks.
    for (const call of [a, b])
      await must(
        call('POST', '/api/withdraw/create', {
          cookie: p.cookie,
          body: { amount: A, password: TRADE_PASSWORD, captcha: await solvedCaptcha(call, p) },
        }),
        'first withdrawal',
      );
    // Each captcha is issued by the other process than the one its withdrawal goes to (one cluster key).
    const send = async (count: number) => {
      const captchas = await Promise.all(Array.from({ length: count }, (_, i) => solvedCaptcha(either(i + 1), p)));
      return Promise.all(
        captchas.map((captcha, i) =>
          either(i)<{ orderNo: string }>('POST', '/api/withdraw/create', {
            cookie: p.cookie,
            body: { amount: A, password: TRADE_PASSWORD, captcha },
          }),
        ),
      );
    };
    // A transaction still conflicting after the pool's retry budget (RETRY_FOR_MS) is answered 503 with
    // Retry-After, having changed nothing: on a loaded machine a few of the 200 may be. They are sent again,
    // as the app does, until none is; the count, the money and the journal below hold either way.
    let answers = await send(200);
    const settled = answers.filter((x) => x.body.code !== Code.SERVICE_UNAVAILABLE);
    for (let round = 0; round < 5 && answers.some((x) => x.body.code === Code.SERVICE_UNAVAILABLE); round++) {
      answers = await send(answers.filter((x) => x.body.code === Code.SERVICE_UNAVAILABLE).length);
      settled.push(...answers.filter((x) => x.body.code !== Code.SERVICE_UNAVAILABLE));
    }
    const succeeded = settled.filter((x) => x.body.success);
    expect(settled).toHaveLength(200);
    expect(succeeded).toHaveLength(expected);
    expect(settled.filter((x) => !x.body.success).map((x) => x.body.code)).toEqual(
      Array(200 - expected).fill(Code.INSUFFICIENT_BALANCE),
    );
    // Both processes took some of the successful ones.
    // Which process takes the successes is timing (the first group commit to take the account's row often
    // takes them all); what holds is the count, the money and the journal.
    expect(new Set(succeeded.map((x) => x.body.data.orderNo)).size).toBe(expected);
    const all = expected + 2;
    expect(await balanceOf(userId)).toEqual({ balance: (B - all * A) * 100, frozen: all * A * 100 });
    expect(await inDb(db).value`SELECT COUNT(*) FROM withdrawals WHERE user_id = ${userId}`).toBe(all);
    expect(await journalCount(userId, 'withdraw')).toBe(all);
    expect(await ledgerProblems(db)).toEqual([]);
  });

  it('200 concurrent provider bets spread over both: exactly floor(B / A) debited, the rest refused', async () => {
    const B = 1_000.5;
    const A = 15;
    const expected = Math.floor(B / A); // 66
    const p = await newPlayer(b, 'clbet');
    await fund(a, p.uid, B);
    const userId = await userIdOf(p.uid);
    const session = await providerSession(a, p, secrets.PROVIDER_SECRET);
    const tag = randomBytes(4).toString('hex');
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        either(i)('POST', '/api/provider/wallet/bet', {
          body: signed(
            { sessionToken: session, transactionId: `b${tag}-${i}`, roundId: `r${tag}-${i}`, amount: `${A}.00` },
            secrets.PROVIDER_SECRET,
          ),
        }),
      ),
    );
    const succeeded = answers.filter((x) => x.body.success);
    expect(succeeded).toHaveLength(expected);
    const refused = new Set(answers.filter((x) => !x.body.success).map((x) => x.body.code));
    expect(refused).toEqual(new Set([Code.INSUFFICIENT_BALANCE]));
    expect((await balanceOf(userId)).balance).toBe(Math.round((B - expected * A) * 100));
    expect(await journalCount(userId, 'bet')).toBe(expected);
    expect(
      await inDb(db).value`SELECT COUNT(*) FROM wallet_transactions WHERE transaction_id LIKE ${`b${tag}-%`}`,
    ).toBe(expected);
    expect(await ledgerProblems(db)).toEqual([]);
  });

  it('raises on one open round spread over both: exactly what the balance covers, a replay charged once, none after the win', async () => {
    const B = 1_000.5;
    const A = 15;
    const p = await newPlayer(a, 'clraise');
    await fund(b, p.uid, B);
    const userId = await userIdOf(p.uid);
    const session = await providerSession(b, p, secrets.PROVIDER_SECRET);
    const tag = randomBytes(4).toString('hex');
    const round = `r${tag}`;
    const wallet = (i: number, path: string, body: Record<string, string>) =>
      either(i)('POST', `/api/provider/wallet/${path}`, { body: signed(body, secrets.PROVIDER_SECRET) });
    await must(
      wallet(0, 'bet', { sessionToken: session, transactionId: `b${tag}`, roundId: round, amount: '1.00' }),
      "the round's bet",
    );
    const expected = Math.floor((B - 1) / A); // 66
    const raise = (i: number, transactionId: string) =>
      wallet(i, 'raise', { sessionToken: session, transactionId, roundId: round, amount: `${A}.00` });
    // 200 different raises racing for the last pesos, and one raise replayed 10 times among them
    const answers = await Promise.all([
      ...Array.from({ length: 200 }, (_, i) => raise(i, `x${tag}-${i}`)),
      ...Array.from({ length: 10 }, (_, i) => raise(i, `x${tag}-0`)),
    ]);
    const distinct = answers.slice(0, 200);
    const succeeded = distinct.filter((x) => x.body.success).length;
    expect(succeeded).toBe(expected);
    expect(new Set(distinct.filter((x) => !x.body.success).map((x) => x.body.code))).toEqual(
      new Set([Code.INSUFFICIENT_BALANCE]),
    );
    // the replays answer what the first answered (charged or refused), and charge nothing more
    const first = distinct[0]?.body;
    for (const replay of answers.slice(200)) {
      if (replay.body.code === Code.TRANSACTION_CONFLICT) continue; // still running on the other process
      expect(replay.body.success).toBe(first?.success);
    }
    const stake = Math.round((1 + expected * A) * 100);
    expect(await inDb(db).value`SELECT bet FROM game_rounds WHERE round_id = ${round}`).toBe(stake);
    expect((await balanceOf(userId)).balance).toBe(Math.round(B * 100) - stake);
    // the win settles the raised round; a raise after it, on either process, is refused and charges nothing
    await must(
      wallet(1, 'win', { transactionId: `w${tag}`, roundId: round, amount: '0.00', result: 'lost' }),
      'the win',
    );
    const late = await Promise.all([raise(0, `late${tag}-a`), raise(1, `late${tag}-b`)]);
    expect(late.map((x) => x.body.code)).toEqual([Code.ROUND_SETTLED, Code.ROUND_SETTLED]);
    expect((await balanceOf(userId)).balance).toBe(Math.round(B * 100) - stake);
    expect(await ledgerProblems(db)).toEqual([]);
  });

  it('a deposit callback sent to both processes at once, and again, credits exactly once', async () => {
    const p = await newPlayer(a, 'cldep');
    const userId = await userIdOf(p.uid);
    const built = await must(
      b<{ orderNo: string }>('POST', '/api/recharge/build', {
        cookie: p.cookie,
        body: { channel: 'gcash', amount: 500 },
      }),
      'deposit build',
    );
    const orderNo = built.body.data.orderNo;
    const fields = {
      orderNo,
      amount: '500.00',
      status: 'SUCCESS',
      gatewayRef: `G${orderNo}`,
      timestamp: new Date().toISOString(),
    };
    const body = { ...fields, signature: signFields(fields, secrets.PAYMENT_SECRET) };
    const send = () =>
      Promise.all(Array.from({ length: 10 }, (_, i) => either(i)('POST', '/api/payment/callback', { body })));
    const first = await send();
    const again = await send();
    // The gateway hears success from every delivery (a replay is acknowledged, not refused), on both.
    expect([...first, ...again].every((x) => x.body.success)).toBe(true);
    expect(await inDb(db).value`SELECT status FROM deposits WHERE order_no = ${orderNo}`).toBe(1);
    expect(
      await inDb(db).value`SELECT COUNT(*) FROM balance_journal WHERE reference = ${orderNo} AND type = 'deposit'`,
    ).toBe(1);
    expect(pesos((await balanceOf(userId)).balance)).toBe(500);
    expect(await ledgerProblems(db)).toEqual([]);
  });

  it('a credit on A pushes to the socket held by B; a login on B ends the session and socket on A', async () => {
    const [onA, onB] = [server(0), server(1)];
    const p = await newPlayer(a, 'clpush');
    const onSocketB = await socketOn(onB, p);
    await fund(a, p.uid, 123);
    await until(() => onSocketB.frames.some((f) => f.event === 'balance.changed'), 'the push crosses to B');
    expect(onSocketB.frames.find((f) => f.event === 'balance.changed')?.content).toEqual({ balance: 123 });
    onSocketB.ws.close();

    const onSocketA = await socketOn(onA, p);
    expect((await a('GET', '/api/user/info', { cookie: p.cookie })).body.success).toBe(true);
    const elsewhere = await logIn(b, p.username, p.password);
    expect(elsewhere.cookie).not.toBe(p.cookie);
    await until(() => onSocketA.closeCode() === CLOSE_SESSION_ENDED, 'the socket on A closes with 4001');
    expect(onSocketA.frames.find((f) => f.event === 'session.ended')?.content).toBe('replaced by a new login');
    // The ended session's cookie works on neither process; the new one works on both.
    for (const call of [a, b]) {
      expect((await call('GET', '/api/user/info', { cookie: p.cookie })).body).toMatchObject({
        success: false,
        code: Code.SESSION_INVALID,
      });
      expect((await call('GET', '/api/user/info', { cookie: elsewhere.cookie })).body.success).toBe(true);
    }
  });

  it('the request log read on either process holds what both answered; a clear on one empties both', async () => {
    const mark = `mark${Date.now()}`;
    await a('GET', `/api/config/fetch?${mark}=a`);
    // Entries of two processes are ordered by time in milliseconds: these two are a few ms apart.
    await new Promise((resolve) => setTimeout(resolve, 3));
    await b('GET', `/api/config/fetch?${mark}=b`);
    type Log = { requests: { path: string; process: string }[]; processes: { answered: number; silent: number } };
    for (const reader of [a, b]) {
      const log = (await must(reader<Log>('GET', `/ops/requests?path=${mark}`, { ops: true }), 'log')).body.data;
      expect(log.processes).toEqual({ answered: 2, silent: 0 });
      expect(log.requests.map((r) => [r.path, r.process])).toEqual([
        [`/api/config/fetch?${mark}=b`, 'server-2'],
        [`/api/config/fetch?${mark}=a`, 'server-1'],
      ]);
    }
    await must(b('DELETE', '/ops/requests', { ops: true }), 'clear');
    const after = (await must(a<Log>('GET', '/ops/requests', { ops: true }), 'log')).body.data;
    expect(after.requests).toEqual([]);
  });
});

/** A page of the demo provider opened through `server` for `p` (the game `key`): its page session id. */
async function gamePage(server: ServerProcess, call: Caller, p: Player, key: string) {
  const gameId = await inDb(db).value<number>`SELECT id FROM games WHERE provider_game = ${key} AND enabled = 1`;
  const url = await must(
    call<{ playUrl: string }>('POST', '/api/game/getUrl', { cookie: p.cookie, body: { gameId } }),
    `launch ${key}`,
  );
  const play = new URL(url.body.data.playUrl, server.base);
  const page = await fetch(`${server.base}${play.pathname}${play.search}`);
  expect(page.status).toBe(200);
  const id = /data-session="([^"]+)"/.exec(await page.text())?.[1];
  if (!id) throw new Error(`no page session for ${key}`);
  return id;
}

type Page = { ok: boolean; code?: number; message?: string; [key: string]: unknown };
/** A game page's call to its provider API on `server` (what pages/kit/common.ts sends). */
async function pageCall<T = Page>(server: ServerProcess, session: string, path: string, body: unknown = {}) {
  const answer = await fetch(`${server.base}/provider/api/${session}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(answer.status).toBe(200);
  return (await answer.json()) as T & Page;
}

type ClockState = { now: string; frozen: boolean };
/** Moves the cluster's virtual clock through A and waits until B reads the same instant (it is shared). */
async function clock(body: Record<string, string>) {
  const moved = (await must(a<ClockState>('POST', '/ops/clock', { ops: true, body }), 'clock')).body.data;
  await until(async () => {
    const onB = (await must(b<ClockState>('GET', '/ops/clock', { ops: true }), 'clock on B')).body.data;
    return onB.frozen === moved.frozen && (!moved.frozen || onB.now === moved.now);
  }, 'B reads the same clock');
  return Date.parse(moved.now);
}
const clockAt = (ms: number) => clock({ set: new Date(ms).toISOString() });

describe('the sandboxes over two processes (issue 27 leftover)', { timeout: 120_000 }, () => {
  it('a game page opened on A plays through B; a logout ends it on both (the row, and B’s copy over Redis)', async () => {
    const p = await newPlayer(a, 'clpage');
    const userId = await userIdOf(p.uid);
    await fund(a, p.uid, 100);
    const page = await gamePage(server(0), a, p, 'house-skyrocket-crash');
    // Both processes read the session (each caches its row).
    for (const s of [server(0), server(1)])
      expect(await pageCall(s, page, 'balance')).toEqual({ ok: true, balance: 100 });
    await must(b('POST', '/api/user/logout', { cookie: p.cookie }), 'logout');
    // A still holds a copy: its wallet call is refused by the casino, which deletes the row and tells B.
    expect(await pageCall(server(0), page, 'balance')).toMatchObject({ ok: false, code: Code.GAME_TOKEN_EXPIRED });
    expect(await inDb(db).value`SELECT COUNT(*) FROM provider_sessions WHERE id = ${page}`).toBe(0);
    const ended = 'Session ended. Close and open the game again.';
    await until(async () => (await pageCall(server(1), page, 'balance')).message === ended, 'B drops its copy');
    expect(await pageCall(server(1), page, 'play', { stake: 1000 })).toMatchObject({
      ok: false,
      code: Code.GAME_TOKEN_INVALID,
    });
    expect((await balanceOf(userId)).balance).toBe(10_000);
  });

  it('a checkout paid on both processes with the casino away: one webhook, retried once, credited once', async () => {
    const p = await newPlayer(a, 'clhook');
    const userId = await userIdOf(p.uid);
    const built = await must(
      a<{ orderNo: string; payUrl: string }>('POST', '/api/recharge/build', {
        cookie: p.cookie,
        body: { channel: 'gcash', amount: 500 },
      }),
      'deposit build',
    );
    const { orderNo, payUrl } = built.body.data;
    // The casino's callback answers 503 once (its database away): the first try is not taken.
    await must(
      b('POST', '/ops/faults', {
        ops: true,
        body: { kind: 'error', route: '/api/payment/callback', status: 503, code: Code.SERVICE_UNAVAILABLE, count: 1 },
      }),
      'fault',
    );
    await until(async () => {
      const faults = await must(a<unknown[]>('GET', '/ops/faults', { ops: true }), 'faults on A');
      return JSON.stringify(faults.body.data).includes('/api/payment/callback');
    }, 'A holds the fault');
    // The player submits the checkout in two tabs, one answered by each process, twice.
    const url = new URL(payUrl, server(0).base);
    const form = new URLSearchParams({
      token: url.searchParams.get('token') ?? '',
      action: 'pay',
      mobile: '9171234567',
      mpin: '1234',
    }).toString();
    const pages = await Promise.all(
      [0, 1, 0, 1].map((i) =>
        fetch(`${server(i).base}${url.pathname}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form,
        }),
      ),
    );
    expect(pages.every((page) => page.status === 200)).toBe(true);
    type Hook = { status: string; attempts: number };
    const outbox = () => inDb(db).all<Hook>`SELECT status, attempts FROM sandbox_webhooks WHERE order_no = ${orderNo}`;
    // One payment, so one webhook in the outbox, its first try refused by the fault.
    expect(await outbox()).toEqual([{ status: 'pending', attempts: 1 }]);
    expect(await inDb(db).value`SELECT status FROM deposits WHERE order_no = ${orderNo}`).toBe(0);
    // Ten seconds on (the clock moved through A, seen by B): the due try is claimed by one process and sent once.
    await clock({ advance: '10s' });
    await until(async () => (await outbox())[0]?.status === 'delivered', 'the retry is delivered');
    expect(await outbox()).toEqual([{ status: 'delivered', attempts: 2 }]);
    expect(await inDb(db).get`SELECT status, callback_count FROM deposits WHERE order_no = ${orderNo}`).toEqual({
      status: 1,
      callback_count: 1,
    });
    // More clock moves on both: nothing is due any more, nothing more is sent or credited.
    await clock({ advance: '5m' });
    expect(await outbox()).toEqual([{ status: 'delivered', attempts: 2 }]);
    expect(await journalCount(userId, 'deposit')).toBe(1);
    expect(pesos((await balanceOf(userId)).balance)).toBe(500);
    expect(await ledgerProblems(db)).toEqual([]);
  });

  it('a shared crash round: the bet on A, the cash-out on B at B’s clock, paid once; a second cash-out on A refused', async () => {
    const TITLE = 'house-skyrocket-crash';
    const p = await newPlayer(a, 'clcrash');
    const userId = await userIdOf(p.uid);
    await fund(a, p.uid, 100);
    const page = await gamePage(server(0), a, p, TITLE);
    await clock({ action: 'freeze' });
    try {
      type Round = { n: number; starts_at: number; flight_at: number; crash_at: number };
      // A round in its betting phase whose point leaves room to cash out (the row holds its crash time).
      let round: Round | undefined;
      for (let tries = 0; tries < 20 && !round; tries++) {
        const status = await pageCall<{ round: { n: number; phase: string } }>(server(1), page, 'crash');
        const row = (await inDb(db).get<Round>`
          SELECT n, starts_at, flight_at, crash_at FROM provider_crash_rounds WHERE title = ${TITLE} AND n = ${status.round.n}`) as Round;
        const room = Number(row.crash_at) - Number(row.flight_at) > flightMs(120);
        if (status.round.phase === 'betting' && room) round = row;
        else await clockAt(Number(row.crash_at) + CRASH_PAUSE_MS + 1);
      }
      if (!round) throw new Error('no crash round with room to cash out');
      const bet = await pageCall<{ roundId: string }>(server(0), page, 'play', { stake: 1000 });
      expect(bet).toMatchObject({ ok: true, stake: 1000, done: false });
      // The flight, half way to the crash: B decides the cash-out at its own clock.
      const at = Number(round.flight_at) + Math.floor((Number(round.crash_at) - Number(round.flight_at)) / 2);
      await clockAt(at);
      const m = multiplierAt(at - Number(round.flight_at));
      const cashed = await pageCall<{ win: number; cashedAt: number }>(server(1), page, 'crash/cashout');
      expect(cashed).toMatchObject({ ok: true, roundId: bet.roundId, cashedAt: m });
      expect(cashed.win).toBeGreaterThan(1000);
      const again = await pageCall(server(0), page, 'crash/cashout');
      expect(again).toMatchObject({ ok: false, code: Code.ROUND_SETTLED });
      const seen = await pageCall<{ me: { state: string; win: number } }>(server(0), page, 'crash');
      expect(seen.me).toMatchObject({ state: 'cashed', win: cashed.win });
      expect((await balanceOf(userId)).balance).toBe(10_000 - 1000 + cashed.win);
      expect(await journalCount(userId, 'bet')).toBe(1);
    } finally {
      await clock({ action: 'resume' });
    }
    expect(await ledgerProblems(db)).toEqual([]);
  });

  it('the fishing pond: a shot on A, its seat and shot seen by another player on B', async () => {
    const TITLE = 'dbl-deep-sea-hunter';
    const shooter = await newPlayer(a, 'clfish');
    const watcher = await newPlayer(b, 'clwatch');
    const userId = await userIdOf(shooter.uid);
    await fund(a, shooter.uid, 100);
    const mine = await gamePage(server(0), a, shooter, TITLE);
    const theirs = await gamePage(server(1), b, watcher, TITLE);
    await clock({ action: 'freeze' });
    try {
      type Pond = { now: number; fish: { id: string; enterAt: number; leaveAt: number }[] };
      let fish: Pond['fish'][number] | undefined;
      for (let tries = 0; tries < 30 && !fish; tries++) {
        const pond = await pageCall<Pond>(server(0), mine, 'pond', {});
        fish = pond.fish.find((f) => f.enterAt <= pond.now && f.leaveAt > pond.now + 5_000);
        if (!fish) await clock({ advance: '1s' });
      }
      if (!fish) throw new Error('no fish in the pond');
      const shot = await pageCall<{ win: number }>(server(0), mine, 'play', {
        stake: 500,
        target: fish.id,
        shot: randomBytes(8).toString('hex'),
      });
      expect(shot).toMatchObject({ ok: true, stake: 500 });
      type Seen = { players: { nickname: string; level: number; shots: { target: string; win: number }[] }[] };
      const seen = await pageCall<Seen>(server(1), theirs, 'pond', {});
      const seat = seen.players.find((s) => s.shots.some((x) => x.target === fish?.id));
      expect(seat).toMatchObject({ level: 500, shots: [{ target: fish.id, win: shot.win }] });
      expect(seat?.nickname).not.toBe(shooter.username);
      expect((await balanceOf(userId)).balance).toBe(10_000 - 500 + shot.win);
    } finally {
      await clock({ action: 'resume' });
    }
    expect(await ledgerProblems(db)).toEqual([]);
  });

  it('a shared table: the bet on A holds the player’s seat on B, the cycle drawn through B, paid once', async () => {
    const TITLE = 'vlv-velvet-speed-baccarat';
    const p = await newPlayer(a, 'cltable');
    const userId = await userIdOf(p.uid);
    await fund(a, p.uid, 100);
    const onA = await gamePage(server(0), a, p, TITLE);
    // The same player's second tab, opened through B.
    const onB = await gamePage(server(1), b, p, TITLE);
    await clock({ action: 'freeze' });
    try {
      type Table = { round: number; open: boolean; closesInMs: number; nextInMs: number };
      let table = await pageCall<Table>(server(1), onB, 'table');
      if (!table.open || table.closesInMs < 5_000) {
        await clock({ advance: `${Math.ceil(table.nextInMs / 1000)}s` });
        table = await pageCall<Table>(server(1), onB, 'table');
      }
      expect(table.open).toBe(true);
      // Answered at the draw (a long poll held by A).
      const paid = pageCall<{ roundId: string; win: number; stake: number }>(server(0), onA, 'play', {
        bets: { banker: 1000 },
      });
      await until(
        async () =>
          (await inDb(db)
            .value`SELECT COUNT(*) FROM provider_table_seats WHERE title = ${TITLE} AND n = ${table.round}`) === 1,
        'the seat is taken',
      );
      // The seat is the cluster's: the player's second bet on this cycle, through B, is refused.
      expect(await pageCall(server(1), onB, 'play', { bets: { player: 1000 } })).toMatchObject({
        ok: false,
        code: Code.BET_INVALID,
      });
      // Bets close; B's poll draws the cycle; A pays its bet from the drawn row.
      await clock({ advance: `${Math.ceil(table.closesInMs / 1000)}s` });
      await pageCall(server(1), onB, 'table');
      const answer = await paid;
      expect(answer).toMatchObject({ ok: true, stake: 1000, done: true });
      const history = await pageCall<{ draws: { round: number; serverSeedHash: string }[] }>(server(1), onB, 'history');
      const drawn = history.draws.find((d) => d.round === table.round);
      expect(drawn).toBeDefined();
      expect(
        await inDb(db).get`SELECT state, server_seed_hash FROM provider_rounds WHERE round_id = ${answer.roundId}`,
      ).toEqual({ state: 'settled', server_seed_hash: drawn?.serverSeedHash });
      expect((await balanceOf(userId)).balance).toBe(10_000 - 1000 + answer.win);
      expect(await journalCount(userId, 'bet')).toBe(1);
    } finally {
      await clock({ action: 'resume' });
    }
    expect(await ledgerProblems(db)).toEqual([]);
  });
});
