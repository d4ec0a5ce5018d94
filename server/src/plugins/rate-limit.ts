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

export const rateLimitPlugin = fp(
  async (app) => {
    app.decorate('limiter', new Limiter(app.clock));
  },
  { name: 'rate-limit', dependencies: ['clock'] },
);

/**
 * Reward claims (VIP, friends, ranking, letters, codes, mall, poker draws): at most this many calls per
 * player and minute, whatever the reward. Claims are idempotent anyway; the limit stops a script from
 * hammering the claim transactions. Generous enough for parallel race tests of one player.
 */
export const CLAIMS_PER_PLAYER: LimitRule = { limit: 120, windowMs: 60_000 };

/** The user POST routes the claims limit covers, recognised by path so routes added later are covered. */
export const isClaimPath = (path: string) =>
  /\/(claim|draw)$|\/redemption\/code\/use$|\/mallExchange\/order$/.test(path);

export const consumeClaim = (limiter: Limiter, userId: number) =>
  limiter.consume(`claim:user:${userId}`, CLAIMS_PER_PLAYER);
