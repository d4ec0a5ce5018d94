/**
 * The storage port: exactly the part of better-sqlite3's API the server uses, and nothing more. Every
 * repo, service and plugin holds a `Db` of this type. better-sqlite3's own `Database` satisfies it as is
 * (no wrapper, nothing added on SQLite's path); the PostgreSQL adapter (db/postgres/) implements it over a
 * worker thread it blocks on, so the domain code stays synchronous on both engines.
 *
 * Anything added here must be implemented by both adapters: keep it to what the code calls.
 */

export interface RunResult {
  /** Rows inserted, updated or deleted by the statement. */
  changes: number;
  /** The id of the row the last INSERT added (PostgreSQL: its RETURNING id). */
  lastInsertRowid: number | bigint;
}

export interface Statement<BindParameters extends unknown[] = unknown[], Result = unknown> {
  run(...params: BindParameters): RunResult;
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

export interface Db {
  // biome-ignore lint/complexity/noBannedTypes: better-sqlite3's own signature, so its Database is a Db as is.
  prepare<BindParameters extends unknown[] | {} = unknown[], Result = unknown>(
    source: string,
  ): BindParameters extends unknown[] ? Statement<BindParameters, Result> : Statement<[BindParameters], Result>;
  transaction<F extends VariableArgFunction>(fn: F): Transaction<F>;
  /** Runs one or more statements without parameters or results. */
  exec(source: string): this;
  /** SQLite's pragmas; PostgreSQL ignores the settings ones and answers the few checks the code makes. */
  pragma(source: string, options?: { simple?: boolean }): unknown;
  close(): this;
  readonly inTransaction: boolean;
  readonly open: boolean;
}

/** Whether `db` is the PostgreSQL adapter (for the rare statement SQLite has and PostgreSQL has not). */
export const isPostgres = (db: Db): boolean => (db as { engine?: string }).engine === 'postgres';
