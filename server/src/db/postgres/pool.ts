import pg from 'pg';
import { commitScope, transactionContext } from '../context';
import type { Db, RunResult, Statement, SyncDb } from '../port';
import { dooms, isLost, isRetryable, type PgError, toPgError } from './errors';

/**
 * How long a transaction keeps being run again after serialization failures or deadlocks before the
 * failure reaches the caller (then answered 503 with Retry-After, db/unavailable.ts). A time, not a count:
 * under contention spread over processes one transaction of each conflicting pair commits, so every one
 * completes once the others ahead of it have; a count ran out under 200 concurrent withdrawals of one
 * account over two processes (issue 26). A retrying transaction holds one connection of the pool, not
 * the process: the other requests go on meanwhile.
 */
const RETRY_FOR_MS = 5_000;
/**
 * How many times a transaction whose connection was lost is run again (on a new connection) before the
 * failure reaches the caller: a count, so a stopped server costs a request well under a second, and the
 * process keeps answering (503) during an outage.
 */
const LOST_ATTEMPTS = 12;
/** Connections per process: as many transactions run at once; the others wait for one. */
const POOL_SIZE = Number(process.env.PG_POOL_SIZE ?? 10);
/** How long one statement may take before the caller gets an error instead of waiting on (a stuck server). */
const QUERY_TIMEOUT_MS = 60_000;

const backOff = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * 2 ** Math.min(attempt, 6)));

// Rows as SQLite answers them: 64-bit integers (COUNT, SUM, BIGINT columns) and numerics as numbers,
// booleans (a comparison in a select list) as 1 and 0, dates and times as the text PostgreSQL wrote.
const PARSERS: Record<number, (value: string) => unknown> = {
  20: Number,
  1700: Number,
  16: (v) => (v === 't' ? 1 : 0),
  1082: String,
  1114: String,
  1184: String,
};
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    PARSERS[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A database made from a template (tests): on the server of `admin` (its `postgres` url). */
export interface DatabaseCopy {
  admin: string;
  template: string;
  name: string;
}

/** Rows as arrays of values in column order, with the columns' names. */
export interface QueryAnswer {
  fields: string[];
  rows: unknown[][];
  rowCount: number;
}

/** One open transaction: its connection, and what the adapter knows of its state. */
interface Tx {
  db: PgPoolDb;
  client: pg.PoolClient;
  /** The failure that doomed the transaction: every statement fails until it ends. */
  doomed: PgError | undefined;
  savepoints: number;
  /** Its function settled: code still holding this context (a stray timer) is outside any transaction. */
  done: boolean;
  /** BEGIN was sent: it goes with the transaction's first statement (`send`), so one that ran none sends none. */
  begun: boolean;
}

const BEGIN = 'BEGIN ISOLATION LEVEL SERIALIZABLE';
/** A statement that only reads (a SELECT): run outside a transaction by mistake, it would change nothing. */
const isRead = (config: pg.QueryConfig | pg.QueryArrayConfig | string) =>
  /^\s*select\b/i.test(typeof config === 'string' ? config : config.text);

/** A statement's text, and the name it is prepared under on each connection that runs it. */
interface Prepared {
  sql: string;
  name: string;
  /** How many values it takes: its highest `$n`. */
  slots: number;
}

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
    private readonly db: PgPoolDb,
    private readonly prepared: Prepared,
  ) {}

  /** One value per `$n`, in order; an array is bound as a PostgreSQL array (`= any($1)`). */
  private query(params: unknown[]): Promise<pg.QueryArrayResult> {
    const { sql, name, slots } = this.prepared;
    if (params.length !== slots) throw new RangeError(`Expected ${slots} values, got ${params.length}`);
    return this.db.send({ text: sql, values: params.map(toParameter), name, rowMode: 'array' }) as never;
  }

  private shape(answer: pg.QueryArrayResult, row: unknown[]): unknown {
    if (this.mode === 'pluck') return row[0];
    if (this.mode === 'raw') return row;
    const object: Record<string, unknown> = {};
    answer.fields.forEach((field, i) => {
      object[field.name] = row[i];
    });
    return object;
  }

  async run(...params: unknown[]): Promise<RunResult> {
    const answer = await this.query(params);
    return { changes: answer.rowCount ?? 0 };
  }

  async get(...params: unknown[]): Promise<unknown> {
    const answer = await this.query(params);
    const row = answer.rows[0];
    return row === undefined ? undefined : this.shape(answer, row);
  }

  async all(...params: unknown[]): Promise<unknown[]> {
    const answer = await this.query(params);
    return answer.rows.map((row) => this.shape(answer, row));
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
 * The async storage port (`Db`) over PostgreSQL through a pool of `pg` connections: nothing ever blocks
 * the thread, and as many transactions run at once as the pool has connections.
 *
 * A statement outside a transaction takes any free connection for itself. A transaction takes one
 * connection from BEGIN to COMMIT; its statements, and its nested transactions (savepoints), are told
 * apart from everyone else's by the async context its function runs in (db/context.ts), so a statement of
 * another request never lands inside it. The outermost transaction is SERIALIZABLE and, after a
 * serialization failure, a deadlock or a lost connection, is rolled back and its function run again.
 *
 * Statements are PostgreSQL's own text (the query builder compiles the repos' per engine, db/builder),
 * never translated, and prepared once per connection (a named prepared statement).
 */
