import fp from 'fastify-plugin';
import { Code } from '../../../shared/codes';
import type { Clock } from '../clock';
import { AppError } from '../errors';
import { KEEP_MS, type LimitRule, type LimitStore, MemoryLimitStore } from './limit-store';

export type { LimitRule } from './limit-store';

/** Seconds to wait, from the store's milliseconds (at least 1 while anything is left). */
const seconds = (ms: number) => (ms > 0 ? Math.max(1, Math.ceil(ms / 1000)) : 0);

/**
 * Sliding-window counters, timed by the virtual clock (so testers can wait a lock out by advancing it),
 * kept in a LimitStore (plugins/limit-store.ts): one process's memory by default, Redis with `REDIS_URL`
 * (the broker's `limits`). Each decision is one atomic step of the store, so a limit holds exactly
 * however the requests are spread over processes, and in Redis it survives their restarts. A decision
 * the store cannot make (Redis away) throws LimitsUnavailable: answered 503, never let through.
 */
export class Limiter {
  /** Tests and scripts that make many players from one address lift every limit (createTestApp). */
  lifted = false;

  constructor(
    private readonly clock: Clock,
    private readonly store: LimitStore = new MemoryLimitStore(),
  ) {}

  /** Seconds until `key` may act again under `rule`, 0 when it may act now. Does not record. */
  async retryAfter(key: string, rule: LimitRule): Promise<number> {
    if (this.lifted) return 0;
    return seconds(await this.store.check(key, this.clock.nowMs(), rule));
  }

  /** Records a hit whatever the count (a wrong password); `rule` says how long the hit matters. */
  async record(key: string, rule?: LimitRule): Promise<void> {
    await this.store.record(key, this.clock.nowMs(), (rule?.windowMs ?? 0) + KEEP_MS);
  }

  /** Records a hit, or throws RATE_LIMITED (with the wait in seconds) when the rule is already met. */
  async consume(
    key: string,
    rule: LimitRule,
    code: typeof Code.RATE_LIMITED | typeof Code.ACCOUNT_LOCKED | typeof Code.SMS_COOLDOWN = Code.RATE_LIMITED,
  ): Promise<void> {
    if (this.lifted) return this.record(key, rule);
    const wait = seconds(await this.store.consume(key, this.clock.nowMs(), rule));
    if (wait > 0) throw new AppError(code, { params: { seconds: wait } });
  }

  async reset(key: string): Promise<void> {
    await this.store.reset(key);
  }

  /** Forgets every key's hits, on every process (the store is shared). */
  async clear(): Promise<void> {
    await this.store.clear();
  }

  /** AttemptGate's place for one guess (see there). */
  reserve(key: string, rule: LimitRule) {
    return this.store.reserve(key, this.clock.nowMs(), rule, RESERVATION_LEASE_MS);
  }

  release(key: string, token: string): Promise<void> {
    return this.store.release(key, token);
  }
}

/**
 * How long a guess's place is held at most (real time): far longer than a check takes (argon2, ~15 ms),
 * short enough that the places of a process killed mid-check come free by themselves.
 */
export const RESERVATION_LEASE_MS = 30_000;
/** A guess waiting for a place asks again after this many ms, jittered (or at once on a local release). */
const POLL_MS = { min: 10, max: 40 };

/**
 * Guesses checked against a lock-out (passwords): a check reserves its place in the store before it runs,
 * in one atomic step, so wrong answers so far plus checks running (on any process) never exceed the
 * rule's limit. Parallel guesses wait for a place and find the account locked once enough have failed: at
 * most `limit` guesses per window are ever checked, in parallel or not, over any number of processes,
 * while right answers are not serialised. The caller records a failure (`limiter.record`) or clears the
 * counter (`limiter.reset`) inside `check`, before its place is freed. A place is a lease: one a killed
 * process held comes free after RESERVATION_LEASE_MS. Waiters ask again every 10-40 ms, and at once when a
 * check of this process ends.
 */
export class AttemptGate {
  private readonly waiting = new Map<string, Set<() => void>>();

  constructor(
    private readonly limiter: Limiter,
    private readonly rule: LimitRule,
  ) {}

  /** Runs `check` once a place is free; throws ACCOUNT_LOCKED (with the wait) when the key is locked. */
  async guard<T>(key: string, check: () => Promise<T>): Promise<T> {
    if (this.limiter.lifted) return check();
    const token = await this.acquire(key);
    try {
      return await check();
    } finally {
      await this.release(key, token);
    }
  }

  private async acquire(key: string): Promise<string> {
    for (;;) {
      const place = await this.limiter.reserve(key, this.rule);
      if (place.kind === 'reserved') return place.token;
      if (place.kind === 'locked') throw new AppError(Code.ACCOUNT_LOCKED, { params: { seconds: seconds(place.ms) } });
      await this.pause(key);
    }
  }

  /** A short jittered sleep, cut short by a release of this process. */
  private pause(key: string): Promise<void> {
    return new Promise<void>((resolve) => {
      const waiters = this.waiting.get(key) ?? new Set<() => void>();
      this.waiting.set(key, waiters);
      const wake = () => {
        clearTimeout(timer);
        waiters.delete(wake);
        if (!waiters.size && this.waiting.get(key) === waiters) this.waiting.delete(key);
        resolve();
      };
      const timer = setTimeout(wake, POLL_MS.min + Math.floor(Math.random() * (POLL_MS.max - POLL_MS.min)));
      waiters.add(wake);
    });
  }

  private async release(key: string, token: string): Promise<void> {
    try {
      await this.limiter.release(key, token);
    } catch {
      // The store is away: the lease frees the place by itself; the check's own answer stands.
    }
    for (const wake of [...(this.waiting.get(key) ?? [])]) wake();
  }
}

export const rateLimitPlugin = fp(
  async (app) => {
    app.decorate('limiter', new Limiter(app.clock, app.cluster.broker.limits));
  },
  { name: 'rate-limit', dependencies: ['clock', 'broker'] },
);

/**
 * Reward claims (VIP, friends, ranking, letters, codes, mall, poker draws), the endpoints marked
 * `rateLimit: 'claim'` in the contract: at most this many calls per player and minute, whatever the reward. Claims are idempotent anyway; the limit stops a script from
 * hammering the claim transactions. Generous enough for parallel race tests of one player.
 */
export const CLAIMS_PER_PLAYER: LimitRule = { limit: 120, windowMs: 60_000 };

export const consumeClaim = (limiter: Limiter, userId: number) =>
  limiter.consume(`claim:user:${userId}`, CLAIMS_PER_PLAYER);
