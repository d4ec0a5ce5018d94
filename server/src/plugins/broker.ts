import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import { type LimitStore, MemoryLimitStore } from './limit-store';

/**
 * What several server processes share: the port of the infrastructure layer over which process memory
 * (socket pushes, session revocations, the tester's clock and faults, the scheduler lease) reaches the
 * other processes, and where the rate limits' windows are kept (`limits`). Two adapters: memory (the default: one process, nothing to start, no cost)
 * and Redis (`REDIS_URL`, plugins/broker.redis.ts). docs/deployment.md "Redis broker" lists every key and
 * channel.
 *
 * `publish` reaches the *other* processes: the publisher applies its own change in place, synchronously,
 * so one process behaves exactly as without a broker. Messages are JSON values.
 */
export interface Broker {
  readonly kind: 'memory' | 'redis';
  /** This process's id: the value of the leases it holds, the origin of what it publishes. */
  readonly id: string;
  /** Sends a message to every other process subscribed to the channel (fire and forget). */
  publish(channel: string, message: unknown): void;
  /** Hears the channel's messages from the other processes. */
  subscribe(channel: string, handler: (message: unknown) => void): () => void;
  /**
   * Asks every other process that answers on the channel (`answer`) and waits at most `timeoutMs` for
   * them all: their answers, and how many were asked but did not answer in time (`silent`).
   */
  ask(channel: string, question: unknown, timeoutMs: number): Promise<Asked>;
  /** Answers the other processes' `ask` on the channel (one answerer per channel and process). */
  answer(channel: string, answerer: Answerer): void;
  /** Adds `by` to a shared counter and returns the new value; the counter ends `ttlMs` after it was created. */
  incr(key: string, ttlMs: number, by?: number): Promise<number>;
  get(key: string): Promise<string | null>;
  /** Sets a shared value, kept `ttlMs` when given, else until replaced. */
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  del(key: string): Promise<void>;
  /**
   * Sets a shared value, kept until deleted, unless one is already set; answers the value held then (the
   * first writer's): how the processes of a cluster agree on one value, e.g. a key (captcha.ts).
   */
  claim(key: string, value: string): Promise<string>;
  /**
   * Competes for a lease held by one process at a time (SET NX PX), renewed every third of `ttlMs` while
   * held, tried again as often while not; released by `release()` and when the broker closes. A process
   * that stops renewing (killed, cut off) loses it when `ttlMs` runs out and another takes it.
   */
  lease(name: string, ttlMs: number): Lease;
  /**
   * The rate limiter's windows (plugins/rate-limit.ts), each decision one atomic step: in the memory of the
   * network's processes (memory), or in Redis, where they hold across processes and survive restarts.
   */
  readonly limits: LimitStore;
  close(): Promise<void>;
}

export type Answerer = (question: unknown) => unknown;
export interface Asked {
  answers: unknown[];
  silent: number;
}

/** Collects the answers to one ask: done when `expected` came or when the time is out. */
export class Gathering {
  readonly answers: unknown[] = [];
  private resolve: (asked: Asked) => void = () => undefined;
  readonly done = new Promise<Asked>((resolve) => {
    this.resolve = resolve;
  });
  private expected = Number.POSITIVE_INFINITY;
  private timer: NodeJS.Timeout | undefined;
  private finished = false;

  constructor(
    timeoutMs: number,
    private readonly ended: () => void,
  ) {
    this.timer = setTimeout(() => this.finish(), timeoutMs);
  }

  /** How many answers to wait for, known once the question was sent. */
  expect(count: number) {
    this.expected = count;
    if (this.answers.length >= count) this.finish();
  }

  /** An answer; one arriving after the end (too late) is dropped, the asker has moved on. */
  add(answer: unknown) {
    if (this.finished) return;
    this.answers.push(answer);
    if (this.answers.length >= this.expected) this.finish();
  }

  finish() {
    if (this.finished) return;
    this.finished = true;
    clearTimeout(this.timer);
    this.ended();
    const silent = Number.isFinite(this.expected) ? Math.max(0, this.expected - this.answers.length) : 0;
    this.resolve({ answers: this.answers, silent });
  }
}

export interface Lease {
  readonly name: string;
  /** This process holds the lease now (its last acquisition or renewal is younger than the ttl). */
  readonly held: boolean;
  /** Calls `listener` whenever `held` changes. */
  onChange(listener: (held: boolean) => void): () => void;
  release(): Promise<void>;
}

/** The scheduler lease: timers of scheduled work run on the process that holds it (see `app.cluster`). */
export const SCHEDULER_LEASE = 'scheduler';
export const SCHEDULER_LEASE_MS = 15_000;

