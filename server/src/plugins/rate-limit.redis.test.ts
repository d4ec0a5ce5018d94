import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type LocalRedis, startRedis } from '../../../scripts/lib/redis.mjs';
import { Code } from '../../../shared/codes';
import type { Config } from '../config';
import { testConfig } from '../config';
import {
  hashed,
  newPlayer,
  opsClient,
  registerPlayer,
  restartableConfig,
  signUpCode,
  TestClient,
  testApp,
} from '../test/helpers';
import { setTradePassword, TRADE_PASSWORD, WALLET } from '../test/money';
import { AttemptGate } from './rate-limit';

/**
 * Issue 26, "cluster-wide, atomic limits": server processes as apps on one Redis, their limits un-lifted.
 * Each decision is one Lua step in Redis, so a burst split over processes passes exactly the limit, the
 * password lock-out checks exactly 5 guesses, and a lock-out outlives the process that counted it.
 *
 * In the PostgreSQL run (vitest.stores.config.ts, postgres project) the apps share one database and the
 * run's Redis. Run without the stores' set-up, the file starts a Redis of its own and each app has its own
 * SQLite, so the same player is registered on each (the same registrations in the same order give the same
 * user id, and the limiter's keys are by user id).
 */
let redisUrl: string;
let own: LocalRedis | undefined;
beforeAll(async () => {
  if (process.env.TEST_REDIS_URL) redisUrl = process.env.TEST_REDIS_URL;
  else {
    own = await startRedis();
    redisUrl = own.url;
  }
});
afterAll(async () => {
  await own?.stop();
});

/** The processes of one cluster: one Redis namespace and, on PostgreSQL, one database. */
class Cluster {
  readonly apps: FastifyInstance[] = [];
  private readonly database;
  private readonly redis: Partial<Config>;

  constructor(url = redisUrl) {
    this.redis = { redisUrl: url, redisPrefix: `t:limits:${randomBytes(6).toString('hex')}:` };
    this.database = testConfig().databaseUrl ? restartableConfig('', this.redis) : undefined;
  }

  /** Whether the processes share one database (PostgreSQL). */
  get shared() {
    return this.database !== undefined;
  }

  async start(): Promise<FastifyInstance> {
    const config = this.database ? (await this.database).config : testConfig(this.redis);
    const app = await testApp({ config });
    this.apps.push(app);
    return app;
  }

  async stop(app: FastifyInstance) {
    this.apps.splice(this.apps.indexOf(app), 1);
    await app.close();
  }

  /** The player on `app` (registered there once, or on every app when each has its own database). */
  async player(app: FastifyInstance, spec: ReturnType<typeof newPlayer>, first?: TestClient): Promise<TestClient> {
    if (this.shared && first) {
      const client = new TestClient(app);
      client.cookie = first.cookie;
      return client;
    }
    return (await registerPlayer(app, spec)).client;
  }

  async close() {
    // The later ones first: on PostgreSQL the database is dropped once nobody holds it.
    for (const app of this.apps.splice(0).reverse()) await app.close();
    await (await this.database)?.drop();
  }
}

const clusters: Cluster[] = [];
const cluster = () => {
  const made = new Cluster();
  clusters.push(made);
  return made;
};
afterEach(async () => {
  for (const made of clusters.splice(0)) await made.close();
});

const login = (app: FastifyInstance, username: string, typed: string) =>
  new TestClient(app).post('/api/user/login', { username, password: hashed(typed) });
const tally = (codes: number[]) => {
  const counts: Record<number, number> = {};
  for (const code of codes) counts[code] = (counts[code] ?? 0) + 1;
  return counts;
};