export class PgPoolDb implements Db {
  readonly engine = 'postgres';
  private readonly pool: pg.Pool;
  private readonly statements = new Map<string, Prepared>();
  /** The copy of a template being made (tests), awaited before the first connection. */
  private pending: Promise<void> | undefined;
  open = true;

  /** With `copy`, the database is first made from a template, and dropped after close. */
  constructor(
    readonly url: string,
    private readonly copy?: DatabaseCopy,
  ) {
    this.pool = new pg.Pool({
      connectionString: withSessionOptions(url, PLANNER_OPTIONS),
      max: POOL_SIZE,
      types,
      // A transaction's BEGIN is written with its first read (begin()); nothing else sends two queries at once.
      pipeline: true,
      connectionTimeoutMillis: 10_000,
      query_timeout: QUERY_TIMEOUT_MS,
    });
    // A connection that drops while idle, or while its transaction awaits other work, is reported on its
    // next statement (and the pool replaces it), never as an uncaught error of the process.
    this.pool.on('error', () => {});
    this.pool.on('connect', (client) => client.on('error', () => {}));
    if (copy) {
      this.pending = this.createCopy(copy).finally(() => {
        this.pending = undefined;
      });
      this.pending.catch(() => {});
    }
  }

  /** A copy of a template (tests): made before the first connection (FILE_COPY: about 3 times faster). */
  private async createCopy(copy: DatabaseCopy): Promise<void> {
    await onAdmin(copy.admin, async (admin) => {
      const version = Number((await admin.query('SHOW server_version_num')).rows[0].server_version_num);
      const strategy = version >= 150000 ? ' STRATEGY FILE_COPY' : '';
      await admin.query(`CREATE DATABASE ${quoteIdent(copy.name)} TEMPLATE ${quoteIdent(copy.template)}${strategy}`);
    });
  }

  /** The caller's open transaction on this database, if any. */
  private current(): Tx | undefined {
    const tx = transactionContext.getStore() as Tx | undefined;
    return tx !== undefined && tx.db === this && !tx.done ? tx : undefined;
  }

  get inTransaction(): boolean {
    return this.current() !== undefined;
  }

  /** Runs one query on the caller's transaction's connection, or on any free one outside a transaction. */
  async send<R extends pg.QueryResultRow>(
    config: pg.QueryConfig | pg.QueryArrayConfig | string,
  ): Promise<pg.QueryResult<R>> {
    if (this.pending) await this.pending;
    const tx = this.current();
    if (!tx) {
      try {
        return await this.pool.query<R>(config as pg.QueryConfig);
      } catch (error) {
        throw toPgError(error);
      }
    }
    if (tx.doomed) throw tx.doomed;
    try {
      if (!tx.begun) return await this.begin<R>(tx, config);
      return await tx.client.query<R>(config as pg.QueryConfig);
    } catch (error) {
      const failure = toPgError(error);
      if (dooms(failure)) tx.doomed = failure;
      throw failure;
    }
  }

