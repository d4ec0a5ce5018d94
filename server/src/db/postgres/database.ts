import type { SyncDb as Db, RunResult, SyncStatement as Statement, Transaction } from '../port';
import type { TxControl } from '../serial';
import { type DatabaseCopy, PgError, type QueryAnswer, SyncBridge } from './bridge';
import { type Translated, translate } from './translate';

/** SQLSTATEs after which a transaction may succeed when run again: serialization failure, deadlock. */
const RETRYABLE = new Set(['40001', '40P01']);
/**
 * How long a transaction keeps being run again after serialization failures, deadlocks or a lost
 * connection before the failure reaches the caller (then answered 503 with Retry-After, db/unavailable.ts).
 * A time, not a count: under contention spread over processes one transaction of each conflicting pair
 * commits, so every one completes once the others ahead of it have; a count ran out under 200 concurrent
 * withdrawals of one account over two processes (HTTP 500 in 5 of 10 bursts, issue 26). Short, because a
 * transaction holds the connection while it retries (no other statement of the process runs meanwhile,
 * health probes' included; `transaction`, the synchronous path of migrations and tooling, blocks the
 * thread too): 3 s is far more than the 200-withdrawal burst needs (it ends in 1.5 s).
 */
const RETRY_FOR_MS = 3_000;
/**
 * How many times a transaction whose connection was lost is run again (on a new connection) before the
 * failure reaches the caller: a count, so a stopped server costs a request well under a second of this
 * connection, not RETRY_FOR_MS, and the process keeps answering (503) during an outage.
 */
const LOST_ATTEMPTS = 12;

export const isRetryable = (error: unknown): boolean =>
  error instanceof PgError && error.code !== undefined && RETRYABLE.has(error.code);

/** The connection went (server restart, killed backend): the worker opens a new one for what comes next. */
export const isLost = (error: unknown): boolean => error instanceof PgError && error.lost;

/** A failure that dooms the open transaction: every later statement of it fails the same way. */
const dooms = (error: unknown): boolean => isRetryable(error) || isLost(error);

const sleep = new Int32Array(new SharedArrayBuffer(4));
/** Blocks the thread a little (a random, growing back-off) before a transaction's next attempt. */
const backOff = (attempt: number) => Atomics.wait(sleep, 0, 0, Math.random() * 2 ** Math.min(attempt, 6));
/** The same back-off without blocking the thread (the async port's transactions). */
const backOffAsync = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * 2 ** Math.min(attempt, 6)));

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !Buffer.isBuffer(v) && !(v instanceof Date);

function toParameter(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value === undefined) return null;
  return value;
}

type Mode = 'object' | 'pluck' | 'raw';

class PgStatement implements Statement {
  private mode: Mode = 'object';

  constructor(
    private readonly db: PgDatabase,
    private readonly translated: Translated,
    private readonly sql: string,
    private readonly name: string,
  ) {}

  private values(params: unknown[]): unknown[] {
    const { slots, named } = this.translated;
    if (named) {
      const bag = params.find(isPlainObject);
      if (!bag) throw new TypeError('Missing named parameters: bind an object');
      return slots.map((slot) => {
        if (typeof slot === 'number') return toParameter(params.filter((p) => !isPlainObject(p))[slot]);
        if (!(slot in bag)) throw new RangeError(`Missing named parameter "${slot}"`);
        return toParameter(bag[slot]);
      });
    }
    const flat = params.flat();
    if (flat.length !== slots.length)
      throw new RangeError(`Too ${flat.length < slots.length ? 'few' : 'many'} parameter values were provided`);
    return flat.map(toParameter);
  }

  private query(params: unknown[]): QueryAnswer {
    return this.db.query(this.sql, this.values(params), this.name);
  }

  private shape(answer: QueryAnswer, row: unknown[]): unknown {
    if (this.mode === 'pluck') return row[0];
    if (this.mode === 'raw') return row;
    const object: Record<string, unknown> = {};
    answer.fields.forEach((field, i) => {
      object[field] = row[i];
    });
    return object;
  }

