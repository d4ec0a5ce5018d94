/**
 * The storage ports.
 *
 * `Db`, the one every repo, service and plugin holds, is asynchronous: a statement answers a promise, a
 * transaction runs an async function. Two adapters implement it: db/serial.ts over SQLite's one synchronous
 * connection (serializing the transactions on it), and db/postgres/pool.ts over a pool of PostgreSQL
 * connections. `SyncDb` is exactly the part of better-sqlite3's API the SQLite side needs: migrations, the
 * snapshot files and `exclusive` tooling use it directly.
 *
 * Anything added here must be implemented by every adapter: keep it to what the code calls.
 */

export interface RunResult {
  /** Rows inserted, updated or deleted by the statement. */
  changes: number;
}

/** better-sqlite3's answer to a write (PostgreSQL has no row id: a query there says RETURNING id). */
export interface SyncRunResult extends RunResult {
  /** The rowid of the row the last INSERT added. */
  lastInsertRowid: number | bigint;
}

export interface SyncStatement<BindParameters extends unknown[] = unknown[], Result = unknown> {
  run(...params: BindParameters): SyncRunResult;
  get(...params: BindParameters): Result | undefined;
  all(...params: BindParameters): Result[];
  iterate(...params: BindParameters): IterableIterator<Result>;
  /** From now on, answer the first column's value instead of a row object. */
  pluck(toggleState?: boolean): this;
  /** From now on, answer rows as arrays of values in column order. */
  raw(toggleState?: boolean): this;
}

// biome-ignore lint/suspicious/noExplicitAny: the same constraint as better-sqlite3's own typing.
type VariableArgFunction = (...params: any[]) => unknown;
type ArgumentTypes<F extends VariableArgFunction> = F extends (...args: infer A) => unknown ? A : never;

/**
 * A function that runs `fn` in a transaction: the outermost call begins and commits (or rolls back on a
 * throw), a call inside an open transaction is a savepoint. On PostgreSQL the outermost call is
 * SERIALIZABLE and runs `fn` again after a serialization failure, so `fn` must do nothing but database
 * work (or work that is safe to repeat) until it returns.
 */
export type Transaction<F extends VariableArgFunction> = (...params: ArgumentTypes<F>) => ReturnType<F>;

export interface SyncDb {
  // biome-ignore lint/complexity/noBannedTypes: better-sqlite3's own signature, so its Database is a Db as is.
  prepare<BindParameters extends unknown[] | {} = unknown[], Result = unknown>(
    source: string,
  ): BindParameters extends unknown[] ? SyncStatement<BindParameters, Result> : SyncStatement<[BindParameters], Result>;
  transaction<F extends VariableArgFunction>(fn: F): Transaction<F>;
  /** Runs one or more statements without parameters or results. */
  exec(source: string): this;
  /** SQLite's pragmas; PostgreSQL ignores the settings ones and answers the few checks the code makes. */
  pragma(source: string, options?: { simple?: boolean }): unknown;
  close(): this;
  readonly inTransaction: boolean;
  readonly open: boolean;
}

export interface Statement<BindParameters extends unknown[] = unknown[], Result = unknown> {
  run(...params: BindParameters): Promise<RunResult>;
  get(...params: BindParameters): Promise<Result | undefined>;
  all(...params: BindParameters): Promise<Result[]>;
  /** From now on, answer the first column's value instead of a row object. */
  pluck(toggleState?: boolean): this;
  /** From now on, answer rows as arrays of values in column order. */
  raw(toggleState?: boolean): this;
}

export interface Db {
  readonly engine: 'sqlite' | 'postgres';
  /**
   * A statement in this engine's own dialect, run as written (nothing translates it): values positional,
   * `?` on SQLite (better-sqlite3's named values too), `$1, $2, ...` on PostgreSQL. Code that runs on both
   * engines writes its queries with the query builder (db/builder: `prepareQuery`, `adHoc`), which compiles
   * them to this text per engine; a direct call is for text valid on both as is (`SELECT 1`) or one engine's
   * own statement.
   */
  // biome-ignore lint/complexity/noBannedTypes: better-sqlite3's own signature.
  prepare<BindParameters extends unknown[] | {} = unknown[], Result = unknown>(
    source: string,
  ): BindParameters extends unknown[] ? Statement<BindParameters, Result> : Statement<[BindParameters], Result>;
  /**
   * A function that runs `fn` in a transaction: the outermost call waits for the connection, begins, and
   * commits once `fn`'s promise resolves (rolls back when it rejects); a call from inside an open
   * transaction (its own async context) is a savepoint. On PostgreSQL the outermost call is SERIALIZABLE and
   * runs `fn` again after a serialization failure, so `fn` must do nothing but database work (or work that
   * is safe to repeat) until it returns, and must await nothing but this database.
   */
  transaction<A extends unknown[], T>(fn: (...params: A) => T | Promise<T>): (...params: A) => Promise<T>;
  /** Runs one or more statements in this engine's own dialect, without parameters or results (DDL, set-up). */
  exec(source: string): Promise<void>;
  /** SQLite's pragmas; PostgreSQL ignores the settings ones and answers the few checks the code makes. */
  pragma(source: string, options?: { simple?: boolean }): Promise<unknown>;
  /** Runs `fn` on the connection itself, synchronously, with no transaction of anyone else open (tooling). */
  exclusive<T>(fn: (db: SyncDb) => T): Promise<T>;
  close(): Promise<void>;
  /** Whether the caller (its async context) is inside a transaction of this database. */
  readonly inTransaction: boolean;
  readonly open: boolean;
}

/** Whether `db` is the PostgreSQL adapter (for the rare statement SQLite has and PostgreSQL has not). */
export const isPostgres = (db: Db | SyncDb): boolean => (db as { engine?: string }).engine === 'postgres';