  /**
   * Opens the transaction with its first statement. When that statement is a read, BEGIN and it are written
   * together and answered in one round trip (the connection is in pipeline mode): a transaction costs one
   * round trip less. Were BEGIN refused, the read would have run alone and changed nothing, and the
   * transaction fails. A first statement that writes waits for BEGIN's answer, so it never runs outside one.
   */
  private async begin<R extends pg.QueryResultRow>(
    tx: Tx,
    config: pg.QueryConfig | pg.QueryArrayConfig | string,
  ): Promise<pg.QueryResult<R>> {
    tx.begun = true;
    if (!isRead(config)) {
      await tx.client.query(BEGIN);
      return await tx.client.query<R>(config as pg.QueryConfig);
    }
    // One write for both: each query corks the socket for its own messages; this cork spans the two.
    const stream = (tx.client as unknown as { connection?: { stream?: { cork?(): void; uncork?(): void } } }).connection
      ?.stream;
    stream?.cork?.();
    let begin: Promise<unknown>;
    let first: Promise<pg.QueryResult<R>>;
    try {
      begin = tx.client.query(BEGIN);
      first = tx.client.query<R>(config as pg.QueryConfig);
    } finally {
      stream?.uncork?.();
    }
    const [opened, answered] = await Promise.allSettled([begin, first]);
    if (opened.status === 'rejected') throw opened.reason;
    if (answered.status === 'rejected') throw answered.reason;
    return answered.value;
  }

  /**
   * Runs `sql` in PostgreSQL's own dialect (`$1`, `$2` for `values`; not translated) in the caller's
   * transaction if any: rows as arrays of values in column order, with the columns' names (tooling).
   */
  async query(sql: string, values: unknown[] = []): Promise<QueryAnswer> {
    const answer = await this.send({ text: sql, values: values.map(toParameter), rowMode: 'array' });
    return {
      fields: answer.fields.map((f) => f.name),
      rows: answer.rows as unknown as unknown[][],
      rowCount: answer.rowCount ?? 0,
    };
  }

  // biome-ignore lint/complexity/noBannedTypes: the port's signature (better-sqlite3's).
  prepare<BindParameters extends unknown[] | {} = unknown[], Result = unknown>(
    source: string,
  ): BindParameters extends unknown[] ? Statement<BindParameters, Result> : Statement<[BindParameters], Result> {
    let prepared = this.statements.get(source);
    if (!prepared) {
      const slots = Math.max(0, ...Array.from(source.matchAll(/\$(\d+)/g), (m) => Number(m[1])));
      prepared = { sql: source, name: `s${this.statements.size + 1}`, slots };
      this.statements.set(source, prepared);
    }
    return new PgStatement(this, prepared) as never;
  }

  /** Runs `sql` as is (several statements allowed, no parameters): migrations, set-up. */
  async exec(source: string): Promise<void> {
    await this.send(source);
  }

  async pragma(source: string, options?: { simple?: boolean }): Promise<unknown> {
    // SQLite's settings (journal, locking, foreign keys) have no meaning here; the one check answers ok.
    if (/^\s*(quick|integrity)_check/i.test(source)) return options?.simple ? 'ok' : [{ quick_check: 'ok' }];
    return options?.simple ? undefined : [];
  }

  exclusive<T>(_fn: (db: SyncDb) => T): Promise<T> {
    return Promise.reject(new Error('exclusive() is SQLite only: PostgreSQL has no one connection to lend'));
  }

  transaction<A extends unknown[], T>(fn: (...params: A) => T | Promise<T>): (...params: A) => Promise<T> {
    return (...params: A) => {
      const tx = this.current();
      return tx ? this.nested(tx, () => fn(...params)) : this.outermost(() => fn(...params));
    };
  }

