import { afterEach, describe, expect, it, vi } from 'vitest';
import { Code } from '../../../shared/codes';
import { allEndpoints, type Endpoint } from '../../../shared/contract';
import { Clock } from '../clock';
import { isAppError } from '../errors';
import { hashed, newPlayer, registerPlayer, TestClient, testApp } from '../test/helpers';
import { LimitsUnavailable, MemoryLimitStore } from './limit-store';
import { AttemptGate, CLAIMS_PER_PLAYER, consumeClaim, Limiter, RESERVATION_LEASE_MS } from './rate-limit';

/** Marked in the contract for the claims limit (route.ts counts these). */
const isClaimPath = (path: string) =>
  (allEndpoints as readonly Endpoint[]).some((e) => e.path === path && e.rateLimit === 'claim');

describe('the claims limit', () => {
  it('covers every claim, draw, code and mall order of the contract and nothing else', () => {
    const covered = allEndpoints.filter((e) => e.method === 'POST' && isClaimPath(e.path)).map((e) => e.path);
    expect(covered).toEqual(
      expect.arrayContaining([
        '/api/vip/card/daily/rewards/claim',
        '/api/friend/card/deposit/rewards/claim',
        '/api/invite/rankings/claim',
        '/api/letter/claim',
        '/api/redemption/code/use',
        '/api/mallExchange/order',
        '/api/poker/draw',
      ]),
    );
    expect(isClaimPath('/api/withdraw/create')).toBe(false);
    expect(isClaimPath('/api/user/login')).toBe(false);
  });

  it('refuses a player past the limit with the wait, per player, until the window passes', async () => {
    const clock = new Clock({ frozenAt: new Date('2026-11-20T02:00:00Z') });
    const limiter = new Limiter(clock);
    for (let i = 0; i < CLAIMS_PER_PLAYER.limit; i++) await consumeClaim(limiter, 1);
    let refused: unknown;
    try {
      await consumeClaim(limiter, 1);
    } catch (error) {
      refused = error;
    }
    expect(isAppError(refused) && refused.code).toBe(Code.RATE_LIMITED);
    expect(isAppError(refused) && refused.params).toEqual({ seconds: 60 });
    await expect(consumeClaim(limiter, 2)).resolves.toBeUndefined();
    clock.advance(CLAIMS_PER_PLAYER.windowMs);
    await expect(consumeClaim(limiter, 1)).resolves.toBeUndefined();
  });
});

describe('the claims limit on routes', () => {
  it('counts the calls of the endpoints marked for it, and only those', async () => {
    const app = await testApp();
    try {
      const { client, info } = await registerPlayer(app);
      const userId = (await app.services.users.byUid(info.uid))?.id as number;
      app.limiter.lifted = false;
      for (let i = 0; i < CLAIMS_PER_PLAYER.limit; i++) await app.limiter.record(`claim:user:${userId}`);
      expect((await client.post('/api/poker/draw')).body.code).toBe(Code.RATE_LIMITED);
      expect((await client.post('/api/letter/claim', { id: 1 })).body.code).toBe(Code.RATE_LIMITED);
      expect(
        (await client.post('/api/user/modifyPasswordTrade', { newPassword: hashed('trade123') })).body.success,
      ).toBe(true);
    } finally {
      await app.close();
    }
  });
});

describe('the attempt gate', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const rule = { limit: 5, windowMs: 15 * 60_000 };
  const setUp = () => {
    const clock = new Clock({ frozenAt: new Date('2026-11-20T02:00:00Z') });
    const limiter = new Limiter(clock);
    return { clock, limiter, gate: new AttemptGate(limiter, rule) };
  };

  it('checks exactly `limit` of many wrong guesses at once; the rest find the key locked until the window passes', async () => {
    const { clock, limiter, gate } = setUp();
    let checked = 0;
    const guess = () =>
      gate.guard('k', async () => {
        checked += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
        await limiter.record('k', rule);
        throw new Error('wrong');
      });
    const outcomes = await Promise.allSettled(Array.from({ length: 12 }, guess));
    const codes = outcomes.map((o) => (o.status === 'rejected' && isAppError(o.reason) ? o.reason.code : 'wrong'));
    expect(checked).toBe(5);
    expect(codes.filter((c) => c === 'wrong')).toHaveLength(5);
    expect(codes.filter((c) => c === Code.ACCOUNT_LOCKED)).toHaveLength(7);
    clock.advance(rule.windowMs);
    await expect(gate.guard('k', async () => 'right')).resolves.toBe('right');
  });

  it('a place never released (its process killed) comes free when its lease ends', async () => {
    vi.useFakeTimers({ now: Date.now(), toFake: ['Date'] });
    const { limiter, gate } = setUp();
    for (let i = 0; i < rule.limit; i++) expect((await limiter.reserve('k', rule)).kind).toBe('reserved');
    expect((await limiter.reserve('k', rule)).kind).toBe('busy');
    let passed = false;
    const waiting = gate.guard('k', async () => {
      passed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(passed).toBe(false);
    vi.advanceTimersByTime(RESERVATION_LEASE_MS);
    await waiting;
    expect(passed).toBe(true);
  });
});

describe('the memory store', () => {
  it('counts a hit recorded a moment after a decision’s clock read, and not one a clock set back left ahead', async () => {
    const store = new MemoryLimitStore();
    const rule = { limit: 1, windowMs: 60_000 };
    const at = Date.parse('2026-01-01T00:00:00Z');
    await store.record('k', at + 5, rule.windowMs);
    expect(await store.check('k', at, rule)).toBeGreaterThan(0);
    expect(await store.check('k', at - 3_600_000, rule)).toBe(0);
    expect(await store.check('k', at, rule)).toBeGreaterThan(0);
  });
});

describe('a store that cannot decide', () => {
  it('fails closed: 503 with Retry-After and 10010, and nothing done', async () => {
    const app = await testApp();
    try {
      vi.spyOn(app.cluster.broker.limits, 'consume').mockRejectedValue(
        new LimitsUnavailable('Redis did not answer within 2000 ms (rate limits)'),
      );
      const player = newPlayer();
      const answer = await new TestClient(app).post('/api/user/custom/register', {
        username: player.username,
        password: hashed(player.password),
        phone: player.phone,
        agree: true,
      });
      expect(answer.status).toBe(503);
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.body).toMatchObject({ success: false, code: Code.SERVICE_UNAVAILABLE });
      expect(await app.services.users.byUsername(player.username)).toBeUndefined();
    } finally {
      vi.restoreAllMocks();
      await app.close();
    }
  });
});