/** What a lease adapter does underneath; the renewal loop around it is common (LeaseLoop). */
export interface LeaseStore {
  /** Takes the lease when free or already ours, for ttlMs; true when ours now. */
  acquire(name: string, owner: string, ttlMs: number): Promise<boolean> | boolean;
  /** Gives it back when ours. */
  release(name: string, owner: string): Promise<void> | void;
}

/** Acquires, renews and releases one lease through a LeaseStore. Lease time is real time, not the virtual clock. */
export class LeaseLoop implements Lease {
  private heldUntil = 0;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly listeners = new Set<(held: boolean) => void>();
  private wasHeld = false;

  constructor(
    readonly name: string,
    private readonly owner: string,
    private readonly ttlMs: number,
    private readonly store: LeaseStore,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {
    this.tick();
  }

  get held(): boolean {
    return !this.closed && Date.now() < this.heldUntil;
  }

  onChange(listener: (held: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private settle(ours: boolean, startedAt: number) {
    this.heldUntil = ours ? startedAt + this.ttlMs : 0;
    this.announce();
  }

  private announce() {
    const held = this.held;
    if (held === this.wasHeld) return;
    this.wasHeld = held;
    for (const listener of this.listeners) listener(held);
  }

  private tick() {
    if (this.closed) return;
    const startedAt = Date.now();
    try {
      const result = this.store.acquire(this.name, this.owner, this.ttlMs);
      if (typeof result === 'boolean') this.settle(result, startedAt);
      else
        result.then(
          (ours) => this.settle(ours, startedAt),
          (error) => {
            this.onError(error);
            this.announce();
          },
        );
    } catch (error) {
      this.onError(error);
    }
    this.timer = setTimeout(() => this.tick(), Math.max(10, Math.floor(this.ttlMs / 3)));
    this.timer.unref();
  }

  async release(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.timer);
    const had = this.heldUntil > 0;
    this.heldUntil = 0;
    this.announce();
    if (had) await this.store.release(this.name, this.owner);
  }
}

/**
 * Several memory brokers in one process that see each other (as Redis lets processes see each other):
 * each broker made without one has its own, so a lone process publishes to nobody. Tests give two apps
 * one network to run a cluster without Redis.
 */
export class MemoryNetwork {
  readonly members = new Set<MemoryBroker>();
  readonly values = new Map<string, { value: string; expiresAt: number }>();
  readonly limits = new MemoryLimitStore();
}

export class MemoryBroker implements Broker {
  readonly kind = 'memory' as const;
  readonly id = randomUUID();
  private readonly handlers = new Map<string, Set<(message: unknown) => void>>();
  private readonly answerers = new Map<string, Answerer>();
  private readonly leases = new Set<LeaseLoop>();

  constructor(private readonly network = new MemoryNetwork()) {
    network.members.add(this);
  }

  get limits(): LimitStore {
    return this.network.limits;
  }

  publish(channel: string, message: unknown): void {
    for (const member of this.network.members) {
      if (member === this) continue;
      const handlers = member.handlers.get(channel);
      if (!handlers?.size) continue;
      // Copied and delivered later, as over a wire: the receiver never shares the sender's objects.
      const copy = structuredClone(message);
      queueMicrotask(() => {
        for (const handler of handlers) handler(copy);
      });
    }
  }

  subscribe(channel: string, handler: (message: unknown) => void): () => void {
    const set = this.handlers.get(channel) ?? new Set();
    set.add(handler);
    this.handlers.set(channel, set);
    return () => set.delete(handler);
  }

  ask(channel: string, question: unknown, timeoutMs: number): Promise<Asked> {
    const gathering = new Gathering(timeoutMs, () => undefined);
    const asked = [...this.network.members].flatMap((member) => {
      const answerer = member === this ? undefined : member.answerers.get(channel);
      return answerer ? [answerer] : [];
    });
    for (const answerer of asked) {
      // Copied both ways and answered later, as over a wire; an answerer that throws stays silent.
      const copy = structuredClone(question);
      queueMicrotask(() => {
        Promise.resolve()
          .then(() => answerer(copy))
          .then((answer) => gathering.add(structuredClone(answer)))
          .catch(() => undefined);
      });
    }
    gathering.expect(asked.length);
    return gathering.done;
  }

  answer(channel: string, answerer: Answerer): void {
    this.answerers.set(channel, answerer);
  }

  private live(key: string) {
    const entry = this.network.values.get(key);
    if (entry && entry.expiresAt <= Date.now()) {
      this.network.values.delete(key);
      return undefined;
    }
    return entry;
  }

  async incr(key: string, ttlMs: number, by = 1): Promise<number> {
    const entry = this.live(key);
    const value = Number(entry?.value ?? 0) + by;
    this.network.values.set(key, { value: String(value), expiresAt: entry?.expiresAt ?? Date.now() + ttlMs });
    return value;
  }

  async get(key: string): Promise<string | null> {
    return this.live(key)?.value ?? null;
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    this.network.values.set(key, {
      value,
      expiresAt: ttlMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + ttlMs,
    });
  }

  async del(key: string): Promise<void> {
    this.network.values.delete(key);
  }

  async claim(key: string, value: string): Promise<string> {
    const held = this.live(key)?.value;
    if (held !== undefined) return held;
    this.network.values.set(key, { value, expiresAt: Number.POSITIVE_INFINITY });
    return value;
  }

  lease(name: string, ttlMs: number): Lease {
    const key = `lease:${name}`;
    const loop = new LeaseLoop(name, this.id, ttlMs, {
      // Synchronous here, so a lone process holds its leases from the first instant.
      acquire: (_name, owner, ttl) => {
        const entry = this.live(key);
        if (entry && entry.value !== owner) return false;
        this.network.values.set(key, { value: owner, expiresAt: Date.now() + ttl });
        return true;
      },
      release: (_name, owner) => {
        if (this.live(key)?.value === owner) this.network.values.delete(key);
      },
    });
    this.leases.add(loop);
    return loop;
  }

  async close(): Promise<void> {
    for (const lease of this.leases) await lease.release();
    this.network.members.delete(this);
    this.handlers.clear();
    this.answerers.clear();
  }
}

/** After a failure scheduled work waits this long before its next run, doubling up to the maximum. */
export const SCHEDULED_BACKOFF_MS = 1_000;
export const SCHEDULED_BACKOFF_MAX_MS = 60_000;

/**
 * Scheduled work that survives its engines (issue 26, "degrade, never die"): an exception or a rejection
 * is logged, never thrown out of a timer (which would end the process), and the next runs are skipped for
 * a back-off that doubles with each failure in a row and resets on a success. Time is the machine's, not
 * the virtual clock's: the back-off is about engines recovering, not about game time.
 */
export function resilient<A extends unknown[]>(
  work: (...args: A) => unknown,
  log: { error(obj: object, msg: string): void; warn?(obj: object, msg: string): void },
  name: string,
): (...args: A) => Promise<void> | undefined {
  let failures = 0;
  let resumeAt = 0;
  const failed = (err: unknown) => {
    failures += 1;
    const wait = Math.min(SCHEDULED_BACKOFF_MAX_MS, SCHEDULED_BACKOFF_MS * 2 ** (failures - 1));
    resumeAt = Date.now() + wait;
    log.error({ err, failures, retryInMs: wait }, `${name} failed; retrying in ${wait} ms`);
  };
  return (...args) => {
    if (Date.now() < resumeAt) return;
    try {
      const result = work(...args);
      if (result && typeof (result as Promise<unknown>).then === 'function')
        return (result as Promise<unknown>).then(() => {
          failures = 0;
        }, failed);
      failures = 0;
    } catch (err) {
      failed(err);
    }
    return undefined;
  };
}

/** What the rest of the server sees of the cluster. */
export interface Cluster {
  broker: Broker;
  /** The scheduler lease: held by exactly one process of the cluster (always by a lone process). */
  scheduler: Lease;
  /**
   * Wraps scheduled work (a timer's or a clock move's) so it runs only on the process holding the scheduler
   * lease, and never takes the process down: a throw or a rejected promise (the database or Redis away) is
   * logged and the work backs off (SCHEDULED_BACKOFF_MS, doubling), then runs again by itself.
   */
  scheduled<A extends unknown[]>(
    work: (...args: A) => unknown,
    name?: string,
  ): (...args: A) => Promise<void> | undefined;
}

export interface BrokerOptions {
  /** Use this broker (tests: memory brokers on one MemoryNetwork); else REDIS_URL's, else a lone memory broker. */
  broker?: Broker;
}

/**
 * The broker: `app.cluster`. With `config.redisUrl` it connects to Redis before anything else starts and
 * fails the start when Redis does not answer; without it, a memory broker (one process, as always).
 */
export const brokerPlugin = fp<BrokerOptions>(
  async (app, options) => {
    let broker = options.broker;
    if (!broker && app.config.redisUrl) {
      const { connectRedisBroker } = await import('./broker.redis');
      broker = await connectRedisBroker(app.config.redisUrl, app.log, app.config.redisPrefix);
    }
    broker ??= new MemoryBroker();
    const scheduler = broker.lease(SCHEDULER_LEASE, SCHEDULER_LEASE_MS);
    const cluster: Cluster = {
      broker,
      scheduler,
      scheduled: (work, name = 'scheduled work') => {
        const run = resilient(work, app.log, name);
        return (...args) => (scheduler.held ? run(...args) : undefined);
      },
    };
    app.decorate('cluster', cluster);
    app.addHook('onClose', async () => {
      await broker.close();
    });
  },
  { name: 'broker' },
);

declare module 'fastify' {
  interface FastifyInstance {
    cluster: Cluster;
  }
}
