import fp from 'fastify-plugin';
import { Code } from '../../../shared/codes';
import type { Clock } from '../clock';
import { AppError } from '../errors';

export interface LimitRule {
  limit: number;
  windowMs: number;
}

/**
 * Sliding-window counters in memory, timed by the virtual clock (so testers can wait a lock out by
 * advancing it). One process serves the product, so memory is the right store.
 */
export class Limiter {
  private readonly hits = new Map<string, number[]>();
  private lastSweep = 0;
  /** Tests and scripts that make many players from one address lift every limit (createTestApp). */
  lifted = false;

  constructor(private readonly clock: Clock) {}

  /** Seconds until `key` may act again under `rule`, 0 when it may act now. Does not record. */
  retryAfter(key: string, rule: LimitRule): number {
    if (this.lifted) return 0;
    const now = this.clock.nowMs();
    const recent = this.recent(key, rule.windowMs, now);
    if (recent.length < rule.limit) return 0;
    const oldest = recent[recent.length - rule.limit] ?? now;
    return Math.max(1, Math.ceil((oldest + rule.windowMs - now) / 1000));
  }

  record(key: string): void {
    const now = this.clock.nowMs();
    const list = this.hits.get(key) ?? [];
    list.push(now);
    this.hits.set(key, list);
    this.sweep(now);
  }

  /** Records a hit, or throws RATE_LIMITED (with the wait in seconds) when the rule is already met. */
  consume(
    key: string,
    rule: LimitRule,
    code: typeof Code.RATE_LIMITED | typeof Code.ACCOUNT_LOCKED = Code.RATE_LIMITED,
  ): void {
    const seconds = this.retryAfter(key, rule);
    if (seconds > 0) throw new AppError(code, { params: { seconds } });
    this.record(key);
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  clear(): void {
    this.hits.clear();
  }

  private recent(key: string, windowMs: number, now: number): number[] {
    const list = (this.hits.get(key) ?? []).filter((t) => t > now - windowMs && t <= now);
    if (list.length) this.hits.set(key, list);
    else this.hits.delete(key);
    return list;
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    const day = 86_400_000;
    for (const [key, list] of this.hits) {
      if ((list[list.length - 1] ?? 0) < now - day) this.hits.delete(key);
    }
  }
}

/**
 * Guesses checked against a lock-out (passwords): a check reserves its place before it runs, so wrong
 * answers so far plus checks running never exceed the rule's limit. Parallel guesses wait for a place and
 * find the account locked once enough have failed: at most `limit` guesses per window are ever checked,
 * in parallel or not, while right answers are not serialised. The caller records a failure
 * (`limiter.record`) or clears the counter (`limiter.reset`) inside `check`, before its place is freed.
 */
export class AttemptGate {
  private readonly inFlight = new Map<string, number>();
  private readonly waiting = new Map<string, (() => void)[]>();

  constructor(
    private readonly limiter: Limiter,
    private readonly rule: LimitRule,
  ) {}

  /** Runs `check` once a place is free; throws ACCOUNT_LOCKED (with the wait) when the key is locked. */
  async guard<T>(key: string, check: () => Promise<T>): Promise<T> {
    await this.acquire(key);
    try {
      return await check();
    } finally {
      this.release(key);
    }
  }

  private async acquire(key: string): Promise<void> {
    const { limiter, rule } = this;
    for (;;) {
      const locked = limiter.retryAfter(key, rule);
      if (locked > 0) throw new AppError(Code.ACCOUNT_LOCKED, { params: { seconds: locked } });
      const running = this.inFlight.get(key) ?? 0;
      // Free while (failures so far + checks running) stays under the limit.
      if (running < rule.limit && limiter.retryAfter(key, { ...rule, limit: rule.limit - running }) === 0) {
        this.inFlight.set(key, running + 1);
        return;
      }
      await new Promise<void>((resolve) => {
        this.waiting.set(key, [...(this.waiting.get(key) ?? []), resolve]);
      });
    }
  }

  private release(key: string): void {
    const running = (this.inFlight.get(key) ?? 1) - 1;
    if (running > 0) this.inFlight.set(key, running);
    else this.inFlight.delete(key);
    const waiters = this.waiting.get(key) ?? [];
    this.waiting.delete(key);
    for (const wake of waiters) wake();
  }
}

export const rateLimitPlugin = fp(
  async (app) => {
    app.decorate('limiter', new Limiter(app.clock));
  },
  { name: 'rate-limit', dependencies: ['clock'] },
);

/**
 * Reward claims (VIP, friends, ranking, letters, codes, mall, poker draws), the endpoints marked
 * `rateLimit: 'claim'` in the contract: at most this many calls per player and minute, whatever the reward. Claims are idempotent anyway; the limit stops a script from
 * hammering the claim transactions. Generous enough for parallel race tests of one player.
 */
export const CLAIMS_PER_PLAYER: LimitRule = { limit: 120, windowMs: 60_000 };

export const consumeClaim = (limiter: Limiter, userId: number) =>
  limiter.consume(`claim:user:${userId}`, CLAIMS_PER_PLAYER);
