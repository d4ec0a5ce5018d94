import fp from 'fastify-plugin';
import { Code } from '../../../shared/codes';
import type { Clock } from '../clock';
import { AppError } from '../errors';
import type { Broker } from './broker';

/** The broker channel of the limiter's hits, resets and clears (docs/deployment.md). */
const LIMIT_CHANNEL = 'limit';
type LimitMessage = { op: 'hit'; key: string; at: number } | { op: 'reset'; key: string } | { op: 'clear' };

export interface LimitRule {
  limit: number;
  windowMs: number;
}

/**
 * Sliding-window counters in memory, timed by the virtual clock (so testers can wait a lock out by
 * advancing it). Decisions stay local and synchronous (no round trip on a request); with a broker
 * linked, every hit, reset and clear is published and the other processes record it too, so the counts
 * add up across processes. A burst split over processes within one publish's delay (well under a
 * millisecond on one network) can let each process pass one hit the others have not heard yet.
 */
export class Limiter {
  private readonly hits = new Map<string, number[]>();
  private lastSweep = 0;
  private broker: Broker | undefined;
  /** Tests and scripts that make many players from one address lift every limit (createTestApp). */
  lifted = false;

  constructor(private readonly clock: Clock) {}

  /** Shares the counts with the other processes of the broker. */
  link(broker: Broker): void {
    this.broker = broker;
    broker.subscribe(LIMIT_CHANNEL, (raw) => {
      const message = raw as LimitMessage;
      if (message.op === 'hit') this.add(message.key, message.at);
      else if (message.op === 'reset') this.hits.delete(message.key);
      else this.hits.clear();
    });
  }

  private share(message: LimitMessage): void {
    this.broker?.publish(LIMIT_CHANNEL, message);
  }

  private add(key: string, at: number): void {
    const list = this.hits.get(key) ?? [];
    list.push(at);
    // Hits from other processes may arrive out of order; the window filters by time.
    if (list.length > 1 && (list[list.length - 2] as number) > at) list.sort((a, b) => a - b);
    this.hits.set(key, list);
    this.sweep(at);
  }

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
    this.add(key, now);
    this.share({ op: 'hit', key, at: now });
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
    this.share({ op: 'reset', key });
  }

  clear(): void {
    this.hits.clear();
    this.share({ op: 'clear' });
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
    const limiter = new Limiter(app.clock);
    limiter.link(app.cluster.broker);
    app.decorate('limiter', limiter);
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