  run(...params: unknown[]): RunResult {
    const answer = this.query(params);
    const last = answer.rows.at(-1);
    const id = this.translated.insertInto && last ? Number(last[0]) : 0;
    return { changes: answer.rowCount, lastInsertRowid: id };
  }

  get(...params: unknown[]): unknown {
    const answer = this.query(params);
    const row = answer.rows[0];
    return row === undefined ? undefined : this.shape(answer, row);
  }

  all(...params: unknown[]): unknown[] {
    const answer = this.query(params);
    return answer.rows.map((row) => this.shape(answer, row));
  }

  iterate(...params: unknown[]): IterableIterator<unknown> {
    return this.all(...params)[Symbol.iterator]();
  }

  pluck(toggleState = true): this {
    this.mode = toggleState ? 'pluck' : this.mode === 'pluck' ? 'object' : this.mode;
    return this;
  }

  raw(toggleState = true): this {
    this.mode = toggleState ? 'raw' : this.mode === 'raw' ? 'object' : this.mode;
    return this;
  }
}

/**
 * The synchronous storage port (`SyncDb`) over PostgreSQL, like better-sqlite3 (see SyncBridge); the
 * server's async port (db/serial.ts) runs over it, its transactions through `control`. Statements are
 * translated from SQLite's dialect once per text (translate.ts) and prepared once per connection (a named
 * prepared statement). Transactions: the outermost one is SERIALIZABLE and, on a serialization failure or
 * a deadlock, is rolled back and its function run again; a nested one is a SAVEPOINT.
 */
export class PgDatabase implements Db {
  readonly engine = 'postgres';
  private readonly bridge: SyncBridge;
  private readonly statements = new Map<string, { translated: Translated; sql: string; name: string }>();
  private readonly idColumns = new Map<string, boolean>();
  private depth = 0;
  /** The serialization failure that doomed the open transaction: every statement fails until it ends. */
  private doomed: PgError | undefined;
  private savepoints = 0;
  open = true;
  /** Called once the connection is closed (a test database drops itself). */
  afterClose: (() => void) | undefined;

  /** With `copy`, the database is first made from a template, and dropped after close (see SyncBridge). */
  constructor(
    readonly url: string,
    copy?: DatabaseCopy,
  ) {
    this.bridge = new SyncBridge(url, copy);
  }

  get inTransaction(): boolean {
    return this.depth > 0;
  }

  /** Runs `sql` on the connection as is (PostgreSQL's dialect, no parameters): migrations, set-up. */
  execRaw(sql: string): void {
    this.bridge.exec(sql, this.depth > 0);
  }

  query(sql: string, values: unknown[], name?: string): QueryAnswer {
    if (this.doomed) throw this.doomed;
    try {
      return this.bridge.query(sql, values, name, this.depth > 0);
    } catch (error) {
      if (this.depth > 0 && dooms(error)) this.doomed = error as PgError;
      throw error;
    }
  }

  /** SQLite's REPLACE as an upsert: on the table's primary key, every inserted column is overwritten. */
  private replaceClause({ table, columns }: { table: string; columns: string[] }): string {
    const key = this.bridge
      .query(
        `SELECT a.attname FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
       WHERE i.indrelid = $1::regclass AND i.indisprimary`,
        [table],
        undefined,
        this.depth > 0,
      )
      .rows.map((r) => String(r[0]));
    const set = columns.filter((c) => !key.includes(c)).map((c) => `${c} = excluded.${c}`);
    return `ON CONFLICT (${key.join(', ')}) ${set.length ? `DO UPDATE SET ${set.join(', ')}` : 'DO NOTHING'}`;
  }