describe('limits across processes on one Redis', () => {
  it('25 wrong passwords at once over two processes: exactly 5 checked, 20 locked, and the lock-out outlives a process', async () => {
    const c = cluster();
    const a = await c.start();
    const b = await c.start();
    const spec = newPlayer();
    const first = await c.player(a, spec);
    await c.player(b, spec, first);
    expect(a.limiter.lifted || b.limiter.lifted).toBe(false);

    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => login(i % 2 ? b : a, spec.username, `wrongpass${i}`)),
    );
    expect(tally(answers.map((answer) => answer.body.code))).toEqual({
      [Code.LOGIN_FAILED]: 5,
      [Code.ACCOUNT_LOCKED]: 20,
    });
    expect((await login(a, spec.username, spec.password)).body.code).toBe(Code.ACCOUNT_LOCKED);

    // One process goes, a new one starts on the same Redis: the lock-out is still there.
    await c.stop(b);
    const d = await c.start();
    await c.player(d, spec, first);
    const locked = await login(d, spec.username, spec.password);
    expect(locked.body).toMatchObject({ success: false, code: Code.ACCOUNT_LOCKED });
    expect(locked.body.msg).toMatch(/try again in 15 minutes/);

    // Timed by the virtual clock: a tester who moves it past the window opens the account again.
    expect((await opsClient(d).post('/ops/clock', { advance: '15m' })).body.success).toBe(true);
    expect((await login(d, spec.username, spec.password)).body.success).toBe(true);
  });

  it('registrations per address: exactly 10 of 30 at once over two processes', async () => {
    const c = cluster();
    const a = await c.start();
    const b = await c.start();
    const address = '10.201.0.7';
    // Each with its own sign-up code, texted from other addresses (the SMS limits are not the point here).
    const players = await Promise.all(
      Array.from({ length: 30 }, async () => {
        const player = newPlayer();
        return { ...player, smsCode: await signUpCode(a, player.phone) };
      }),
    );
    const answers = await Promise.all(
      players.map((player, i) =>
        new TestClient(i % 2 ? b : a, address).post('/api/user/custom/register', {
          username: player.username,
          password: hashed(player.password),
          phone: player.phone,
          agree: true,
          smsCode: player.smsCode,
        }),
      ),
    );
    expect(tally(answers.map((answer) => answer.body.code))).toEqual({
      [Code.OK]: 10,
      [Code.RATE_LIMITED]: 20,
    });
  });

  it('the transaction password: exactly 5 of 12 wrong guesses at once over two processes are checked', async () => {
    const c = cluster();
    const a = await c.start();
    const b = await c.start();
    const spec = newPlayer();
    const onA = await c.player(a, spec);
    await setTradePassword(onA);
    // Setting it rotates the session: B gets the new cookie (shared database) or sets it too (its own).
    const onB = await c.player(b, spec, onA);
    if (!c.shared) await setTradePassword(onB);

    const bind = (client: TestClient, typed: string) =>
      client.post('/api/user/bankCard/create', { ...WALLET, password: hashed(typed) });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => bind(i % 2 ? onB : onA, `guess${100 + i}`)));
    expect(tally(answers.map((answer) => answer.body.code))).toEqual({
      [Code.TRADE_PASSWORD_WRONG]: 5,
      [Code.ACCOUNT_LOCKED]: 7,
    });
    expect((await bind(onB, TRADE_PASSWORD)).body.code).toBe(Code.ACCOUNT_LOCKED);
  });

  it('places a killed process held come free when their lease ends (Redis time)', async () => {
    const c = cluster();
    const a = await c.start();
    const b = await c.start();
    const rule = { limit: 5, windowMs: 15 * 60_000 };
    // Process A takes every place with a short lease, then dies without releasing them.
    const taken = Date.now();
    for (let i = 0; i < rule.limit; i++) {
      const place = await a.cluster.broker.limits.reserve('test:gate', a.clock.nowMs(), rule, 500);
      expect(place.kind).toBe('reserved');
    }
    expect((await b.limiter.reserve('test:gate', rule)).kind).toBe('busy');
    await c.stop(a);
    const gate = new AttemptGate(b.limiter, rule);
    await expect(gate.guard('test:gate', async () => 'checked')).resolves.toBe('checked');
    expect(Date.now() - taken).toBeGreaterThanOrEqual(450);
  });

  it('a failure recorded a moment after another decision read its clock still counts for that decision', async () => {
    const c = cluster();
    const a = await c.start();
    const limits = a.cluster.broker.limits;
    const rule = { limit: 1, windowMs: 60_000 };
    const at = a.clock.nowMs();
    // Process B read its clock 5 ms later but reached Redis first; A decides with its earlier reading.
    await limits.record('test:skew', at + 5, rule.windowMs);
    expect(await limits.check('test:skew', at, rule)).toBeGreaterThan(0);
    expect((await limits.reserve('test:skew', at, rule, 1_000)).kind).toBe('locked');
    // A hit a tester's clock left far behind (set back an hour) neither counts nor is lost.
    expect(await limits.check('test:skew', at - 3_600_000, rule)).toBe(0);
    expect(await limits.check('test:skew', at, rule)).toBeGreaterThan(0);
  });

  it('10 reset SMS at once for one number over two processes: one sent, 9 refused by the cool-down', async () => {
    const c = cluster();
    const a = await c.start();
    const b = await c.start();
    for (const phone of ['9171234001', '9171234002']) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          new TestClient(i % 2 ? a : b).post('/api/user/sms/send/resetLoginPwd', { phone }),
        ),
      );
      const codes = answers.map((x) => x.body.code).sort((x, y) => x - y);
      expect(codes).toEqual([Code.OK, ...Array(9).fill(Code.SMS_COOLDOWN)]);
    }
  });

  it('a tester’s reset clears the limits of every process', async () => {
    const c = cluster();
    const a = await c.start();
    const b = await c.start();
    const rule = { limit: 2, windowMs: 60_000 };
    await a.limiter.consume('test:clear', rule);
    await b.limiter.consume('test:clear', rule);
    await expect(a.limiter.consume('test:clear', rule)).rejects.toMatchObject({ code: Code.RATE_LIMITED });
    await b.limiter.clear();
    expect(await a.limiter.retryAfter('test:clear', rule)).toBe(0);
  });
});

describe('Redis away', () => {
  it('a limited request fails closed: 503, Retry-After and 10010, never let through', async () => {
    const redis = await startRedis();
    const c = new Cluster(redis.url);
    try {
      const a = await c.start();
      await redis.stop();
      const player = newPlayer();
      const register = await new TestClient(a).post('/api/user/custom/register', {
        username: player.username,
        password: hashed(player.password),
        phone: player.phone,
        agree: true,
      });
      expect(register.status).toBe(503);
      expect(register.headers['retry-after']).toBe('5');
      expect(register.body).toMatchObject({ success: false, code: Code.SERVICE_UNAVAILABLE });
      const guess = await login(a, player.username, 'wrongpass1');
      expect(guess.status).toBe(503);
      expect(guess.body.code).toBe(Code.SERVICE_UNAVAILABLE);
    } finally {
      await c.close();
    }
  });
});
