import { expect } from 'vitest';
import { afterCommit } from '../db/context';
import type { Db } from '../db/port';

/**
 * The after-commit contract both adapters keep (db/context.ts): work registered inside a transaction runs
 * once the outermost one commits, never after a rollback, nor from a rolled-back savepoint; outside a
 * transaction it runs at once.
 */
export async function expectAfterCommitKept(db: Db): Promise<void> {
  const heard: string[] = [];
  await db.transaction(async () => {
    afterCommit(() => heard.push('kept'));
    await expect(
      db.transaction(async () => {
        afterCommit(() => heard.push('savepoint'));
        throw new Error('inner');
      })(),
    ).rejects.toThrow('inner');
    await db.transaction(async () => {
      afterCommit(() => heard.push('nested'));
    })();
    expect(heard).toEqual([]);
  })();
  expect(heard).toEqual(['kept', 'nested']);
  await expect(
    db.transaction(async () => {
      afterCommit(() => heard.push('rolled back'));
      throw new Error('no');
    })(),
  ).rejects.toThrow('no');
  afterCommit(() => heard.push('outside'));
  expect(heard).toEqual(['kept', 'nested', 'outside']);
}
