/**
 * Where the rate limiter keeps its sliding windows (plugins/rate-limit.ts): the memory of one process (the
 * default) or Redis (`REDIS_URL`, limit-store.redis.ts), reached through the broker (`broker.limits`).
 * Every decision is ONE atomic step of the store, so counts hold exactly however the requests are spread
 * over processes, and in Redis they survive a restart of every process.
 *
 * Hits are timed by the virtual clock (`at`, passed in: testers who advance it wait a lock-out out), a
 * window being the hits in (at - windowMs, at + SKEW_MS]: a hit up to SKEW_MS after `at` counts (another
 * process read its clock a moment later but reached the store first), one further on (a tester set the clock
 * back) does not, until the clock reaches it again.
 * What must end whatever the virtual clock does is timed in real time: a key not hit for its window plus
 * KEEP_MS is dropped, and a guess's place (`reserve`) is a lease that ends `leaseMs` after it was taken.
 */

export interface LimitRule {
  limit: number;
  windowMs: number;
}

/** What a guess gets from `reserve`: its place, a wait (places are taken), or the lock-out's remaining ms. */
export type Reservation = { kind: 'reserved'; token: string } | { kind: 'busy' } | { kind: 'locked'; ms: number };

export interface LimitStore {
  /** Milliseconds until `key` may act again under `rule` (0: now). Records nothing. */
  check(key: string, at: number, rule: LimitRule): Promise<number>;
  /** As `check`, and records a hit when the answer is 0, in the same step. */
  consume(key: string, at: number, rule: LimitRule): Promise<number>;
  /** Records a hit whatever the count; the key is kept at least `keepMs` of real time. */
  record(key: string, at: number, keepMs: number): Promise<void>;
  /**
   * A place for one guess (AttemptGate): taken when the hits in the window plus the places held stay under
   * the limit; else `locked` when the hits alone reach it, `busy` when places are what block. The place is
   * held until `release` or for `leaseMs` of real time, whichever ends first.
   */
  reserve(key: string, at: number, rule: LimitRule, leaseMs: number): Promise<Reservation>;
  release(key: string, token: string): Promise<void>;
  /** Forgets the hits of `key`. */
  reset(key: string): Promise<void>;
  /** Forgets every key's hits (the tester's reset). */
  clear(): Promise<void>;
}

/**
 * How far after a decision's time a hit still counts. Without it, a guess whose clock read came a moment
 * before another process's recorded failure did not count that failure: 6 of 25 guesses were checked
 * over two processes instead of 5 (npm run test:chaos).
 */
export const SKEW_MS = 60_000;

/** Real time a key is kept past its window, so a frozen virtual clock keeps a lock-out and nothing lives forever. */
export const KEEP_MS = 86_400_000;

/**
 * The store could not decide (Redis away or too slow): the limiter fails closed. `lost` makes the envelope
 * answer it as storage unavailable (db/unavailable.ts): HTTP 503, Retry-After, code 10010; never allowed.
 */
export class LimitsUnavailable extends Error {
  override name = 'LimitsUnavailable';
  readonly lost = true;
}

interface Window {
  /** Virtual times, ascending. */
  hits: number[];
  /** Real time after which the key is dropped. */
  keepUntil: number;
}

/**
 * The memory store: the windows of one process, or of the apps on one MemoryNetwork (tests). Each call
 * runs to its end before any other starts (one thread), which is what makes it atomic.
 */
export class MemoryLimitStore implements LimitStore {
  private readonly windows = new Map<string, Window>();
  /** Places held, by key: token to the real time its lease ends. */
  private readonly places = new Map<string, Map<string, number>>();
  private lastSweep = 0;
  private nextToken = 0;

  private recent(key: string, at: number, windowMs: number): number[] {
    const found = this.windows.get(key);
    if (!found) return [];
    found.hits = found.hits.filter((t) => t > at - windowMs);
    if (!found.hits.length) this.windows.delete(key);
    return found.hits.filter((t) => t <= at + SKEW_MS);
  }

  private wait(recent: number[], at: number, rule: LimitRule): number {
    if (recent.length < rule.limit) return 0;
    const oldest = recent[recent.length - rule.limit] ?? at;
    return Math.max(1, oldest + rule.windowMs - at);
  }

  private add(key: string, at: number, keepMs: number): void {
    const now = Date.now();
    const found = this.windows.get(key) ?? { hits: [], keepUntil: 0 };
    found.hits.push(at);
    if (found.hits.length > 1 && (found.hits[found.hits.length - 2] as number) > at) found.hits.sort((a, b) => a - b);
    found.keepUntil = Math.max(found.keepUntil, now + keepMs);
    this.windows.set(key, found);
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [name, window] of this.windows) if (window.keepUntil < now) this.windows.delete(name);
  }

  async check(key: string, at: number, rule: LimitRule): Promise<number> {
    return this.wait(this.recent(key, at, rule.windowMs), at, rule);
  }

  async consume(key: string, at: number, rule: LimitRule): Promise<number> {
    const wait = this.wait(this.recent(key, at, rule.windowMs), at, rule);
    if (wait === 0) this.add(key, at, rule.windowMs + KEEP_MS);
    return wait;
  }

  async record(key: string, at: number, keepMs: number): Promise<void> {
    this.add(key, at, keepMs);
  }

  async reserve(key: string, at: number, rule: LimitRule, leaseMs: number): Promise<Reservation> {
    const recent = this.recent(key, at, rule.windowMs);
    const locked = this.wait(recent, at, rule);
    if (locked > 0) return { kind: 'locked', ms: locked };
    const now = Date.now();
    const held = this.places.get(key) ?? new Map<string, number>();
    for (const [token, until] of held) if (until <= now) held.delete(token);
    if (recent.length + held.size >= rule.limit) {
      if (!held.size) this.places.delete(key);
      return { kind: 'busy' };
    }
    const token = String(++this.nextToken);
    held.set(token, now + leaseMs);
    this.places.set(key, held);
    return { kind: 'reserved', token };
  }

  async release(key: string, token: string): Promise<void> {
    const held = this.places.get(key);
    held?.delete(token);
    if (held && !held.size) this.places.delete(key);
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async clear(): Promise<void> {
    this.windows.clear();
  }
}
