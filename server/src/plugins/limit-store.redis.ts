import { createHash } from 'node:crypto';
import type { createClient } from 'redis';
import { KEEP_MS, type LimitRule, type LimitStore, LimitsUnavailable, type Reservation, SKEW_MS } from './limit-store';

/** How long a limiter decision waits for Redis before the request is answered 503 (fail closed). */
export const LIMIT_TIMEOUT_MS = 2_000;

/**
 * One decision on one key, atomic (a Lua script runs alone in Redis). KEYS[1]: the hits, a sorted set
 * scored by virtual time, members unique per hit; KEYS[2]: the places of guesses being checked, scored by
 * the real time their lease ends (Redis's own TIME, so the processes' clocks do not matter).
 * ARGV: op (check, consume, record, reserve), at, at - windowMs, limit, windowMs, member, keepMs, leaseMs,
 * at + SKEW_MS.
 * Answers 0 (allowed; for reserve, the place is taken), -1 (reserve: places are taken, wait) or the
 * milliseconds until the oldest counted hit leaves the window.
 */
const DECIDE = `local hits, held = KEYS[1], KEYS[2]
local op, at, since = ARGV[1], ARGV[2], ARGV[3]
local limit, window, member, keep = tonumber(ARGV[4]), tonumber(ARGV[5]), ARGV[6], tonumber(ARGV[7])
local function kept(key, ms)
  local ttl = redis.call('PTTL', key)
  if ttl >= 0 and ttl < ms or ttl == -1 then redis.call('PEXPIRE', key, ms) end
end
if op == 'record' then
  redis.call('ZADD', hits, at, member)
  kept(hits, keep)
  return 0
end
redis.call('ZREMRANGEBYSCORE', hits, '-inf', since)
-- Hits up to SKEW_MS after 'at' count (another process read its clock a moment later but got here first);
-- later ones (a tester set the clock back) are kept, not counted, until the clock reaches them again.
local upto = ARGV[9]
local count = redis.call('ZCOUNT', hits, '(' .. since, upto)
if count >= limit then
  local oldest = redis.call('ZRANGEBYSCORE', hits, '(' .. since, upto, 'WITHSCORES', 'LIMIT', count - limit, 1)
  return math.max(1, tonumber(oldest[2]) + window - tonumber(at))
end
if op == 'consume' then
  redis.call('ZADD', hits, at, member)
  kept(hits, keep)
elseif op == 'reserve' then
  local time = redis.call('TIME')
  local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
  redis.call('ZREMRANGEBYSCORE', held, '-inf', now)
  if count + redis.call('ZCARD', held) >= limit then return -1 end
  local lease = tonumber(ARGV[8])
  redis.call('ZADD', held, now + lease, member)
  kept(held, lease)
end
return 0`;
const DECIDE_SHA = createHash('sha1').update(DECIDE).digest('hex');

type Client = ReturnType<typeof createClient>;

/** A glob pattern matching `text` literally. */
const literal = (text: string) => text.replace(/[*?[\]\\]/g, '\\$&');

/**
 * The Redis store: `<prefix>limit:hits:<key>` and `<prefix>limit:held:<key>` (docs/deployment.md), one
 * EVALSHA per decision (EVAL once when Redis does not know the script yet, e.g. after its restart). A
 * command that fails or takes longer than LIMIT_TIMEOUT_MS throws LimitsUnavailable: the request is
 * answered 503, never let through.
 */
export class RedisLimitStore implements LimitStore {
  private nextMember = 0;

  constructor(
    private readonly client: Client,
    private readonly prefix: string,
    /** This process's id (the broker's), so members are unique across processes. */
    private readonly origin: string,
  ) {}

  private member(): string {
    this.nextMember += 1;
    return `${this.origin}:${this.nextMember}`;
  }

  private hits = (key: string) => `${this.prefix}limit:hits:${key}`;
  private held = (key: string) => `${this.prefix}limit:held:${key}`;

  /**
   * Sends a command, answered within LIMIT_TIMEOUT_MS (a queued one is dropped then), or throws
   * LimitsUnavailable, at once while the connection is down.
   */
  private async send(args: string[]): Promise<unknown> {
    // Reconnecting: the command would only wait in the client's queue; answer at once instead.
    if (!this.client.isReady) throw new LimitsUnavailable('Redis is not connected (rate limits)');
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new LimitsUnavailable(`Redis did not answer within ${LIMIT_TIMEOUT_MS} ms (rate limits)`)),
        LIMIT_TIMEOUT_MS,
      );
    });
    try {
      return await Promise.race([this.client.sendCommand(args, { timeout: LIMIT_TIMEOUT_MS }), late]);
    } catch (error) {
      if (error instanceof LimitsUnavailable) throw error;
      if (/^NOSCRIPT/.test((error as Error)?.message ?? '')) throw error;
      throw new LimitsUnavailable(`Redis did not answer (rate limits): ${(error as Error)?.message ?? error}`, {
        cause: error,
      });
    } finally {
      clearTimeout(timer);
    }
  }

  private async decide(key: string, argv: (string | number)[]): Promise<number> {
    const tail = ['2', this.hits(key), this.held(key), ...argv.map(String)];
    let answer: unknown;
    try {
      answer = await this.send(['EVALSHA', DECIDE_SHA, ...tail]);
    } catch (error) {
      if (error instanceof LimitsUnavailable) throw error;
      answer = await this.send(['EVAL', DECIDE, ...tail]);
    }
    return Number(answer);
  }

  private args(op: string, at: number, rule: LimitRule, keepMs = rule.windowMs + KEEP_MS, leaseMs = 0) {
    return [op, at, at - rule.windowMs, rule.limit, rule.windowMs, this.member(), keepMs, leaseMs, at + SKEW_MS];
  }

  check(key: string, at: number, rule: LimitRule): Promise<number> {
    return this.decide(key, this.args('check', at, rule));
  }

  consume(key: string, at: number, rule: LimitRule): Promise<number> {
    return this.decide(key, this.args('consume', at, rule));
  }

  async record(key: string, at: number, keepMs: number): Promise<void> {
    await this.decide(key, this.args('record', at, { limit: 0, windowMs: 0 }, keepMs));
  }

  async reserve(key: string, at: number, rule: LimitRule, leaseMs: number): Promise<Reservation> {
    const argv = this.args('reserve', at, rule, undefined, leaseMs);
    const answer = await this.decide(key, argv);
    if (answer === 0) return { kind: 'reserved', token: String(argv[5]) };
    return answer < 0 ? { kind: 'busy' } : { kind: 'locked', ms: answer };
  }

  async release(key: string, token: string): Promise<void> {
    await this.send(['ZREM', this.held(key), token]);
  }

  async reset(key: string): Promise<void> {
    await this.send(['DEL', this.hits(key)]);
  }

  async clear(): Promise<void> {
    const pattern = `${literal(this.prefix)}limit:hits:*`;
    let cursor = '0';
    do {
      const [next, keys] = (await this.send(['SCAN', cursor, 'MATCH', pattern, 'COUNT', '500'])) as [string, string[]];
      cursor = String(next);
      if (keys.length) await this.send(['UNLINK', ...keys.map(String)]);
    } while (cursor !== '0');
  }
}
