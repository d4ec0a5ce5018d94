import { commitScope, transactionContext as context } from './context';
import type { Db, RunResult, Statement, SyncDb, SyncStatement } from './port';

/** How a transaction begins, nests and ends: the outermost call runs `fn` between BEGIN and COMMIT, a nested one in a savepoint. */
export interface TxControl {
  outermost<T>(fn: () => Promise<T>): Promise<T>;
  nested<T>(fn: () => Promise<T>): Promise<T>;
}

/** SQLite's transactions on better-sqlite3's connection: BEGIN ... COMMIT, savepoints inside. */
export function sqliteControl(db: SyncDb): TxControl {
  let savepoints = 0;
  return {
    async outermost(fn) {
      db.exec('BEGIN');
      savepoints = 0;
      try {
        const value = await fn();
        db.exec('COMMIT');
        return value;
      } catch (error) {
        // A failed statement may have ended the transaction already (SQLite rolls back on some errors).
        if (db.inTransaction) db.exec('ROLLBACK');
        throw error;
      }
    },
    async nested(fn) {
      savepoints += 1;
      const name = `sp${savepoints}`;
      db.exec(`SAVEPOINT ${name}`);
      try {
        const value = await fn();
        db.exec(`RELEASE ${name}`);
        return value;
      } catch (error) {
        if (db.inTransaction) db.exec(`ROLLBACK TO ${name}; RELEASE ${name}`);
        throw error;
      }
    },
  };
}

type Owner = symbol;

/**
 * The asynchronous port (`Db`) over SQLite's one synchronous connection (better-sqlite3's). PostgreSQL has
 * an adapter of its own over a pool of connections (db/postgres/pool.ts).
 *
 * A statement runs at once, synchronously, and answers a settled promise, unless another caller's
 * transaction is open: then it waits until that transaction ended. A transaction holds the connection from
 * BEGIN to COMMIT across the awaits of its function; which statements and nested transactions are its own
 * is told by the async context the transaction runs its function in (AsyncLocalStorage), so a statement of
 * another request that happens to run between two of its awaits never lands inside it (nor sees what it
 * has not committed), and a nested call is a savepoint only when it really comes from inside.
 * Transactions and waiting statements are served in the order they asked (a promise mutex). Inside one,
 * nested transactions are awaited one at a time (never two at once under Promise.all).
 */
export class SerialDb implements Db {
  private owner: Owner | undefined;
  private waiters: (() => void)[] = [];

  constructor(
    readonly sync: SyncDb,
    private readonly control: TxControl,
    readonly engine: 'sqlite' | 'postgres',
  ) {}

  get inTransaction(): boolean {
    return this.owner !== undefined && this.free();
  }

  get open(): boolean {
    return this.sync.open;
  }

  /** Whether the caller may use the connection now: nobody's transaction is open, or the caller's own is. */
  private free(): boolean {
    return this.owner === undefined || context.getStore() === this.owner;
  }

  /** Takes the connection for a new transaction now if nobody holds it, else in turn (first come first served). */
  private acquire(): Promise<Owner> {
    if (this.owner === undefined) {
      this.owner = Symbol('transaction');
      return Promise.resolve(this.owner);
    }
    return new Promise<Owner>((resolve) =>
      this.waiters.push(() => {
        this.owner = Symbol('transaction');
        resolve(this.owner);
      }),
    );
  }

  /**
   * Ends the holder's turn and serves the queue in order, synchronously: waiting statements run now, until
   * a waiting transaction takes the connection. One waiter is called once (no herd waking to look again).
   */
  private release(): void {
    this.owner = undefined;
    while (this.owner === undefined && this.waiters.length > 0) (this.waiters.shift() as () => void)();
  }

  /** Runs `work` on the connection now when free, else once it is; the answer as a promise either way. */
  run<T>(work: () => T): Promise<T> {
    if (this.free()) {
      try {
        return Promise.resolve(work());
      } catch (error) {
        return Promise.reject(error);
      }
    }
    return new Promise<T>((resolve, reject) =>
      this.waiters.push(() => {
        try {
          resolve(work());
        } catch (error) {
          reject(error);
        }
      }),
    );
  }

  // biome-ignore lint/complexity/noBannedTypes: the port's signature.
  prepare<BindParameters extends unknown[] | {} = unknown[], Result = unknown>(
    source: string,
  ): BindParameters extends unknown[] ? Statement<BindParameters, Result> : Statement<[BindParameters], Result> {
    return new SerialStatement(this, this.sync.prepare(source)) as never;
  }

  transaction<A extends unknown[], T>(fn: (...params: A) => T | Promise<T>): (...params: A) => Promise<T> {
    return async (...params: A) => {
      if (this.inTransaction) {
        const owner = this.owner;
        const mark = commitScope.mark(owner);
        try {
          return await this.control.nested(async () => fn(...params));
        } catch (error) {
          commitScope.cut(owner, mark);
          throw error;
        }
      }
      const owner = await this.acquire();
      commitScope.begin(owner);
      let committed = false;
      try {
        const value = await context.run(owner, () => this.control.outermost(async () => fn(...params)));
        committed = true;
        return value;
      } finally {
        this.release();
        commitScope.end(owner, committed);
      }
    };
  }

  exec(source: string): Promise<void> {
    return this.run(() => {
      this.sync.exec(source);
    });
  }

  pragma(source: string, options?: { simple?: boolean }): Promise<unknown> {
    return this.run(() => this.sync.pragma(source, options));
  }

  exclusive<T>(fn: (db: SyncDb) => T): Promise<T> {
    return this.run(() => fn(this.sync));
  }

  async close(): Promise<void> {
    await this.acquire();
    try {
      this.sync.close();
    } finally {
      this.release();
    }
  }
}

class SerialStatement implements Statement {
  constructor(
    private readonly db: SerialDb,
    private readonly statement: SyncStatement,
  ) {}

  run(...params: unknown[]): Promise<RunResult> {
    return this.db.run(() => this.statement.run(...params));
  }

  get(...params: unknown[]): Promise<unknown> {
    return this.db.run(() => this.statement.get(...params));
  }

  all(...params: unknown[]): Promise<unknown[]> {
    return this.db.run(() => this.statement.all(...params));
  }

  pluck(toggleState = true): this {
    this.statement.pluck(toggleState);
    return this;
  }

  raw(toggleState = true): this {
    this.statement.raw(toggleState);
    return this;
  }
}

/** The async port over better-sqlite3's synchronous connection. */
export function serialize(sync: SyncDb): SerialDb {
  return new SerialDb(sync, sqliteControl(sync), 'sqlite');
}
