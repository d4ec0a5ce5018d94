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
