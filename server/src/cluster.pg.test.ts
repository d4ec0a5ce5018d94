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
  const env = { ...secrets, NODE_ENV: 'production', DATABASE_URL: db.url, REDIS_URL: redis.url };
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
    const captchas = await Promise.all(Array.from({ length: 200 }, (_, i) => solvedCaptcha(either(i + 1), p)));
    const answers = await Promise.all(
      captchas.map((captcha, i) =>
        either(i)<{ orderNo: string }>('POST', '/api/withdraw/create', {
          cookie: p.cookie,
          body: { amount: A, password: TRADE_PASSWORD, captcha },
        }),
      ),
    );
    const succeeded = answers.filter((x) => x.body.success);
    expect(succeeded).toHaveLength(expected);
    expect(answers.filter((x) => !x.body.success).map((x) => x.body.code)).toEqual(
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
