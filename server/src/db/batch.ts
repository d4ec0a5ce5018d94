import type { Db } from './database';

interface Item {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

const IN_TRANSACTION =
  'writeBatch.run called inside an open transaction: the unit would commit later, in another transaction; call it outside, or do the work directly in your transaction';
const ASYNC_UNIT =
  'writeBatch.run needs a synchronous unit: an async one would run its awaits after the commit, outside the transaction';

const isThenable = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';

/** At most this many calls share one commit (a bound on the time the event loop spends in one flush). */
const MAX_BATCH = 256;

/**
 * Group commit for hot money writes (provider wallet calls, withdrawals). Most of a small write
 * transaction's cost is its commit: appending every page it dirtied to the WAL, where the account's page
 * and the tails of the journal's indexes are the same pages from one call to the next. `run` queues a
 * synchronous unit of work; once per turn of the event loop the queued units run, in arrival order, inside
 * ONE transaction, each in its own savepoint, and commit together.
 *
 * What stays true: every unit is all-or-nothing (a unit that throws rolls back to its savepoint and its
 * caller gets the error, the others are unaffected); units see each other's effects in order, exactly as
 * if each had committed alone one after the other; no caller hears an answer before the commit holding
 * its unit succeeded (a failed commit rejects every unit of the batch, none of which is stored). The whole
 * batch runs in one synchronous call, so no other code (a read, a timer) ever sees it uncommitted.
 *
 * Two misuses are refused with an error naming them, because each would silently break the above:
 * - `run` inside an open transaction: the unit would commit later, in another transaction, after the
 *   caller's own transaction decided its fate (the caller's rollback would not undo it);
 * - an async unit (an async function, or one answering a promise): its awaits would run after the batch
 *   committed, outside any transaction. A unit that answers a promise is rolled back to its savepoint.
 */
export function createWriteBatch(db: Db) {
  let queue: Item[] = [];
  let scheduled: NodeJS.Immediate | undefined;
  // Called inside the batch's transaction, better-sqlite3 runs it as a savepoint.
  const unit = db.transaction((work: () => unknown) => {
    const value = work();
    if (isThenable(value)) throw new Error(ASYNC_UNIT);
    return value;
  });

  const runAll = db.transaction((items: Item[]) =>
    items.map((item): Outcome => {
      try {
        return { ok: true, value: unit(item.work) };
      } catch (error) {
        return { ok: false, error };
      }
    }),
  );

  function flush() {
    scheduled = undefined;
    while (queue.length > 0) {
      const items = queue.slice(0, MAX_BATCH);
      queue = queue.slice(items.length);
      let outcomes: Outcome[];
      try {
        outcomes = runAll(items);
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

  return {
    /** Runs `work` (synchronous, database only) in the next group commit; settles once that committed. */
    run<T>(work: () => T): Promise<T> {
      if (db.inTransaction) throw new Error(IN_TRANSACTION);
      if (work.constructor.name === 'AsyncFunction') throw new Error(ASYNC_UNIT);
      return new Promise<T>((resolve, reject) => {
        queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
        scheduled ??= setImmediate(flush);
      });
    },
    /** Runs what is queued now (closing the app). */
    flush() {
      if (scheduled) clearImmediate(scheduled);
      flush();
    },
  };
}

export type WriteBatch = ReturnType<typeof createWriteBatch>;
