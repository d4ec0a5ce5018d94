import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import { REDIS_PREFIX } from '../config';
import { type Answerer, type Asked, type Broker, Gathering, type Lease, LeaseLoop } from './broker';
import type { LimitStore } from './limit-store';
import { RedisLimitStore } from './limit-store.redis';

/** How long the start waits for Redis to answer before it gives up. */
const CONNECT_TIMEOUT_MS = 5_000;

/** Adds `by` and starts the expiry when the key is new (or has none), in one step. */
const INCR_WITH_EXPIRY = `local v = redis.call('INCRBY', KEYS[1], ARGV[1])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return v`;
/** Takes the lease when free, renews it when ours: 1 when ours now. */
const ACQUIRE = `local v = redis.call('GET', KEYS[1])
if v == false then return redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2], 'NX') and 1 or 0 end
if v == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 end
return 0`;
/** Deletes the lease only when ours. */
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

export class RedisUnreachable extends Error {
  override name = 'RedisUnreachable';
}

type Client = ReturnType<typeof createClient>;

/** The Redis adapter: one connection for commands and publishing, one for subscriptions. */
class RedisBroker implements Broker {
  readonly kind = 'redis' as const;
  readonly id = randomUUID();
  private readonly handlers = new Map<string, Set<(message: unknown) => void>>();
  /** Each channel's SUBSCRIBE, done once the subscription is in place. */
  private readonly subscribed = new Map<string, Promise<void>>();
  private readonly leases = new Set<Lease>();
  private readonly gatherings = new Map<string, Gathering>();
  private answersHeard: Promise<void> | undefined;
  private lastErrorLogAt = 0;
  readonly limits: LimitStore;

  constructor(
    private readonly client: Client,
    private readonly subscriber: Client,
    private readonly log: FastifyBaseLogger,
    /** What every key and channel starts with (config.redisPrefix). */
    private readonly prefix: string,
  ) {
    this.limits = new RedisLimitStore(client, prefix, this.id);
  }

  /** Redis failures at run time are logged (at most one line a second), never thrown at the caller. */
  readonly failed = (error: unknown) => {
    const now = Date.now();
    if (now - this.lastErrorLogAt < 1000) return;
    this.lastErrorLogAt = now;
    this.log.error({ err: error }, 'redis broker: a command failed');
  };

  publish(channel: string, message: unknown): void {
    try {
      this.client.publish(this.prefix + channel, JSON.stringify({ o: this.id, m: message })).catch(this.failed);
    } catch (error) {
      this.failed(error);
    }
  }

  subscribe(channel: string, handler: (message: unknown) => void): () => void {
    let set = this.handlers.get(channel);
    if (!set) {
      const handlers = new Set<(message: unknown) => void>();
      set = handlers;
      this.handlers.set(channel, handlers);
      const subscribing = this.subscriber
        .subscribe(this.prefix + channel, (raw) => {
          let parsed: { o: string; m: unknown };
          try {
            parsed = JSON.parse(raw);
          } catch {
            return;
          }
          if (parsed.o === this.id) return;
          for (const h of handlers) {
            try {
              h(parsed.m);
            } catch (error) {
              this.log.error({ err: error, channel }, 'redis broker: a subscriber failed');
            }
          }
        })
        .catch(this.failed);
      this.subscribed.set(channel, subscribing);
    }
    set.add(handler);
    return () => set.delete(handler);
  }

  ask(channel: string, question: unknown, timeoutMs: number): Promise<Asked> {
    const id = randomUUID();
    const gathering = new Gathering(timeoutMs, () => this.gatherings.delete(id));
    this.gatherings.set(id, gathering);
    this.sendQuestion(channel, id, question).then(
      (asked) => gathering.expect(asked),
      (error) => {
        this.failed(error);
        gathering.finish();
      },
    );
    return gathering.done;
  }

  /**
   * PUBLISH answers how many subscriber connections heard the question: one per process answering on the
   * channel, this one's included when it answers too. So the asker knows how many answers to wait for.
   */
  private async sendQuestion(channel: string, id: string, question: unknown): Promise<number> {
    this.answersHeard ??= this.subscriber.subscribe(`${this.prefix}answers:${this.id}`, (raw) => {
      try {
        const { id: to, a } = JSON.parse(raw) as { id: string; a: unknown };
        this.gatherings.get(to)?.add(a);
      } catch (error) {
        this.failed(error);
      }
    });
    await this.answersHeard;
    const own = this.subscribed.get(`ask:${channel}`);
    if (own) await own;
    const message = JSON.stringify({ o: this.id, m: { id, from: this.id, q: question } });
    const heard = await this.client.publish(`${this.prefix}ask:${channel}`, message);
    return Number(heard) - (own ? 1 : 0);
  }

