import type { Db } from './database';

interface Item {
  work: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

const IN_TRANSACTION =
  'writeBatch.run called inside an open transaction: the unit would commit later, in another transaction; call it outside, or do the work directly in your transaction';

/** At most this many calls share one commit (a bound on the time one flush holds the connection). */
const MAX_BATCH = 256;

/**
 * Group commit for hot money writes (provider wallet calls, withdrawals) on SQLite. Most of a small write
 * transaction's cost is its commit: appending every page it dirtied to the WAL, where the account's page
 * and the tails of the journal's indexes are the same pages from one call to the next. `run` queues a unit
 * of work (database work only); once per turn of the event loop the queued units run, in arrival order,
 * inside ONE transaction, each in its own savepoint, and commit together.
 *
 * What stays true: every unit is all-or-nothing (a unit that throws rolls back to its savepoint and its
 * caller gets the error, the others are unaffected); units see each other's effects in order, exactly as
 * if each had committed alone one after the other; no caller hears an answer before the commit holding
 * its unit succeeded (a failed commit rejects every unit of the batch, none of which is stored). The batch
 * is one transaction of the async port, so no other caller's statement runs inside it or sees it
 * uncommitted.
 *
 * `run` inside an open transaction is refused with an error naming it: the unit would commit later, in
 * another transaction, after the caller's own transaction decided its fate (the caller's rollback would
 * not undo it).
 */
export function createWriteBatch(db: Db) {
  let queue: Item[] = [];
  let scheduled: NodeJS.Immediate | undefined;
  // Called inside the batch's transaction, the port runs it as a savepoint.
  const unit = db.transaction((work: () => Promise<unknown>) => work());

  const runAll = db.transaction(async (items: Item[]) => {
    const outcomes: Outcome[] = [];
    for (const item of items) {
      try {
        outcomes.push({ ok: true, value: await unit(item.work) });
      } catch (error) {
        outcomes.push({ ok: false, error });
      }
    }
    return outcomes;
  });

  async function flush() {
    scheduled = undefined;
    while (queue.length > 0) {
      const items = queue.slice(0, MAX_BATCH);
      queue = queue.slice(items.length);
      let outcomes: Outcome[];
      try {
        outcomes = await runAll(items);
      } catch (error) {
        for (const item of items) item.reject(error);
        continue;
      }
      items.forEach((item, i) => {
        const outcome = outcomes[i] as Outcome;
        if (outcome.ok) item.resolve(outcome.value);
        else item.reject(outcome.error);
      });
    }
  }

  // PostgreSQL: each unit is a transaction of its own on a connection of the pool. The server commits
  // concurrent transactions in one WAL flush by itself, and units of one batch would all wait on one
  // connection (and all run again when one met a serialization failure).
  if (db.engine === 'postgres') {
    const alone = db.transaction(<T>(work: () => T | Promise<T>) => work());
    return {
      run<T>(work: () => T | Promise<T>): Promise<T> {
        if (db.inTransaction) throw new Error(IN_TRANSACTION);
        return alone(work) as Promise<T>;
      },
      async flush() {},
    };
  }

  return {
    /** Runs `work` (database work only) in the next group commit; settles once that committed. */
    run<T>(work: () => T | Promise<T>): Promise<T> {
      if (db.inTransaction) throw new Error(IN_TRANSACTION);
      return new Promise<T>((resolve, reject) => {
        queue.push({ work: async () => work(), resolve: resolve as (value: unknown) => void, reject });
        scheduled ??= setImmediate(() => void flush());
      });
    },
    /** Runs what is queued now (closing the app). */
    async flush() {
      if (scheduled) clearImmediate(scheduled);
      await flush();
    },
  };
}

export type WriteBatch = ReturnType<typeof createWriteBatch>;