  private hasIdColumn(table: string): boolean {
    let has = this.idColumns.get(table);
    if (has === undefined) {
      const answer = this.bridge.query(
        "SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 AND column_name = 'id'",
        [table],
        undefined,
        this.depth > 0,
      );
      has = answer.rows.length > 0;
      this.idColumns.set(table, has);
    }
    return has;
  }

  // biome-ignore lint/complexity/noBannedTypes: the port's signature (better-sqlite3's).
  prepare<BindParameters extends unknown[] | {} = unknown[], Result = unknown>(
    source: string,
  ): BindParameters extends unknown[] ? Statement<BindParameters, Result> : Statement<[BindParameters], Result> {
    let prepared = this.statements.get(source);
    if (!prepared) {
      const translated = translate(source);
      let sql = translated.sql;
      if (translated.orReplace) sql = `${sql.trimEnd()} ${this.replaceClause(translated.orReplace)}`;
      if (translated.insertInto) {
        if (this.hasIdColumn(translated.insertInto)) sql = `${sql.trimEnd().replace(/;$/, '')} RETURNING id`;
        else translated.insertInto = undefined;
      }
      prepared = { translated, sql, name: `s${this.statements.size + 1}` };
      this.statements.set(source, prepared);
    }
    const statement: Statement = new PgStatement(this, prepared.translated, prepared.sql, prepared.name);
    return statement as never;
  }

  exec(source: string): this {
    if (this.doomed) throw this.doomed;
    try {
      this.bridge.exec(translate(source).sql, this.depth > 0);
    } catch (error) {
      if (this.depth > 0 && dooms(error)) this.doomed = error as PgError;
      throw error;
    }
    return this;
  }

  pragma(source: string, options?: { simple?: boolean }): unknown {
    // SQLite's settings (journal, locking, foreign keys) have no meaning here; the one check answers ok.
    if (/^\s*(quick|integrity)_check/i.test(source)) return options?.simple ? 'ok' : [{ quick_check: 'ok' }];
    return options?.simple ? undefined : [];
  }

  /** A transaction's own statement; `tx`: it belongs to the open transaction (a lost connection fails it). */
  private send(sql: string, tx = this.depth > 0): void {
    try {
      this.bridge.exec(sql, tx);
    } catch (error) {
      if (this.depth > 0 && dooms(error)) this.doomed = error as PgError;
      throw error;
    }
  }

  // biome-ignore lint/suspicious/noExplicitAny: the same constraint as the port's.
  transaction<F extends (...params: any[]) => unknown>(fn: F): Transaction<F> {
    const db = this;
    const run = function (this: unknown, ...params: unknown[]) {
      return db.depth > 0 ? db.nested(fn, this, params) : db.outermost(fn, this, params);
    };
    return run as unknown as Transaction<F>;
  }

  private nested(fn: (...params: unknown[]) => unknown, self: unknown, params: unknown[]): unknown {
    if (this.doomed) throw this.doomed;
    this.savepoints += 1;
    const name = `sp${this.savepoints}`;
    this.send(`SAVEPOINT ${name}`);
    const depth = this.depth;
    this.depth = depth + 1;
    try {
      const value = fn.apply(self, params);
      if (this.doomed) throw this.doomed;
      this.send(`RELEASE SAVEPOINT ${name}`);
      return value;
    } catch (error) {
      // A doomed transaction is rolled back whole by the outermost call, which runs it again.
      if (!this.doomed) this.send(`ROLLBACK TO SAVEPOINT ${name}; RELEASE SAVEPOINT ${name}`);
      throw error;
    } finally {
      this.depth = depth;
    }
  }