  answer(channel: string, answerer: Answerer): void {
    this.subscribe(`ask:${channel}`, (message) => {
      const { id, from, q } = message as { id: string; from: string; q: unknown };
      Promise.resolve()
        .then(() => answerer(q))
        .then((a) => this.client.publish(`${this.prefix}answers:${from}`, JSON.stringify({ id, a })))
        .catch(this.failed);
    });
  }

  async incr(key: string, ttlMs: number, by = 1): Promise<number> {
    const value = await this.client.eval(INCR_WITH_EXPIRY, {
      keys: [this.prefix + key],
      arguments: [String(by), String(ttlMs)],
    });
    return Number(value);
  }

  async get(key: string): Promise<string | null> {
    const value = await this.client.get(this.prefix + key);
    return value === null ? null : String(value);
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    await this.client.set(
      this.prefix + key,
      value,
      ttlMs === undefined ? undefined : { expiration: { type: 'PX', value: ttlMs } },
    );
  }

  async del(key: string): Promise<void> {
    await this.client.del(this.prefix + key);
  }

  async claim(key: string, value: string): Promise<string> {
    // SET NX: only the first writer's value is kept; then read what is kept (never expires, so it is there).
    await this.client.set(this.prefix + key, value, { condition: 'NX' });
    const held = await this.client.get(this.prefix + key);
    return held === null ? value : String(held);
  }

  lease(name: string, ttlMs: number): Lease {
    const key = `${this.prefix}lease:${name}`;
    const loop = new LeaseLoop(
      name,
      this.id,
      ttlMs,
      {
        acquire: async (_name, owner, ttl) =>
          Number(await this.client.eval(ACQUIRE, { keys: [key], arguments: [owner, String(ttl)] })) === 1,
        release: async (_name, owner) => {
          // Redis away: the command would wait in the queue for ever; the ttl ends the lease anyway.
          if (!this.client.isReady) return;
          await this.client.eval(RELEASE, { keys: [key], arguments: [owner] }).catch(this.failed);
        },
      },
      this.failed,
    );
    this.leases.add(loop);
    return loop;
  }

  async close(): Promise<void> {
    for (const lease of this.leases) await lease.release();
    for (const gathering of this.gatherings.values()) gathering.finish();
    this.handlers.clear();
    // A connection that is down closes at once: what waits in its queue would never be answered.
    const end = async (connection: Client) => (connection.isReady ? connection.close() : connection.destroy());
    await Promise.allSettled([end(this.subscriber), end(this.client)]);
  }
}

/**
 * Connects to REDIS_URL (a command connection and a subscriber connection), every key and channel under
 * `prefix`. Throws RedisUnreachable when
 * Redis does not answer within 5 s, so the server does not start half-shared. Once started, a lost
 * connection is retried by the client (every 50 ms to 2 s); meanwhile commands wait in its queue.
 */
export async function connectRedisBroker(
  url: string,
  log: FastifyBaseLogger,
  prefix: string = REDIS_PREFIX,
): Promise<Broker> {
  let started = false;
  const client = createClient({
    url,
    socket: {
      connectTimeout: CONNECT_TIMEOUT_MS,
      // Before the start succeeded: give up at once (the start fails loudly); after: keep trying.
      reconnectStrategy: (retries) => (started ? Math.min(50 * 2 ** retries, 2_000) : false),
    },
  });
  const subscriber = client.duplicate();
  let lastLogAt = 0;
  const onError = (error: unknown) => {
    if (!started || Date.now() - lastLogAt < 1000) return;
    lastLogAt = Date.now();
    log.error({ err: error }, 'redis broker: connection lost; retrying');
  };
  client.on('error', onError);
  subscriber.on('error', onError);
  try {
    await Promise.all([client.connect(), subscriber.connect()]);
    await client.ping();
  } catch (error) {
    for (const connection of [client, subscriber]) {
      try {
        connection.destroy();
      } catch {
        // already closed
      }
    }
    throw new RedisUnreachable(`Redis at ${url} did not answer (${(error as Error).message})`);
  }
  started = true;
  return new RedisBroker(client, subscriber, log, prefix);
}
