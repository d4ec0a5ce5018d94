import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The transaction, if any, the running code belongs to: one store for every adapter (SQLite's serial port
 * keeps its owner token in it, PostgreSQL's pool the transaction's own connection). Each adapter checks
 * that what it finds is its own and still open.
 */
export const transactionContext = new AsyncLocalStorage<unknown>();

/**
 * Runs `fn` as code that belongs to no transaction: what it starts (an event's listeners) waits for the
 * caller's open transaction like any other caller's work, instead of landing inside it.
 */
export const detached = <T>(fn: () => T): T => transactionContext.exit(fn);

/**
 * Work to run once the open transaction commits, by the transaction it belongs to (the store of
 * transactionContext the adapter opened it with). Dropped when it rolls back, and when a savepoint it was
 * registered in rolls back (cut back to that savepoint's mark).
 */
const onCommit = new Map<unknown, (() => void)[]>();

/** Runs `work` once the caller's transaction commits (never if it rolls back), or now outside one. */
export function afterCommit(work: () => void): void {
  const queued = onCommit.get(transactionContext.getStore());
  if (queued) queued.push(work);
  else work();
}

/** The adapters' side: an outermost transaction of `owner` begins (again, after a retry: a clean list). */
export const commitScope = {
  begin(owner: unknown): void {
    onCommit.set(owner, []);
  },
  /** Where a savepoint begins: what is registered after it goes if the savepoint rolls back. */
  mark(owner: unknown): number {
    return onCommit.get(owner)?.length ?? 0;
  },
  cut(owner: unknown, mark: number): void {
    onCommit.get(owner)?.splice(mark);
  },
  /** The transaction ended: committed (its work runs now, outside it) or not (its work is dropped). */
  end(owner: unknown, committed: boolean): void {
    const queued = onCommit.get(owner) ?? [];
    onCommit.delete(owner);
    if (!committed) return;
    // Every one runs; the first failure (a listener's bug) then reaches the caller, as an emit's would.
    const failures: unknown[] = [];
    detached(() => {
      for (const work of queued)
        try {
          work();
        } catch (error) {
          failures.push(error);
        }
    });
    if (failures.length > 0) throw failures[0];
  },
};