  private async nested<T>(tx: Tx, fn: () => T | Promise<T>): Promise<T> {
    if (tx.doomed) throw tx.doomed;
    tx.savepoints += 1;
    const name = `sp${tx.savepoints}`;
    await this.send(`SAVEPOINT ${name}`);
    const mark = commitScope.mark(tx);
    try {
      const value = await fn();
      if (tx.doomed) throw tx.doomed;
      await this.send(`RELEASE SAVEPOINT ${name}`);
      return value;
    } catch (error) {
      commitScope.cut(tx, mark);
      // A doomed transaction is rolled back whole by the outermost call, which runs it again.
      if (!tx.doomed) await this.send(`ROLLBACK TO SAVEPOINT ${name}; RELEASE SAVEPOINT ${name}`);
      throw error;
    }
  }

  private async outermost<T>(fn: () => T | Promise<T>): Promise<T> {
    if (this.pending) await this.pending;
    const deadline = Date.now() + RETRY_FOR_MS;
    const again = (cause: unknown, attempt: number) =>
      isRetryable(cause) ? Date.now() < deadline : attempt < LOST_ATTEMPTS;
    for (let attempt = 1; ; attempt += 1) {
      let client: pg.PoolClient;
      try {
        client = await this.pool.connect();
      } catch (error) {
        throw toPgError(error);
      }
      // BEGIN goes with the first statement (begin()); an idle connection the server dropped meanwhile fails
      // it as lost, and the transaction is run again on a new one.
      const tx: Tx = { db: this, client, doomed: undefined, savepoints: 0, done: false, begun: false };
      commitScope.begin(tx);
      let outcome: { ok: true; value: T } | { ok: false; error: unknown };
      try {
        outcome = { ok: true, value: await transactionContext.run(tx, fn) };
      } catch (error) {
        outcome = { ok: false, error };
      }
      tx.done = true;
      const cause = tx.doomed ?? (outcome.ok ? undefined : outcome.error);
      if (!tx.begun) {
        // It ran no statement: there is nothing to commit or roll back.
        client.release();
        commitScope.end(tx, outcome.ok);
        if (outcome.ok) return outcome.value;
        throw outcome.error;
      }
      if (cause === undefined && outcome.ok) {
        try {
          // A COMMIT whose connection is lost is not run again: it may have been applied.
          await client.query('COMMIT');
        } catch (error) {
          commitScope.end(tx, false);
          const failure = toPgError(error);
          // A failed COMMIT has ended the transaction (rolled back).
          client.release(isLost(failure) ? failure : undefined);
          if (isRetryable(failure) && again(failure, attempt)) {
            await backOff(attempt);
            continue;
          }
          throw failure;
        }
        client.release();
        commitScope.end(tx, true);
        return outcome.value;
      }
      commitScope.end(tx, false);
      if (isLost(cause)) client.release(cause as Error);
      else {
        try {
          await client.query('ROLLBACK');
          client.release();
        } catch (error) {
          // The connection is in no known state: it is closed rather than given to the next caller.
          client.release(error as Error);
          if (!dooms(cause)) throw toPgError(error);
        }
      }
      if (dooms(cause) && again(cause, attempt)) {
        await backOff(attempt);
        continue;
      }
      throw outcome.ok ? cause : outcome.error;
    }
  }

  async close(): Promise<void> {
    if (!this.open) return;
    this.open = false;
    if (this.pending) await this.pending.catch(() => {});
    await this.pool.end();
    // The server waits for the closed sessions to end before it drops the copy.
    const copy = this.copy;
    if (copy)
      await onAdmin(copy.admin, (admin) => admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(copy.name)}`)).catch(
        () => {},
      );
  }
}

/**
 * An index read costs about a page read on the SSDs a server has (PostgreSQL's default, 4, is for disks).
 * With the default, a point lookup in a small table (a few pages) is planned as a sequential scan, and under
 * SERIALIZABLE a sequential scan locks the whole table for conflicts: every concurrent writer of any of its
 * rows then conflicted with it (the counterparties' slots, the game launches). Set when each connection
 * starts (its startup options), so no statement runs before it.
 */
const PLANNER_OPTIONS = '-c random_page_cost=1.1';

/** `url` with `options` added to the session options (`-c name=value`) it may carry already. */
export function withSessionOptions(url: string, options: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('options', [parsed.searchParams.get('options'), options].filter(Boolean).join(' '));
  return parsed.toString();
}

/** Runs `work` on a short connection to the server's administrative database. */
async function onAdmin<T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}