  private outermost(fn: (...params: unknown[]) => unknown, self: unknown, params: unknown[]): unknown {
    const deadline = Date.now() + RETRY_FOR_MS;
    const again = (cause: unknown, attempt: number) =>
      isRetryable(cause) ? Date.now() < deadline : attempt < LOST_ATTEMPTS;
    for (let attempt = 1; ; attempt += 1) {
      this.send('BEGIN ISOLATION LEVEL SERIALIZABLE');
      this.depth = 1;
      this.doomed = undefined;
      this.savepoints = 0;
      let outcome: { ok: true; value: unknown } | { ok: false; error: unknown };
      try {
        outcome = { ok: true, value: fn.apply(self, params) };
      } catch (error) {
        outcome = { ok: false, error };
      }
      this.depth = 0;
      const doomed = this.doomed;
      this.doomed = undefined;
      if (outcome.ok && !doomed) {
        try {
          // Sent as the transaction's: a connection lost before it must not become a COMMIT of nothing on
          // a new one. A COMMIT whose connection is lost is not run again: it may have been applied.
          this.send('COMMIT', true);
          return outcome.value;
        } catch (error) {
          // A failed COMMIT has ended the transaction (rolled back).
          if (isRetryable(error) && again(error, attempt)) {
            backOff(attempt);
            continue;
          }
          throw error;
        }
      }
      const cause = doomed ?? (outcome.ok ? undefined : outcome.error);
      try {
        this.send('ROLLBACK');
      } catch (error) {
        // After a lost connection there is nothing to roll back, and the server may still be away.
        if (!isLost(cause)) throw error;
      }
      // A lost connection (before COMMIT) took the transaction with it: run again on a new one.
      if (dooms(cause) && again(cause, attempt)) {
        backOff(attempt);
        continue;
      }
      throw outcome.ok ? cause : outcome.error;
    }
  }

  /** The async port's transactions (db/serial.ts): the same as `transaction`'s, with `fn` awaited. */
  readonly control: TxControl = {
    nested: async <T>(fn: () => Promise<T>): Promise<T> => {
      if (this.doomed) throw this.doomed;
      this.savepoints += 1;
      const name = `sp${this.savepoints}`;
      this.send(`SAVEPOINT ${name}`);
      const depth = this.depth;
      this.depth = depth + 1;
      try {
        const value = await fn();
        if (this.doomed) throw this.doomed;
        this.send(`RELEASE SAVEPOINT ${name}`);
        return value;
      } catch (error) {
        if (!this.doomed) this.send(`ROLLBACK TO SAVEPOINT ${name}; RELEASE SAVEPOINT ${name}`);
        throw error;
      } finally {
        this.depth = depth;
      }
    },
    outermost: async <T>(fn: () => Promise<T>): Promise<T> => {
      const deadline = Date.now() + RETRY_FOR_MS;
      const again = (cause: unknown, attempt: number) =>
        isRetryable(cause) ? Date.now() < deadline : attempt < LOST_ATTEMPTS;
      for (let attempt = 1; ; attempt += 1) {
        this.send('BEGIN ISOLATION LEVEL SERIALIZABLE');
        this.depth = 1;
        this.doomed = undefined;
        this.savepoints = 0;
        let outcome: { ok: true; value: T } | { ok: false; error: unknown };
        try {
          outcome = { ok: true, value: await fn() };
        } catch (error) {
          outcome = { ok: false, error };
        }
        this.depth = 0;
        const doomed = this.doomed;
        this.doomed = undefined;
        if (outcome.ok && !doomed) {
          try {
            this.send('COMMIT', true);
            return outcome.value;
          } catch (error) {
            if (isRetryable(error) && again(error, attempt)) {
              await backOffAsync(attempt);
              continue;
            }
            throw error;
          }
        }
        const cause = doomed ?? (outcome.ok ? undefined : outcome.error);
        try {
          this.send('ROLLBACK');
        } catch (error) {
          if (!isLost(cause)) throw error;
        }
        if (dooms(cause) && again(cause, attempt)) {
          await backOffAsync(attempt);
          continue;
        }
        throw outcome.ok ? cause : outcome.error;
      }
    },
  };

  close(): this {
    if (!this.open) return this;
    this.open = false;
    this.bridge.close();
    this.afterClose?.();
    return this;
  }
}
