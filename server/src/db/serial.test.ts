import { setImmediate as tick } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectAfterCommitKept } from '../test/after-commit';
import type { Db } from './port';
import { serialize } from './serial';

/**
 * The async port over one connection (db/serial.ts): what a player racing two tabs, or a request that
 * happens to run between two awaits of another's transaction, must never see or do.
 */
describe('the async port over one SQLite connection', () => {
  let db: Db;
  const balance = async () => (await db.prepare('SELECT balance FROM accounts WHERE id = 1').pluck().get()) as number;
  /** Debits `amount` if the balance covers it, in one transaction with an await between read and write. */
  const debit = (amount: number) =>
    db.transaction(async () => {
      const before = await balance();
      await tick(); // another request's turn of the event loop, in the middle of the transaction
      if (before < amount) throw new Error('insufficient');
      await db.prepare('UPDATE accounts SET balance = balance - ? WHERE id = 1').run(amount);
      return before - amount;
    })();

  beforeEach(async () => {
    db = serialize(new Database(':memory:'));
    await db.exec('CREATE TABLE accounts (id INTEGER PRIMARY KEY, balance INTEGER NOT NULL CHECK (balance >= 0))');
    await db.prepare('INSERT INTO accounts (id, balance) VALUES (1, 100)').run();
  });
  afterEach(async () => {
    await db.close();
  });

  it('serializes two concurrent transactions: two tabs spending the same 100 cannot both succeed', async () => {
    const outcomes = await Promise.allSettled([debit(100), debit(100), debit(60), debit(60)]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(await balance()).toBe(0);
  });

  it('keeps a statement of another caller out of an open transaction, and from seeing what it has not committed', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tx = db.transaction(async () => {
      await db.prepare('UPDATE accounts SET balance = 0 WHERE id = 1').run();
      await held;
      throw new Error('rolled back');
    })();
    await tick();
    // Another request reads and writes while the transaction is open between two awaits.
    const read = balance();
    const write = db.prepare('UPDATE accounts SET balance = balance + 5 WHERE id = 1').run();
    let readDone = false;
    void read.then(() => {
      readDone = true;
    });
    await tick();
    expect(readDone).toBe(false);
    expect(db.inTransaction).toBe(false);
    release();
    await expect(tx).rejects.toThrow('rolled back');
    expect(await read).toBe(100); // never the uncommitted 0
    expect((await write).changes).toBe(1); // not rolled back with the transaction it waited for
    expect(await balance()).toBe(105);
  });

  it('runs a nested transaction as a savepoint: its failure rolls back only itself', async () => {
    const result = await db.transaction(async () => {
      await db.prepare('UPDATE accounts SET balance = balance - 10 WHERE id = 1').run();
      expect(db.inTransaction).toBe(true);
      await expect(
        db.transaction(async () => {
          await db.prepare('UPDATE accounts SET balance = balance - 50 WHERE id = 1').run();
          throw new Error('inner');
        })(),
      ).rejects.toThrow('inner');
      return balance();
    })();
    expect(result).toBe(90);
    expect(await balance()).toBe(90);
  });

  it('rolls back the whole transaction, savepoints included, when it fails', async () => {
    await expect(
      db.transaction(async () => {
        await db.transaction(async () => {
          await db.prepare('UPDATE accounts SET balance = 10 WHERE id = 1').run();
        })();
        await db.prepare('UPDATE accounts SET balance = balance - 5 WHERE id = 1').run();
        throw new Error('outer');
      })(),
    ).rejects.toThrow('outer');
    expect(await balance()).toBe(100);
  });

  it('does not count work a transaction left running after it committed as its own', async () => {
    let late: Promise<unknown> | undefined;
    await db.transaction(async () => {
      await db.prepare('UPDATE accounts SET balance = 50 WHERE id = 1').run();
      late = (async () => {
        await tick();
        await tick();
        // Runs after the commit: a transaction of its own, not a savepoint of a finished one.
        return db.transaction(async () => db.inTransaction)();
      })();
    })();
    const other = debit(10); // opens a transaction that the late work must wait for, not join
    expect(await late).toBe(true);
    expect(await other).toBe(40);
    expect(await balance()).toBe(40);
  });

  it('answers a failed statement as a rejected promise and keeps serving', async () => {
    await expect(db.prepare('UPDATE accounts SET balance = -1 WHERE id = 1').run()).rejects.toThrow(/CHECK/);
    await expect(debit(1000)).rejects.toThrow('insufficient');
    expect(await debit(1)).toBe(99);
  });

  it('runs afterCommit work once the outermost transaction commits: never after a rollback, nor from a rolled-back savepoint', async () => {
    await expectAfterCommitKept(db);
  });
});
